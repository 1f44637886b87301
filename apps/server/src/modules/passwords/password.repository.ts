import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';

/** An account as the password flows need it. */
export interface AccountUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  status: 'active' | 'pending' | 'archived';
  dataSegmentIds: string[];
  companyName: string;
  invitedBy: string | null;
}

function selectAccountUsers(db: Queryable) {
  return sqlOf(db)
    .selectFrom('users')
    .select(['id', 'email', 'firstName', 'lastName', 'status', 'dataSegmentIds', 'companyName', 'invitedBy']);
}

export async function getAccountUser(db: Queryable, userId: string): Promise<AccountUser | null> {
  return (await selectAccountUsers(db).where('id', '=', userId).executeTakeFirst()) ?? null;
}

/** The account a forgot-password request names, by e-mail address only. */
export async function findAccountByEmail(db: Queryable, email: string): Promise<AccountUser | null> {
  return (
    (await selectAccountUsers(db)
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst()) ?? null
  );
}

/** True when the account went from pending to active just now. */
export async function activateAccountUser(tx: Queryable, userId: string): Promise<boolean> {
  const result = await sqlOf(tx)
    .updateTable('users')
    .set({ status: 'active', updatedAt: sql`now()` })
    .where('id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
