import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';
import type { SessionUser } from '../session/session.service';

// Identity links and sign-in attempts belong to no data segment: a user may span several. These
// are admin-level functions, called only by the sign-in flow and the operator's command line.

export interface PendingLogin {
  id: string;
  nonce: string;
  codeVerifier: string;
  redirectTo: string | null;
}

export interface RedeemedHandoff {
  id: string;
  providerId: string;
  userId: string;
  redirectTo: string | null;
  sealedIdToken: string;
}

export type SignInUser = SessionUser & { email: string };

/** Drops attempts older than an hour and provider records of sessions that have ended. */
export async function deleteStaleIdentityRecords(db: Queryable): Promise<void> {
  await sqlOf(db)
    .deleteFrom('identityLogins')
    .where('createdAt', '<', sql<string>`now() - interval '1 hour'`)
    .execute();
  await sqlOf(db)
    .deleteFrom('sessionIdentityProviders as sip')
    .using('sessions as s')
    .whereRef('s.id', '=', 'sip.sessionId')
    .where((eb) => eb.or([eb('s.revokedAt', 'is not', null), eb('s.absoluteExpiresAt', '<', sql<string>`now()`)]))
    .execute();
}

export async function insertIdentityLogin(
  db: Queryable,
  input: {
    providerId: string;
    stateHash: string;
    browserHash: string;
    nonce: string;
    codeVerifier: string;
    redirectTo: string | null;
    ttlSeconds: number;
  },
): Promise<void> {
  const { ttlSeconds, ...values } = input;
  await sqlOf(db)
    .insertInto('identityLogins')
    .values({ ...values, expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` })
    .execute();
}

/**
 * Marks the attempt a callback belongs to as called back and returns it, in one statement, so a
 * state works once; null when the state is unknown, of another provider or browser, used or expired.
 */
export async function consumeIdentityLogin(
  db: Queryable,
  input: { providerId: string; stateHash: string; browserHash: string },
): Promise<PendingLogin | null> {
  const row = await sqlOf(db)
    .updateTable('identityLogins')
    .set({ callbackAt: sql`now()` })
    .where('stateHash', '=', input.stateHash)
    .where('providerId', '=', input.providerId)
    .where('browserHash', '=', input.browserHash)
    .where('callbackAt', 'is', null)
    .where('expiresAt', '>', sql<string>`now()`)
    .returning(['id', 'nonce', 'codeVerifier', 'redirectTo'])
    .executeTakeFirst();
  return row ?? null;
}

/** Records who signed in and the handoff code (as an HMAC) the web app will trade for the session. */
export async function completeIdentityLogin(
  tx: Queryable,
  loginId: string,
  input: { userId: string; sealedIdToken: string; handoffHash: string; handoffTtlSeconds: number },
): Promise<void> {
  await sqlOf(tx)
    .updateTable('identityLogins')
    .set({
      userId: input.userId,
      sealedIdToken: input.sealedIdToken,
      handoffHash: input.handoffHash,
      handoffExpiresAt: sql`now() + make_interval(secs => ${input.handoffTtlSeconds})`,
    })
    .where('id', '=', loginId)
    .execute();
}

/**
 * Uses a handoff code once, from the browser that started the attempt, before it expires; the
 * stored ID token leaves the table with it. The row lock makes a concurrent second redemption
 * find the code already used.
 */
export async function redeemIdentityHandoff(
  db: Queryable,
  input: { handoffHash: string; browserHash: string },
): Promise<RedeemedHandoff | null> {
  const result = await sql<RedeemedHandoff>`
    with claimed as (
      select id, sealed_id_token from identity_logins
       where handoff_hash = ${input.handoffHash} and browser_hash = ${input.browserHash} and redeemed_at is null
         and handoff_expires_at > now() and user_id is not null and sealed_id_token is not null
       for update
    )
    update identity_logins l set redeemed_at = now(), sealed_id_token = null
      from claimed where l.id = claimed.id
    returning l.id, l.provider_id as "providerId", l.user_id as "userId", l.redirect_to as "redirectTo",
              claimed.sealed_id_token as "sealedIdToken"`.execute(sqlOf(db));
  return result.rows[0] ?? null;
}

export async function findLinkedUserId(db: Queryable, providerId: string, subject: string): Promise<string | null> {
  const row = await sqlOf(db)
    .selectFrom('identityLinks')
    .select('userId')
    .where('providerId', '=', providerId)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.userId ?? null;
}

export async function isUserLinked(db: Queryable, providerId: string, userId: string): Promise<boolean> {
  const row = await sqlOf(db)
    .selectFrom('identityLinks')
    .select('userId')
    .where('providerId', '=', providerId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Links an identity to a user; false when the identity or the user is already linked (nothing changes). */
export async function insertIdentityLink(
  tx: Queryable,
  input: { providerId: string; subject: string; userId: string; linkedBy: 'email' | 'administrator' },
): Promise<boolean> {
  const result = await sqlOf(tx)
    .insertInto('identityLinks')
    .values(input)
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function deleteIdentityLink(tx: Queryable, providerId: string, subject: string): Promise<string | null> {
  const row = await sqlOf(tx)
    .deleteFrom('identityLinks')
    .where('providerId', '=', providerId)
    .where('subject', '=', subject)
    .returning('userId')
    .executeTakeFirst();
  return row?.userId ?? null;
}

function selectSignInUsers(db: Queryable) {
  return sqlOf(db).selectFrom('users').select(['id', 'status', 'firstName', 'lastName', 'dataSegmentIds', 'email']);
}

export async function findSignInUserById(db: Queryable, userId: string): Promise<SignInUser | null> {
  return (await selectSignInUsers(db).where('id', '=', userId).executeTakeFirst()) ?? null;
}

export async function findSignInUserByEmail(db: Queryable, email: string): Promise<SignInUser | null> {
  return (
    (await selectSignInUsers(db)
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst()) ?? null
  );
}

export async function insertSessionIdentityProvider(
  tx: Queryable,
  input: { sessionId: string; providerId: string; sealedIdToken: string },
): Promise<void> {
  await sqlOf(tx).insertInto('sessionIdentityProviders').values(input).execute();
}

/** The provider a session came from and its ID token, removed as it is read: logout needs them once. */
export async function takeSessionIdentityProvider(
  db: Queryable,
  sessionId: string,
): Promise<{ providerId: string; sealedIdToken: string } | null> {
  const row = await sqlOf(db)
    .deleteFrom('sessionIdentityProviders')
    .where('sessionId', '=', sessionId)
    .returning(['providerId', 'sealedIdToken'])
    .executeTakeFirst();
  return row ?? null;
}
