import { sql } from 'kysely';
import { OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@sanad/contracts/constants';
import type { CONTACT_OTP_PURPOSE, TOtpPurpose } from '@sanad/contracts/otp';
import { queryOne, type Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';

/** A code's purpose: an account action, or a public journey's contact. */
export type StoredOtpPurpose = TOtpPurpose | typeof CONTACT_OTP_PURPOSE;

/** Whose code it is: a signed-in user's, or a public journey's (its onboarding link). */
export type CodeOwner = { userId: string } | { linkId: string };

export interface AccountContact {
  email: string;
  phoneNumber: string | null;
  firstName: string;
  lastName: string;
}

/** Where a user's codes may go: the addresses on their own account. */
export async function getAccountContact(db: Queryable, userId: string): Promise<AccountContact | null> {
  const row = await sqlOf(db)
    .selectFrom('users')
    .select(['email', 'phoneNumber', 'firstName', 'lastName'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
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
  const db = sqlOf(tx);
  await db.selectFrom('users').select('id').where('id', '=', code.userId).forUpdate().execute();
  await db
    .updateTable('oneTimeCodes')
    .set({ supersededAt: sql`now()` })
    .where('userId', '=', code.userId)
    .where('consumedAt', 'is', null)
    .where('supersededAt', 'is', null)
    .execute();
  await db
    .deleteFrom('oneTimeCodes')
    .where('userId', '=', code.userId)
    .where('createdAt', '<', sql<string>`now() - interval '1 day'`)
    .execute();
  await db
    .insertInto('oneTimeCodes')
    .values({ ...code, expiresAt: sql`now() + make_interval(secs => ${OTP_TTL_SECONDS})` })
    .execute();
}

/** The column and value that select an owner's codes. */
function ownerColumn(owner: CodeOwner): ['userId' | 'onboardingLinkId', '=', string] {
  return 'userId' in owner ? ['userId', '=', owner.userId] : ['onboardingLinkId', '=', owner.linkId];
}

export interface NewLinkCode {
  linkId: string;
  dataSegmentId: string;
  channel: 'email' | 'sms';
  recipientHash: string;
  tokenHash: string;
  codeHash: string;
}

/**
 * Stores a public journey's new code and supersedes its open one, in the caller's transaction: the
 * link row is locked first, as the user row is for account codes. Consumed codes stay: they are
 * the journey's proof of the verified address, and go with the link.
 */
export async function replaceOpenLinkCode(tx: Queryable, code: NewLinkCode): Promise<void> {
  const db = sqlOf(tx);
  await db.selectFrom('onboardingLinks').select('id').where('id', '=', code.linkId).forUpdate().execute();
  await db
    .updateTable('oneTimeCodes')
    .set({ supersededAt: sql`now()` })
    .where('onboardingLinkId', '=', code.linkId)
    .where('consumedAt', 'is', null)
    .where('supersededAt', 'is', null)
    .execute();
  await db
    .insertInto('oneTimeCodes')
    .values({
      onboardingLinkId: code.linkId,
      dataSegmentId: code.dataSegmentId,
      purpose: 'verify-contact',
      channel: code.channel,
      recipientHash: code.recipientHash,
      tokenHash: code.tokenHash,
      codeHash: code.codeHash,
      expiresAt: sql`now() + make_interval(secs => ${OTP_TTL_SECONDS})`,
    })
    .execute();
}

/** When a journey's address was verified (its first used code for that address), or null. */
export async function findVerifiedAt(
  db: Queryable,
  linkId: string,
  channel: 'email' | 'sms',
  recipientHash: string,
): Promise<string | null> {
  const row = await sqlOf(db)
    .selectFrom('oneTimeCodes')
    .select((eb) => eb.fn.min('consumedAt').as('verifiedAt'))
    .where('onboardingLinkId', '=', linkId)
    .where('purpose', '=', 'verify-contact')
    .where('channel', '=', channel)
    .where('recipientHash', '=', recipientHash)
    .where('consumedAt', 'is not', null)
    .executeTakeFirst();
  const at = row?.verifiedAt as string | Date | null | undefined;
  return at ? new Date(at).toISOString() : null;
}

export interface CountedAttempt {
  id: string;
  codeHash: string;
  recipientHash: string;
  attempts: number;
  dataSegmentId: string | null;
}

/** An open code: not used, not replaced by a newer one, not expired. */
function whereOpenCode(tx: Queryable, tokenHash: string, owner: CodeOwner, purpose: StoredOtpPurpose) {
  return sqlOf(tx)
    .updateTable('oneTimeCodes')
    .where('tokenHash', '=', tokenHash)
    .where(...ownerColumn(owner))
    .where('purpose', '=', purpose)
    .where('consumedAt', 'is', null)
    .where('supersededAt', 'is', null)
    .where('expiresAt', '>', sql<string>`now()`);
}

/**
 * Counts one attempt against an open code and returns it for comparison, in one statement: the
 * row lock and the `attempts < 5` condition make concurrent guesses queue, so at most five are
 * ever compared. Null when no open code of this user and purpose has the token (unknown, expired,
 * used, superseded, or out of attempts).
 */
export async function countAttempt(
  db: Queryable,
  tokenHash: string,
  owner: CodeOwner,
  purpose: StoredOtpPurpose,
): Promise<CountedAttempt | null> {
  const row = await whereOpenCode(db, tokenHash, owner, purpose)
    .set({ attempts: sql`attempts + 1` })
    .where('attempts', '<', OTP_MAX_ATTEMPTS)
    .returning(['id', 'codeHash', 'recipientHash', 'attempts', 'dataSegmentId'])
    .executeTakeFirst();
  return row ?? null;
}

/** Why a token found no open code: so the dialog can say "expired" or "too many attempts". */
export async function isOutOfAttempts(db: Queryable, tokenHash: string, owner: CodeOwner, purpose: StoredOtpPurpose): Promise<boolean> {
  const row = await sqlOf(db)
    .selectFrom('oneTimeCodes')
    .select('attempts')
    .where('tokenHash', '=', tokenHash)
    .where(...ownerColumn(owner))
    .where('purpose', '=', purpose)
    .where('consumedAt', 'is', null)
    .where('supersededAt', 'is', null)
    .where('expiresAt', '>', sql<string>`now()`)
    .executeTakeFirst();
  return row !== undefined && row.attempts >= OTP_MAX_ATTEMPTS;
}

/**
 * Uses a verified code up inside the transaction of the action it protects: if the action fails,
 * the code stays usable (its attempts stay counted); if two requests race, only one gets the row.
 */
export async function consumeCode(tx: Queryable, codeId: string): Promise<boolean> {
  const result = await sqlOf(tx)
    .updateTable('oneTimeCodes')
    .set({ consumedAt: sql`now()` })
    .where('id', '=', codeId)
    .where('consumedAt', 'is', null)
    .where('supersededAt', 'is', null)
    .where('expiresAt', '>', sql<string>`now()`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The channel a consumed code went by and when it was consumed: the proof a journey keeps. */
export async function findConsumedCode(tx: Queryable, codeId: string): Promise<{ channel: 'email' | 'sms'; consumedAt: string } | null> {
  const row = await queryOne<{ channel: 'email' | 'sms'; consumed_at: string | Date | null }>(
    tx,
    'select channel, consumed_at from one_time_codes where id = $1',
    [codeId],
  );
  if (!row?.consumed_at) return null;
  return { channel: row.channel, consumedAt: new Date(row.consumed_at).toISOString() };
}
