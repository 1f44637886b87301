import type { Queryable } from '../db/database';
import { queryOne } from '../db/database';

/**
 * Counts one hit against a fixed window and returns the count inside it, in one atomic upsert, so
 * concurrent hits are never lost. A window older than `windowSeconds` restarts at 1.
 */
export async function hitCounter(db: Queryable, key: string, windowSeconds: number): Promise<number> {
  const row = await queryOne<{ count: number }>(
    db,
    `insert into rate_counters as c (key, window_start, count) values ($1, now(), 1)
     on conflict (key) do update
       set count = case when c.window_start <= now() - make_interval(secs => $2) then 1 else c.count + 1 end,
           window_start = case when c.window_start <= now() - make_interval(secs => $2) then now() else c.window_start end
     returning count`,
    [key, windowSeconds],
  );
  return row?.count ?? 0;
}

/** The hits inside the current window, without counting one. */
export async function peekCounter(db: Queryable, key: string, windowSeconds: number): Promise<number> {
  const row = await queryOne<{ count: number }>(
    db,
    `select count from rate_counters where key = $1 and window_start > now() - make_interval(secs => $2)`,
    [key, windowSeconds],
  );
  return row?.count ?? 0;
}

export async function resetCounter(db: Queryable, key: string): Promise<void> {
  await db.query('delete from rate_counters where key = $1', [key]);
}
