import { PASSWORD_HISTORY } from '@sanad/contracts/constants';
import type { Queryable } from '../db/database';
import { hashPassword, verifyPassword } from './passwords';

export const PASSWORD_REUSED_MESSAGE = `You cannot reuse any of your last ${PASSWORD_HISTORY} passwords`;

/** Whether the password equals the current one or any of the user's last 10 (AD-30, server side). */
export async function isPasswordReused(db: Queryable, userId: string, password: string): Promise<boolean> {
  const { rows } = await db.query<{ password_hash: string }>(
    `select password_hash from (
       select password_hash, created_at from password_history where user_id = $1
       -- union, not union all: the current hash is usually also the newest history row.
       union
       select password_hash, password_changed_at from users where id = $1 and password_hash is not null
     ) as previous order by created_at desc nulls last limit $2`,
    [userId, PASSWORD_HISTORY],
  );
  for (const row of rows) {
    if (await verifyPassword(row.password_hash, password)) return true;
  }
  return false;
}

/**
 * Sets a user's password and records it in the history, keeping the last 10. The caller checks
 * the policy and reuse first, and ends the user's sessions where the flow requires it.
 */
export async function storeNewPassword(tx: Queryable, userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await tx.query('update users set password_hash = $2, password_changed_at = now(), updated_at = now() where id = $1', [userId, passwordHash]);
  await tx.query('insert into password_history (user_id, password_hash) values ($1, $2)', [userId, passwordHash]);
  await tx.query(
    `delete from password_history where user_id = $1 and id not in (
       select id from password_history where user_id = $1 order by created_at desc, id desc limit $2)`,
    [userId, PASSWORD_HISTORY],
  );
}
