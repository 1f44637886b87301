import { sql } from 'kysely';
import type { Queryable } from '../db/database';
import { sqlOf } from '../db/query-builder';

// A counter whose window started more than `windowSeconds` ago restarts.
const isWindowOver = (windowSeconds: number) => sql<boolean>`rate_counters.window_start <= now() - make_interval(secs => ${windowSeconds})`;

/**
 * Counts one hit against a fixed window and returns the count inside it, in one atomic upsert, so
 * concurrent hits are never lost and each caller sees its own place in the count. A window older
 * than `windowSeconds` restarts at 1.
 */
export async function hitCounter(db: Queryable, key: string, windowSeconds: number): Promise<number> {
  const row = await sqlOf(db)
    .insertInto('rateCounters')
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql`case when ${isWindowOver(windowSeconds)} then 1 else rate_counters.count + 1 end`,
        windowStart: sql`case when ${isWindowOver(windowSeconds)} then now() else rate_counters.window_start end`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Takes back one hit counted by hitCounter (an attempt that turned out to be allowed), never below 0. */
export async function unhitCounter(db: Queryable, key: string): Promise<void> {
  await sqlOf(db)
    .updateTable('rateCounters')
    .set({ count: sql`greatest(count - 1, 0)` })
    .where('key', '=', key)
    .execute();
}

export async function resetCounter(db: Queryable, key: string): Promise<void> {
  await sqlOf(db).deleteFrom('rateCounters').where('key', '=', key).execute();
}

/**
 * hitCounter with the window's remaining seconds, for limits that tell the caller when the window
 * resets (the public API's RateLimit-Reset header).
 */
export async function hitWindow(db: Queryable, key: string, windowSeconds: number): Promise<{ count: number; resetSeconds: number }> {
  const row = await sqlOf(db)
    .insertInto('rateCounters')
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql`case when ${isWindowOver(windowSeconds)} then 1 else rate_counters.count + 1 end`,
        windowStart: sql`case when ${isWindowOver(windowSeconds)} then now() else rate_counters.window_start end`,
      }),
    )
    .returning([
      'count',
      sql<number>`greatest(1, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now()))))::int`.as(
        'resetSeconds',
      ),
    ])
    .executeTakeFirstOrThrow();
  return row;
}
