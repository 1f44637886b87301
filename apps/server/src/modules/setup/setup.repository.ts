import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';

// Any fixed number shared by every process that might run the first start at once.
const FIRST_START_LOCK = 727274002;

/** Serialises first starts of concurrent replicas until the caller's transaction ends. */
export async function lockFirstStart(tx: Queryable): Promise<void> {
  await sql`select pg_advisory_xact_lock(${FIRST_START_LOCK})`.execute(sqlOf(tx));
}

export async function hasAnyUser(db: Queryable): Promise<boolean> {
  const row = await sqlOf(db).selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The installation's first administrator: active, of every segment (an empty list), with the given password hash. */
export async function insertFirstAdministrator(
  tx: Queryable,
  input: { email: string; username: string; companyName: string; roleId: string; passwordHash: string },
): Promise<string> {
  const row = await sqlOf(tx)
    .insertInto('users')
    .values({
      firstName: 'System',
      lastName: 'Administrator',
      ...input,
      kyb: true,
      userGuide: true,
      dataSegmentIds: [],
      status: 'active',
      passwordChangedAt: sql`now()`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
