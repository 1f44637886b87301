import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';

/** One round trip to the database: what readiness means. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await sql`select 1`.execute(sqlOf(db));
}
