import { createHash } from 'node:crypto';

/**
 * Which statements PostgreSQL should keep prepared. Planning a statement can cost several times
 * running it (a list query: about 0.8 ms to plan, 0.2 ms to run), so a statement the server sends
 * again and again is prepared once per connection and then only executed. Only statements that
 * recur are named: those seen `afterUses` times, short enough, and at most `maxNames` of them per
 * process, so one-off statements (a batch insert of some number of rows, an `in` list of some
 * length) never fill the connections' memory.
 */
export function createStatementNames(options: { afterUses?: number; maxNames?: number; maxLength?: number } = {}) {
  const afterUses = options.afterUses ?? 3;
  const maxNames = options.maxNames ?? 500;
  const maxLength = options.maxLength ?? 8_000;
  const names = new Map<string, string>();
  // Uses of statements not yet named; forgotten when it grows, so it stays small too.
  const uses = new Map<string, number>();

  return {
    /** The name to prepare `text` under, or undefined to send it unnamed (planned each time). */
    nameFor(text: string): string | undefined {
      const known = names.get(text);
      if (known !== undefined || names.size >= maxNames || text.length > maxLength) return known;
      const seen = (uses.get(text) ?? 0) + 1;
      if (seen < afterUses) {
        if (uses.size >= maxNames * 4) uses.clear();
        uses.set(text, seen);
        return undefined;
      }
      uses.delete(text);
      const name = `s_${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
      names.set(text, name);
      return name;
    },
  };
}
