import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';
import type { SessionUser } from '../session/session.service';

// Identity links and sign-in attempts belong to no data segment: a user may span several. These
// are admin-level functions, called only by the sign-in flow and the operator's command line.

export interface PendingLogin {
  id: string;
  nonce: string;
  code_verifier: string;
  redirect_to: string | null;
}

export interface RedeemedHandoff {
  id: string;
  provider_id: string;
  user_id: string;
  redirect_to: string | null;
  sealed_id_token: string;
}

export type SignInUser = SessionUser & { email: string };

const SIGN_IN_USER_COLUMNS = 'id, status, first_name, last_name, data_segment_ids, email';

/** Drops attempts older than an hour and provider records of sessions that have ended. */
export async function deleteStaleIdentityRecords(db: Queryable): Promise<void> {
  await db.query("delete from identity_logins where created_at < now() - interval '1 hour'");
  await db.query(
    `delete from session_identity_providers sip using sessions s
      where s.id = sip.session_id and (s.revoked_at is not null or s.absolute_expires_at < now())`,
  );
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
  await db.query(
    `insert into identity_logins (provider_id, state_hash, browser_hash, nonce, code_verifier, redirect_to, expires_at)
     values ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
    [input.providerId, input.stateHash, input.browserHash, input.nonce, input.codeVerifier, input.redirectTo, input.ttlSeconds],
  );
}

/**
 * Marks the attempt a callback belongs to as called back and returns it, in one statement, so a
 * state works once; null when the state is unknown, of another provider or browser, used or expired.
 */
export async function consumeIdentityLogin(
  db: Queryable,
  input: { providerId: string; stateHash: string; browserHash: string },
): Promise<PendingLogin | null> {
  return queryOne<PendingLogin>(
    db,
    `update identity_logins set callback_at = now()
      where state_hash = $1 and provider_id = $2 and browser_hash = $3 and callback_at is null and expires_at > now()
      returning id, nonce, code_verifier, redirect_to`,
    [input.stateHash, input.providerId, input.browserHash],
  );
}

/** Records who signed in and the handoff code (as an HMAC) the web app will trade for the session. */
export async function completeIdentityLogin(
  tx: Queryable,
  loginId: string,
  input: { userId: string; sealedIdToken: string; handoffHash: string; handoffTtlSeconds: number },
): Promise<void> {
  await tx.query(
    `update identity_logins
        set user_id = $2, sealed_id_token = $3, handoff_hash = $4, handoff_expires_at = now() + make_interval(secs => $5)
      where id = $1`,
    [loginId, input.userId, input.sealedIdToken, input.handoffHash, input.handoffTtlSeconds],
  );
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
  return queryOne<RedeemedHandoff>(
    db,
    `with claimed as (
       select id, sealed_id_token from identity_logins
        where handoff_hash = $1 and browser_hash = $2 and redeemed_at is null and handoff_expires_at > now()
          and user_id is not null and sealed_id_token is not null
        for update
     )
     update identity_logins l set redeemed_at = now(), sealed_id_token = null
       from claimed where l.id = claimed.id
     returning l.id, l.provider_id, l.user_id, l.redirect_to, claimed.sealed_id_token`,
    [input.handoffHash, input.browserHash],
  );
}

export async function findLinkedUserId(db: Queryable, providerId: string, subject: string): Promise<string | null> {
  const row = await queryOne<{ user_id: string }>(db, 'select user_id from identity_links where provider_id = $1 and subject = $2', [
    providerId,
    subject,
  ]);
  return row?.user_id ?? null;
}

export async function isUserLinked(db: Queryable, providerId: string, userId: string): Promise<boolean> {
  const row = await queryOne<{ found: boolean }>(db, 'select true as found from identity_links where provider_id = $1 and user_id = $2', [
    providerId,
    userId,
  ]);
  return row !== null;
}

/** Links an identity to a user; false when the identity or the user is already linked (nothing changes). */
export async function insertIdentityLink(
  tx: Queryable,
  input: { providerId: string; subject: string; userId: string; linkedBy: 'email' | 'administrator' },
): Promise<boolean> {
  const result = await tx.query(
    `insert into identity_links (provider_id, subject, user_id, linked_by) values ($1, $2, $3, $4)
     on conflict do nothing`,
    [input.providerId, input.subject, input.userId, input.linkedBy],
  );
  return result.rowCount > 0;
}

export async function deleteIdentityLink(tx: Queryable, providerId: string, subject: string): Promise<string | null> {
  const row = await queryOne<{ user_id: string }>(
    tx,
    'delete from identity_links where provider_id = $1 and subject = $2 returning user_id',
    [providerId, subject],
  );
  return row?.user_id ?? null;
}

export async function findSignInUserById(db: Queryable, userId: string): Promise<SignInUser | null> {
  return queryOne<SignInUser>(db, `select ${SIGN_IN_USER_COLUMNS} from users where id = $1`, [userId]);
}

export async function findSignInUserByEmail(db: Queryable, email: string): Promise<SignInUser | null> {
  return queryOne<SignInUser>(db, `select ${SIGN_IN_USER_COLUMNS} from users where lower(email) = lower($1)`, [email]);
}

export async function insertSessionIdentityProvider(
  tx: Queryable,
  input: { sessionId: string; providerId: string; sealedIdToken: string },
): Promise<void> {
  await tx.query('insert into session_identity_providers (session_id, provider_id, sealed_id_token) values ($1, $2, $3)', [
    input.sessionId,
    input.providerId,
    input.sealedIdToken,
  ]);
}

/** The provider a session came from and its ID token, removed as it is read: logout needs them once. */
export async function takeSessionIdentityProvider(
  db: Queryable,
  sessionId: string,
): Promise<{ provider_id: string; sealed_id_token: string } | null> {
  return queryOne(db, 'delete from session_identity_providers where session_id = $1 returning provider_id, sealed_id_token', [sessionId]);
}
