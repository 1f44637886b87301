import type { TSession } from '@sanad/contracts/session';
import type { Queryable } from '../../platform/db/database';
import { appendAudit } from '../../platform/audit/audit-log';
import { createSession, type SessionRow } from '../../platform/auth/session-store';
import type { TokenService } from '../../platform/auth/tokens';
import type { RequestMeta } from '../../platform/http/request-meta';
import { firstActiveSegmentOf, getSegmentSettings } from '../data-segments/data-segment.repository';
import { getProfile, recordLogin } from '../users/user.repository';

/**
 * Opens the session an account activation signs in with, on the first of the user's segments
 * (001 §4), in the activation's transaction. Answer it with sessionAnswer after the commit.
 */
export async function openActivationSession(
  tx: Queryable,
  user: { id: string; name: string; dataSegmentIds: readonly string[] },
  meta: RequestMeta,
): Promise<SessionRow> {
  const segmentId = await firstActiveSegmentOf(tx, user.dataSegmentIds);
  const session = await createSession(tx, { userId: user.id, dataSegmentId: segmentId, ip: meta.ip, userAgent: meta.userAgent });
  await recordLogin(tx, user.id);
  await appendAudit(tx, {
    dataSegmentId: segmentId,
    actor: { id: user.id, name: user.name },
    module: 'authentication',
    action: 'logged_in',
    entityType: 'session',
    entityId: session.id,
    summary: 'Signed in by activating the account',
    ip: meta.ip,
    requestId: meta.requestId,
  });
  return session;
}

/** What login answers: the access token, its lifetime in seconds, and the profile (001 §4, §7). */
export async function sessionAnswer(db: Queryable, tokens: TokenService, session: SessionRow, now = Date.now()): Promise<TSession> {
  const segment = session.data_segment_id ? await getSegmentSettings(db, session.data_segment_id) : null;
  const profile = await getProfile(db, session.user_id, segment);
  if (!profile) throw new Error('activated user has no profile');
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
  return { accessToken, expiresIn: Math.max(0, Math.floor((session.expires_at.getTime() - now) / 1000)), profile };
}
