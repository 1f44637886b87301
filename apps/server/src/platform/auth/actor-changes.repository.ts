import { sql } from 'kysely';
import type { Queryable } from '../db/database';
import { sqlOf } from '../db/query-builder';

/** Every process listens on this channel and forgets the callers it knows when anything is said on it. */
export const ACTORS_CHANGED_CHANNEL = 'sanad_actors_changed';

/** Says on the channel that signed-in callers changed; inside a transaction, PostgreSQL sends it only if it commits. */
export async function notifyActorsChanged(target: Queryable): Promise<void> {
  await sql`select pg_notify(${ACTORS_CHANGED_CHANNEL}, '')`.execute(sqlOf(target));
}
