import type { TLoginRequest, TProfile, TSession } from '@sanad/contracts/session';
import { MESSAGES } from '@sanad/contracts/messages';
import type { Database, Queryable } from '../../platform/db/database';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import type { CaptchaService } from '../../platform/auth/captcha';
import { verifyPassword } from '../../platform/auth/passwords';
import { accountFromColumns, createSession, extendSession, revokeSession, type SessionRow } from '../../platform/auth/session-store';
import type { TokenService } from '../../platform/auth/tokens';
import { AppError } from '../../platform/http/app-error';
import type { RequestMeta } from '../../platform/http/request-meta';
import { canSeeSegment } from '../../platform/tenancy/scope';
import { countLoginAttempt } from './login-throttle';
import { profileOf } from './session-profile';
import {
  findLoginCandidate,
  firstActiveSegmentOf,
  getProfileColumns,
  getSegmentSettings,
  isActiveSegmentOf,
  recordLogin,
  type SegmentSettings,
  type SessionUser,
} from './session.repository';

export type { SessionRow, SessionUser };

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

/** What a session is started for; the caller has established who the user is. */
export interface StartSessionInput {
  user: SessionUser;
  /** How the user proved who they are, as the audit entry records it. */
  method: { summary: string; details?: Record<string, unknown> };
  requestedSegmentId?: string | undefined;
  /** Runs inside the transaction that creates the session, e.g. to record the identity provider used. */
  onCreated?: (tx: Queryable, session: SessionRow) => Promise<void>;
}

