import { OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@sanad/contracts/constants';
import type { TOtpPurpose } from '@sanad/contracts/otp';
import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';

export interface AccountContact {
  email: string;
  phone_number: string | null;
  first_name: string;
  last_name: string;
}

/** Where a user's codes may go: the addresses on their own account. */
export async function getAccountContact(db: Queryable, userId: string): Promise<AccountContact | null> {
  return queryOne<AccountContact>(db, 'select email, phone_number, first_name, last_name from users where id = $1', [userId]);
}

export interface NewCode {
  userId: string;
  dataSegmentId: string | null;
  purpose: TOtpPurpose;
  channel: 'email' | 'sms';
  recipientHash: string;
  tokenHash: string;
  codeHash: string;
}

/**
 * Stores a new code and supersedes every open code of the user, in the caller's transaction. The
 * user row is locked first so that two requests at once cannot both leave an open code (the
 * partial unique index would refuse the second anyway). Codes older than a day are dropped.
 */
export async function replaceOpenCode(tx: Queryable, code: NewCode): Promise<void> {
  await tx.query('select 1 from users where id = $1 for update', [code.userId]);
  await tx.query('update one_time_codes set superseded_at = now() where user_id = $1 and consumed_at is null and superseded_at is null', [
    code.userId,
  ]);
  await tx.query("delete from one_time_codes where user_id = $1 and created_at < now() - interval '1 day'", [code.userId]);
  await tx.query(
    `insert into one_time_codes (user_id, data_segment_id, purpose, channel, recipient_hash, token_hash, code_hash, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))`,
    [code.userId, code.dataSegmentId, code.purpose, code.channel, code.recipientHash, code.tokenHash, code.codeHash, OTP_TTL_SECONDS],
  );
}

export interface CountedAttempt {
  id: string;
  code_hash: string;
  recipient_hash: string;
  attempts: number;
  data_segment_id: string | null;
}

/**
 * Counts one attempt against an open code and returns it for comparison, in one statement: the
 * row lock and the `attempts < 5` condition make concurrent guesses queue, so at most five are
 * ever compared. Null when no open code of this user and purpose has the token (unknown, expired,
 * used, superseded, or out of attempts).
 */
export async function countAttempt(db: Queryable, tokenHash: string, userId: string, purpose: TOtpPurpose): Promise<CountedAttempt | null> {
  return queryOne<CountedAttempt>(
    db,
    `update one_time_codes set attempts = attempts + 1
      where token_hash = $1 and user_id = $2 and purpose = $3
        and attempts < $4 and consumed_at is null and superseded_at is null and expires_at > now()
      returning id, code_hash, recipient_hash, attempts, data_segment_id`,
    [tokenHash, userId, purpose, OTP_MAX_ATTEMPTS],
  );
}

/** Why a token found no open code: so the dialog can say "expired" or "too many attempts". */
export async function isOutOfAttempts(db: Queryable, tokenHash: string, userId: string, purpose: TOtpPurpose): Promise<boolean> {
  const row = await queryOne<{ attempts: number }>(
    db,
    `select attempts from one_time_codes
      where token_hash = $1 and user_id = $2 and purpose = $3
        and consumed_at is null and superseded_at is null and expires_at > now()`,
    [tokenHash, userId, purpose],
  );
  return row !== null && row.attempts >= OTP_MAX_ATTEMPTS;
}

/**
 * Uses a verified code up inside the transaction of the action it protects: if the action fails,
 * the code stays usable (its attempts stay counted); if two requests race, only one gets the row.
 */
export async function consumeCode(tx: Queryable, codeId: string): Promise<boolean> {
  const result = await tx.query(
    'update one_time_codes set consumed_at = now() where id = $1 and consumed_at is null and superseded_at is null and expires_at > now()',
    [codeId],
  );
  return result.rowCount > 0;
}
