import type { Queryable } from '../../platform/db/database';
import { hitCounter, resetCounter, unhitCounter } from '../../platform/http/rate-counter.repository';

const WINDOW_SECONDS = 15 * 60;

/**
 * Failed sign-in limits. A hard block applies only to what the caller controls: one account from
 * one address (5 failures) and one address across accounts (30). Failures against one account from
 * anywhere (10) never lock it; they make further attempts on it require a solved captcha, so an
 * anonymous caller can slow an attack down but cannot lock the real user out.
 */
export const LOGIN_LIMITS = { pair: 5, address: 30, account: 10, windowSeconds: WINDOW_SECONDS } as const;

const keysOf = (account: string, address: string) => ({
  pair: `login:pair:${account}|${address}`,
  address: `login:ip:${address}`,
  account: `login:account:${account}`,
});

export type ThrottleVerdict = 'allowed' | 'blocked' | 'captcha';

export interface LoginAttempt {
  verdict: ThrottleVerdict;
  /** The attempt was refused before any password was checked: it does not count. */
  withdraw(): Promise<void>;
  /** The password was right: the account's failures and this address's count of them are cleared. */
  succeed(): Promise<void>;
}

/**
 * Counts a sign-in attempt BEFORE its password is checked, each counter with one atomic
 * increment that answers the new count, so concurrent guesses each see their own place: the 6th
 * guess of a pair is refused even when all arrive at once. An attempt that turns out wrong stays
 * counted; a refused one is withdrawn, so only checked passwords use up the limits. The account's
 * counter is touched only by attempts the caller's own limits let through, so a burst that is
 * blocked by address does not, while it is being withdrawn, push the account to a captcha.
 */
export async function countLoginAttempt(db: Queryable, account: string, address: string): Promise<LoginAttempt> {
  const key = keysOf(account, address);
  const pair = await hitCounter(db, key.pair, WINDOW_SECONDS);
  const byAddress = await hitCounter(db, key.address, WINDOW_SECONDS);
  const isBlocked = pair > LOGIN_LIMITS.pair || byAddress > LOGIN_LIMITS.address;
  const byAccount = isBlocked ? 0 : await hitCounter(db, key.account, WINDOW_SECONDS);
  const verdict: ThrottleVerdict = isBlocked ? 'blocked' : byAccount > LOGIN_LIMITS.account ? 'captcha' : 'allowed';
  return {
    verdict,
    async withdraw() {
      await unhitCounter(db, key.pair);
      await unhitCounter(db, key.address);
      if (!isBlocked) await unhitCounter(db, key.account);
    },
    async succeed() {
      await resetCounter(db, key.pair);
      await resetCounter(db, key.account);
      // A correct password is no failure of the address: shared offices sign in from one address.
      await unhitCounter(db, key.address);
    },
  };
}
