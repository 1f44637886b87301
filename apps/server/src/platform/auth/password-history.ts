import { PASSWORD_HISTORY } from '@sanad/contracts/constants';
import type { Queryable } from '../db/database';
import { listRecentPasswordHashes, replacePasswordHash } from './password-history.repository';
import { hashPassword, verifyPassword } from './passwords';

/**
 * Whether the password equals any of the user's last 10 (AD-30, server side). The current password
 * is the newest of them; it is also read from the user row for accounts whose password predates
 * the history (the first administrator).
 */
export async function isPasswordReused(db: Queryable, userId: string, password: string): Promise<boolean> {
  for (const hash of new Set(await listRecentPasswordHashes(db, userId, PASSWORD_HISTORY))) {
    if (await verifyPassword(hash, password)) return true;
  }
  return false;
}

/**
 * Sets a user's password and records it in the history, keeping the last 10. The caller checks
 * the policy and reuse first, and ends the user's sessions where the flow requires it.
 */
export async function storeNewPassword(tx: Queryable, userId: string, password: string): Promise<void> {
  await replacePasswordHash(tx, userId, await hashPassword(password), PASSWORD_HISTORY);
}
