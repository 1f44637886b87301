import { hmacHex, randomToken } from '../crypto/aead';
import type { Queryable } from '../db/database';
import { findLiveAccountToken, replaceAccountToken, useAccountToken, type AccountTokenPurpose } from './account-token.repository';

export type { AccountTokenPurpose };

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
  await replaceAccountToken(tx, { userId, purpose, tokenHash: hmacHex(hmacKey, token), ttlSeconds: ACCOUNT_TOKEN_TTL_SECONDS[purpose] });
  return token;
}

/** The user and purpose of a live token among `purposes`, without using it up (to show a form). */
export async function peekAccountToken(
  db: Queryable,
  hmacKey: Buffer,
  token: string,
  purposes: readonly AccountTokenPurpose[],
): Promise<{ userId: string; purpose: AccountTokenPurpose } | null> {
  return findLiveAccountToken(db, hmacHex(hmacKey, token), purposes);
}

/**
 * Uses a token up and returns its user, or null when it is unknown, expired, already used or of
 * another purpose. Run inside the transaction that acts on it, so a failed action leaves it unused.
 */
export function redeemAccountToken(tx: Queryable, hmacKey: Buffer, token: string, purpose: AccountTokenPurpose): Promise<string | null> {
  return useAccountToken(tx, hmacHex(hmacKey, token), purpose);
}
