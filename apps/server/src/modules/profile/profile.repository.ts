import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';

/** Whether another account already uses this e-mail address (compared case-insensitively, as the unique index does). */
export async function isEmailUsedByOther(db: Queryable, email: string, userId: string): Promise<boolean> {
  const row = await queryOne<{ id: string }>(db, 'select id from users where lower(email) = lower($1) and id <> $2 limit 1', [
    email,
    userId,
  ]);
  return row !== null;
}

export interface OwnAccount {
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string | null;
}

/** The caller's own row, locked for the rest of the transaction that changes it. */
export async function lockOwnAccount(tx: Queryable, userId: string): Promise<OwnAccount | null> {
  return queryOne<OwnAccount>(tx, 'select first_name, last_name, email, password_hash from users where id = $1 for update', [userId]);
}

/** Only the fields of 001 §3's profile payload; nothing else of the row can be reached from here. */
export async function updateOwnProfile(
  tx: Queryable,
  userId: string,
  profile: { firstName: string; lastName: string; email: string },
): Promise<void> {
  await tx.query('update users set first_name = $2, last_name = $3, email = $4, updated_at = now() where id = $1', [
    userId,
    profile.firstName,
    profile.lastName,
    profile.email,
  ]);
}
