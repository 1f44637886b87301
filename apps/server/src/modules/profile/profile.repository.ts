import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';
import { actorsChanged } from '../../platform/auth/actor-cache';

/** Whether another account already uses this e-mail address (compared case-insensitively, as the unique index does). */
export async function isEmailUsedByOther(db: Queryable, email: string, userId: string): Promise<boolean> {
  const row = await sqlOf(db)
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('id', '<>', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface OwnAccount {
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string | null;
}

/** The caller's own row, locked for the rest of the transaction that changes it. */
export async function lockOwnAccount(tx: Queryable, userId: string): Promise<OwnAccount | null> {
  const row = await sqlOf(tx)
    .selectFrom('users')
    .select(['firstName', 'lastName', 'email', 'passwordHash'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/** Only the fields of the profile form (first and last name, e-mail); nothing else of the row can be reached from here. */
export async function updateOwnProfile(
  tx: Queryable,
  userId: string,
  profile: { firstName: string; lastName: string; email: string },
): Promise<void> {
  await sqlOf(tx)
    .updateTable('users')
    .set({ firstName: profile.firstName, lastName: profile.lastName, email: profile.email, updatedAt: sql`now()` })
    .where('id', '=', userId)
    .execute();
  // The caller's name and e-mail are part of every signed-in request (audit records, the session profile).
  await actorsChanged(tx);
}
