/**
 * How many calls refused for their key (missing, malformed or unknown) are written to the API logs.
 * Such a call costs an attacker nothing, so each one cannot become a row: per fixed one-minute
 * window, at most PER_ADDRESS entries from one address and GLOBAL entries in all are written; the
 * rest are only counted, and the first entry of the next window says how many were skipped.
 * The budget is per server process (docs/decisions/api-logs.md).
 */
export const REFUSED_CALL_LOG_LIMITS = { perAddress: 10, global: 300, windowMs: 60_000 } as const;

export interface RefusedCallBudget {
  /** Whether this call's entry is written; when it is, how many were skipped since the last written one. */
  take(address: string): { isLogged: false } | { isLogged: true; skipped: number };
}

export function createRefusedCallBudget(
  limits: { perAddress: number; global: number; windowMs: number } = REFUSED_CALL_LOG_LIMITS,
  now: () => number = Date.now,
): RefusedCallBudget {
  let windowStart = now();
  let total = 0;
  let skipped = 0;
  // Holds at most `global` addresses: an address is added only when its entry is written.
  let perAddress = new Map<string, number>();
  return {
    take(address) {
      const at = now();
      if (at - windowStart >= limits.windowMs) {
        windowStart = at;
        total = 0;
        perAddress = new Map();
      }
      const used = perAddress.get(address) ?? 0;
      if (total >= limits.global || used >= limits.perAddress) {
        skipped += 1;
        return { isLogged: false };
      }
      total += 1;
      perAddress.set(address, used + 1);
      const result = { isLogged: true as const, skipped };
      skipped = 0;
      return result;
    },
  };
}
