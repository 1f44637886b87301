import { PASSWORD_HISTORY } from '@sanad/contracts/constants';
import type { Queryable } from '../db/database';
import { hashPassword, verifyPassword } from './passwords';

export const PASSWORD_REUSED_MESSAGE = `You cannot reuse any of your last ${PASSWORD_HISTORY} passwords`;

/**
 * Whether the password equals any of the user's last 10 (AD-30, server side). The current password
 * is the newest of them; it is also read from the user row for accounts whose password predates
 * the history (the first administrator).
 */
export async function isPasswordReused(db: Queryable, userId: string, password: string): Promise<boolean> {
  const history = await db.query<{ password_hash: string }>(
    'select password_hash from password_history where user_id = $1 order by created_at desc, id desc limit $2',
    [userId, PASSWORD_HISTORY],
  );
  const current = await db.query<{ password_hash: string | null }>('select password_hash from users where id = $1', [userId]);
  const hashes = new Set(history.rows.map((row) => row.password_hash));
  const currentHash = current.rows[0]?.password_hash;
  if (currentHash) hashes.add(currentHash);
  for (const hash of hashes) {
    if (await verifyPassword(hash, password)) return true;
  }
  return false;
}

/**
 * Sets a user's password and records it in the history, keeping the last 10. The caller checks
 * the policy and reuse first, and ends the user's sessions where the flow requires it.
 */
export async function storeNewPassword(tx: Queryable, userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  // A password set outside this function (first start, the CLI, an older version) joins the
  // history before it is replaced, so it too stays refused for the next 10 changes.
  await tx.query(
    `insert into password_history (user_id, password_hash, created_at)
     select u.id, u.password_hash, least(coalesce(u.password_changed_at, u.created_at), now()) from users u
      where u.id = $1 and u.password_hash is not null
        and not exists (select 1 from password_history h where h.user_id = u.id and h.password_hash = u.password_hash)`,
    [userId],
  );
  await tx.query('update users set password_hash = $2, password_changed_at = now(), updated_at = now() where id = $1', [
    userId,
    passwordHash,
  ]);
  await tx.query('insert into password_history (user_id, password_hash) values ($1, $2)', [userId, passwordHash]);
  await tx.query(
    `delete from password_history where user_id = $1 and id not in (
       select id from password_history where user_id = $1 order by created_at desc, id desc limit $2)`,
    [userId, PASSWORD_HISTORY],
  );
}
