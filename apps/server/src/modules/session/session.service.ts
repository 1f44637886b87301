import type { TLoginRequest, TProfile, TSession } from '@sanad/contracts/session';
import { MESSAGES } from '@sanad/contracts/messages';
import type { Database, Queryable } from '../../platform/db/database';
import { appendAudit } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import type { CaptchaService } from '../../platform/auth/captcha';
import { verifyPassword } from '../../platform/auth/passwords';
import { createSession, extendSession, revokeSession, type SessionRow } from '../../platform/auth/session-store';
import type { TokenService } from '../../platform/auth/tokens';
import { AppError } from '../../platform/http/app-error';
import type { RequestMeta } from '../../platform/http/request-meta';
import { canSeeSegment, scopeFromSegmentIds } from '../../platform/tenancy/scope';
import {
  firstActiveSegmentOf,
  getSegmentSettings,
  listActiveSegmentIds,
  type SegmentSettings,
} from '../data-segments/data-segment.repository';
import { findLoginCandidate, getProfile, profileOf, recordLogin } from '../users/user.repository';
import { checkLoginThrottle, clearLoginFailures, recordLoginFailure } from './login-throttle';

export interface SessionServiceDeps {
  db: Database;
  tokens: TokenService;
  captcha: CaptchaService;
  /**
   * Where the browser goes after signing out of a session started through an identity provider
   * (its end-session page, AD-15); null for other sessions. Must not throw.
   */
  providerLogoutUrl?: (sessionId: string) => Promise<string | null>;
}

const secondsUntil = (date: Date, now = Date.now()) => Math.max(0, Math.floor((date.getTime() - now) / 1000));

/**
 * The segment a session starts on: the one asked for if the user may see it and it is in service,
 * else the first in service of the user's own list, in their order (001 §4), or for a user of
 * every segment the installation's first.
 */
async function chooseActiveSegment(
  db: Queryable,
  dataSegmentIds: readonly string[],
  requested: string | undefined,
): Promise<string | null> {
  if (requested && (await listActiveSegmentIds(db, scopeFromSegmentIds(dataSegmentIds))).includes(requested)) return requested;
  return firstActiveSegmentOf(db, dataSegmentIds);
}

/** What a session is started for; the caller has established who the user is. */
export interface SessionUser {
  id: string;
  status: 'active' | 'pending' | 'archived';
  first_name: string;
  last_name: string;
  data_segment_ids: string[];
}

export interface StartSessionInput {
  user: SessionUser;
  /** How the user proved who they are, as the audit entry records it. */
  method: { summary: string; details?: Record<string, unknown> };
  requestedSegmentId?: string | undefined;
  /** Runs inside the transaction that creates the session, e.g. to record the identity provider used. */
  onCreated?: (tx: Queryable, session: SessionRow) => Promise<void>;
}

async function issueToken(
  tokens: TokenService,
  session: SessionRow,
  profile: TProfile,
  segment: SegmentSettings | null,
): Promise<{ accessToken: string; expiresIn: number }> {
  const accessToken = await tokens.sign(
    {
      sub: session.user_id,
      sid: session.id,
      userId: session.user_id,
      scopes: profile.scopes,
      dataSegment: segment ? { _id: segment.id, whiteLabelling: segment.whiteLabelling, configurations: segment.configurations } : null,
    },
    session.expires_at,
  );
  return { accessToken, expiresIn: secondsUntil(session.expires_at) };
}

async function profileFor(db: Queryable, userId: string, segment: Pick<SegmentSettings, 'whiteLabelling'> | null): Promise<TProfile> {
  const profile = await getProfile(db, userId, segment);
  if (!profile) throw AppError.unauthorized();
  return profile;
}

/**
 * Opens a session inside the caller's transaction: picks the active segment, creates the session
 * row and records the sign-in and its audit entry. Account activation calls it in the transaction
 * that activates the user; answer it with answerSession once that transaction has committed.
 */
export async function openSession(tx: Queryable, input: StartSessionInput, meta: RequestMeta): Promise<SessionRow> {
  const { user } = input;
  const segmentId = await chooseActiveSegment(tx, user.data_segment_ids, input.requestedSegmentId);
  const created = await createSession(tx, { userId: user.id, dataSegmentId: segmentId, ip: meta.ip, userAgent: meta.userAgent });
  await recordLogin(tx, user.id);
  await input.onCreated?.(tx, created);
  await appendAudit(tx, {
    dataSegmentId: segmentId,
    actor: { id: user.id, name: `${user.first_name} ${user.last_name}`.trim() },
    module: 'authentication',
    action: 'logged_in',
    entityType: 'session',
    entityId: created.id,
    summary: input.method.summary,
    ...(input.method.details ? { details: input.method.details } : {}),
    ip: meta.ip,
    requestId: meta.requestId,
  });
  return created;
}