const secondsUntil = (isoDate: string, now = Date.now()) => Math.max(0, Math.floor((Date.parse(isoDate) - now) / 1000));
const fullName = (user: Pick<SessionUser, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

/**
 * The segment a session starts on: the one asked for if the user may see it and it is in service,
 * else the first in service of the user's own list, in their order, or for a user of
 * every segment the installation's first.
 */
async function chooseActiveSegment(
  tx: Queryable,
  dataSegmentIds: readonly string[],
  requested: string | undefined,
): Promise<string | null> {
  if (requested && (await isActiveSegmentOf(tx, requested, dataSegmentIds))) return requested;
  return firstActiveSegmentOf(tx, dataSegmentIds);
}

/**
 * Opens a session inside the caller's transaction: picks the active segment, creates the session
 * row and records the sign-in and its audit entry. Account activation calls it in the transaction
 * that activates the user; answer it with the service's `answer` once that transaction has committed.
 */
async function openSession(tx: Queryable, input: StartSessionInput, meta: RequestMeta): Promise<SessionRow> {
  const { user } = input;
  const segmentId = await chooseActiveSegment(tx, user.dataSegmentIds, input.requestedSegmentId);
  const created = await createSession(tx, { userId: user.id, dataSegmentId: segmentId, ip: meta.ip, userAgent: meta.userAgent });
  await recordLogin(tx, user.id);
  await input.onCreated?.(tx, created);
  await appendAudit(tx, {
    dataSegmentId: segmentId,
    source: auditSource({ userId: user.id, name: fullName(user) }, meta),
    module: 'authentication',
    action: 'logged_in',
    entityType: 'session',
    entityId: created.id,
    summary: input.method.summary,
    ...(input.method.details ? { details: input.method.details } : {}),
  });
  return created;
}

/**
 * Sessions: password sign-in, the sessions other sign-ins (identity providers, account activation)
 * start, extension, the token and its profile, and sign-out.
 */
export function createSessionService({ db, tokens, captcha, providerLogoutUrl }: SessionServiceDeps) {
  async function profileFor(userId: string, segment: Pick<SegmentSettings, 'whiteLabelling'> | null): Promise<TProfile> {
    const row = await getProfileColumns(db, userId);
    if (!row) throw AppError.unauthorized();
    return profileOf(
      { id: row.id, email: row.email, roleName: row.roleName ?? '' },
      accountFromColumns(row),
      segment?.whiteLabelling ?? false,
    );
  }

  async function issueToken(
    session: SessionRow,
    profile: TProfile,
    segment: SegmentSettings | null,
  ): Promise<{ accessToken: string; expiresIn: number }> {
    const accessToken = await tokens.sign(
      {
        sub: session.userId,
        sid: session.id,
        userId: session.userId,
        scopes: profile.scopes,
        dataSegment: segment ? { _id: segment.id, whiteLabelling: segment.whiteLabelling, configurations: segment.configurations } : null,
      },
      new Date(session.expiresAt),
    );
    return { accessToken, expiresIn: secondsUntil(session.expiresAt) };
  }

  /** What every sign-in answers: the access token, its lifetime in seconds, and the profile. */
  async function answer(session: SessionRow): Promise<TSession> {
    const segment = session.dataSegmentId ? await getSegmentSettings(db, session.dataSegmentId) : null;
    const profile = await profileFor(session.userId, segment);
    return { ...(await issueToken(session, profile, segment)), profile };
  }

  /** Starts a session in a transaction of its own for an established identity; only active users get one. */
  async function start(input: StartSessionInput, meta: RequestMeta): Promise<TSession> {
    if (input.user.status !== 'active') throw AppError.forbidden(MESSAGES.accountNotActive);
    return answer(await db.transaction((tx) => openSession(tx, input, meta)));
  }

  return {
    open: openSession,
    answer,
    start,
    /** The data segment a user's sessions start on (the first in service of theirs). */
    startingSegmentOf: (tx: Queryable, dataSegmentIds: readonly string[]) => chooseActiveSegment(tx, dataSegmentIds, undefined),

    /**
     * Unknown account, wrong password, and an account that is not active all get the same answer,
     * after the same amount of work, so the answer does not reveal which accounts exist. The
     * attempt is counted before the password is checked, so concurrent guesses cannot outrun the
     * limits (login-throttle).
     */
    async login(input: TLoginRequest, meta: RequestMeta): Promise<TSession> {
      const identifier = (input.email || input.username || '').toLowerCase();
      const attempt = await countLoginAttempt(db, identifier, meta.ip);
      if (attempt.verdict === 'blocked') {
        await attempt.withdraw();
        throw new AppError('RATE_LIMITED', MESSAGES.tooManyAttempts);
      }
      if (attempt.verdict === 'captcha' && !(await captcha.redeem(input.captcha))) {
        await attempt.withdraw();
        throw new AppError('CAPTCHA_REQUIRED', input.captcha ? MESSAGES.captchaInvalid : MESSAGES.captchaRequired);
      }

      const candidate = await findLoginCandidate(db, identifier);
      const isPasswordRight = await verifyPassword(candidate?.passwordHash ?? null, input.password);
      if (!candidate || !isPasswordRight || candidate.status !== 'active')
        throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
      await attempt.succeed();
      return start({ user: candidate, method: { summary: 'Signed in with password' }, requestedSegmentId: input.dataSegmentId }, meta);
    },

    /** Ends the session; answers the provider's end-session URL when the session came from one. */
    async logout(actor: Actor, meta: RequestMeta): Promise<{ logoutUrl: string | null }> {
      const logoutUrl = (await providerLogoutUrl?.(actor.sessionId)) ?? null;
      await db.transaction(async (tx) => {
        await revokeSession(tx, actor.sessionId, 'logout');
        await appendAudit(tx, {
          dataSegmentId: actor.activeSegmentId,
          source: auditSource(actor, meta),
          module: 'authentication',
          action: 'logged_out',
          entityType: 'session',
          entityId: actor.sessionId,
          summary: 'Signed out',
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
        // An administrator sees every segment, including ids that name none: switch only to one that exists.
        if (!(await getSegmentSettings(db, requestedSegmentId))) throw AppError.notFound();
        segmentId = requestedSegmentId;
      }
      const session = await extendSession(db, actor.sessionId, segmentId);
      if (!session) throw AppError.unauthorized(MESSAGES.sessionExpired);
      const segment = session.dataSegmentId ? await getSegmentSettings(db, session.dataSegmentId) : null;
      return issueToken(session, await profileFor(actor.userId, segment), segment);
    },

    /** The caller's profile as loaded with the session on this request: no further query. */
    currentProfile(actor: Actor): TProfile {
      return profileOf(
        { id: actor.userId, email: actor.email, roleName: actor.roleName },
        actor.account,
        actor.activeSegmentId !== null && actor.isActiveSegmentWhiteLabelled,
      );
    },

    /** A user's profile as it is now, with the white-labelling of their active segment. */
    async profileOf(userId: string, activeSegmentId: string | null): Promise<TProfile> {
      return profileFor(userId, activeSegmentId ? await getSegmentSettings(db, activeSegmentId) : null);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
