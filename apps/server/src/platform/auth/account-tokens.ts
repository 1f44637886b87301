import type { Queryable } from '../db/database';
import { queryOne } from '../db/database';
import { hmacHex, randomToken } from '../crypto/aead';

export type AccountTokenPurpose = 'activation' | 'team-activation' | 'password-reset';

/** How long each kind of link stays valid. */
export const ACCOUNT_TOKEN_TTL_SECONDS: Record<AccountTokenPurpose, number> = {
  activation: 7 * 24 * 3600,
  'team-activation': 7 * 24 * 3600,
  'password-reset': 60 * 60,
};

/**
 * Issues a link token (256 random bits) for a user and purpose, replacing any unused one of the
 * same purpose, so only the newest link works. Returns the token to put in the link; only its
 * HMAC is stored.
 */
export async function issueAccountToken(tx: Queryable, hmacKey: Buffer, userId: string, purpose: AccountTokenPurpose): Promise<string> {
  const token = randomToken(32);
  await tx.query('update account_tokens set used_at = now() where user_id = $1 and purpose = $2 and used_at is null', [userId, purpose]);
  await tx.query(
    `insert into account_tokens (user_id, purpose, token_hash, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [userId, purpose, hmacHex(hmacKey, token), ACCOUNT_TOKEN_TTL_SECONDS[purpose]],
  );
  return token;
}

/** The user a live token of this purpose belongs to, without using it up (to show a form). */
export async function peekAccountToken(
  db: Queryable,
  hmacKey: Buffer,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<string | null> {
  const row = await queryOne<{ user_id: string }>(
    db,
    'select user_id from account_tokens where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now()',
    [hmacHex(hmacKey, token), purpose],
  );
  return row?.user_id ?? null;
}

/**
 * Uses a token up and returns its user, or null when it is unknown, expired, already used or of
 * another purpose. Run inside the transaction that acts on it, so a failed action leaves it unused.
 */
export async function redeemAccountToken(
  tx: Queryable,
  hmacKey: Buffer,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<string | null> {
  const row = await queryOne<{ user_id: string }>(
    tx,
    `update account_tokens set used_at = now()
      where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now()
      returning user_id`,
    [hmacHex(hmacKey, token), purpose],
  );
  return row?.user_id ?? null;
}