/** What every sign-in answers: the access token, its lifetime in seconds, and the profile (001 §4, §7). */
export async function answerSession(db: Queryable, tokens: TokenService, session: SessionRow): Promise<TSession> {
  const segment = session.data_segment_id ? await getSegmentSettings(db, session.data_segment_id) : null;
  const profile = await profileFor(db, session.user_id, segment);
  return { ...(await issueToken(tokens, session, profile, segment)), profile };
}

/**
 * Starts a session for a user whose identity is already established (password, identity
 * provider) in a transaction of its own, and answers it. Only active users get a session.
 */
export async function startSession(
  { db, tokens }: Pick<SessionServiceDeps, 'db' | 'tokens'>,
  input: StartSessionInput,
  meta: RequestMeta,
): Promise<TSession> {
  if (input.user.status !== 'active') throw AppError.forbidden(MESSAGES.accountNotActive);
  const session = await db.transaction((tx) => openSession(tx, input, meta));
  return answerSession(db, tokens, session);
}

export function createSessionService({ db, tokens, captcha, providerLogoutUrl }: SessionServiceDeps) {
  return {
    /**
     * Unknown account, wrong password, and an account that is not active all get the same answer,
     * after the same amount of work, so the answer does not reveal which accounts exist.
     */
    async login(input: TLoginRequest & { dataSegmentId?: string }, meta: RequestMeta): Promise<TSession> {
      const identifier = (input.email || input.username || '').toLowerCase();
      const verdict = await checkLoginThrottle(db, identifier, meta.ip);
      if (verdict === 'blocked') throw new AppError('RATE_LIMITED', MESSAGES.tooManyAttempts);
      if (verdict === 'captcha' && !(await captcha.redeem(input.captcha))) {
        throw new AppError('CAPTCHA_REQUIRED', input.captcha ? MESSAGES.captchaInvalid : MESSAGES.captchaRequired);
      }

      const candidate = await findLoginCandidate(db, identifier);
      const passwordMatches = await verifyPassword(candidate?.password_hash ?? null, input.password);
      if (!candidate || !passwordMatches || candidate.status !== 'active') {
        await recordLoginFailure(db, identifier, meta.ip);
        throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
      }
      await clearLoginFailures(db, identifier, meta.ip);
      return startSession(
        { db, tokens },
        { user: candidate, method: { summary: 'Signed in with password' }, requestedSegmentId: input.dataSegmentId },
        meta,
      );
    },

    /** Ends the session; answers the provider's end-session URL when the session came from one. */
    async logout(actor: Actor, meta: RequestMeta): Promise<{ logoutUrl: string | null }> {
      const logoutUrl = (await providerLogoutUrl?.(actor.sessionId)) ?? null;
      await db.transaction(async (tx) => {
        await revokeSession(tx, actor.sessionId, 'logout');
        await appendAudit(tx, {
          dataSegmentId: actor.activeSegmentId,
          actor: { id: actor.userId, name: actor.name },
          module: 'authentication',
          action: 'logged_out',
          entityType: 'session',
          entityId: actor.sessionId,
          summary: 'Signed out',
          ip: meta.ip,
          requestId: meta.requestId,
        });
      });
      return { logoutUrl };
    },

    /**
     * Slides the session by another idle period (never past its absolute end) and issues a token
     * for it; optionally switches the active data segment, which must be one the user may see.
     */
    async extend(actor: Actor, requestedSegmentId: string | undefined): Promise<{ accessToken: string; expiresIn: number }> {
      let segmentId: string | null | undefined;
      if (requestedSegmentId !== undefined) {
        if (!canSeeSegment(actor.segments, requestedSegmentId)) throw AppError.forbidden();
        segmentId = requestedSegmentId;
      }
      const session = await extendSession(db, actor.sessionId, segmentId);
      if (!session) throw AppError.unauthorized(MESSAGES.sessionExpired);
      const segment = session.data_segment_id ? await getSegmentSettings(db, session.data_segment_id) : null;
      return issueToken(tokens, session, await profileFor(db, actor.userId, segment), segment);
    },

    /** The caller's profile as loaded with the session on this request: no further query. */
    currentProfile(actor: Actor): TProfile {
      return profileOf(
        { id: actor.userId, email: actor.email, roleName: actor.roleName },
        actor.account,
        actor.activeSegmentId !== null && actor.isActiveSegmentWhiteLabelled,
      );
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
