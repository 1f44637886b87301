import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from '@sanad/contracts/constants';
import { WHITE_LABELLING_SCOPE } from '@sanad/contracts/permissions';
import type { Queryable } from '../db/database';
import { scopeFromSegmentIds } from '../tenancy/scope';
import type { Actor, ActorAccount } from './access';
import {
  findLiveSessionActor,
  insertSession,
  markSessionRevoked,
  markUserSessionsRevoked,
  slideSession,
  type AccountColumns,
  type SessionRow,
} from './session.repository';

export type { AccountColumns, SessionRow };

/**
 * Sessions are rows: a signed token names one, and the session must still be live for the token
 * to work, so logout, a password change or disabling a user ends the session at once. A session
 * lives an idle period from its last extension, never past an absolute end from its creation.
 */
export function createSession(
  db: Queryable,
  input: { userId: string; dataSegmentId: string | null; ip: string; userAgent: string | null; now?: Date },
): Promise<SessionRow> {
  const now = input.now ?? new Date();
  const absolute = new Date(now.getTime() + SESSION_ABSOLUTE_SECONDS * 1000);
  const expires = new Date(Math.min(now.getTime() + SESSION_IDLE_SECONDS * 1000, absolute.getTime()));
  return insertSession(db, {
    userId: input.userId,
    dataSegmentId: input.dataSegmentId,
    createdAt: now,
    expiresAt: expires,
    absoluteExpiresAt: absolute,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 512) ?? null,
  });
}

/** Slides the session by the idle period, never past its absolute end; null if it is no longer live. */
export function extendSession(
  db: Queryable,
  sessionId: string,
  dataSegmentId: string | null | undefined,
  now = new Date(),
): Promise<SessionRow | null> {
  return slideSession(db, { sessionId, now, idleSeconds: SESSION_IDLE_SECONDS, dataSegmentId });
}

export function revokeSession(db: Queryable, sessionId: string, reason: string): Promise<boolean> {
  return markSessionRevoked(db, sessionId, reason);
}

/** Ends every live session of a user, optionally keeping one (password change keeps none). */
export function revokeUserSessions(db: Queryable, userId: string, reason: string, exceptSessionId?: string): Promise<number> {
  return markUserSessionsRevoked(db, userId, reason, exceptSessionId);
}

/**
 * Everything a request needs to know about its caller, in one statement: the session must be live
 * and the user active. Permissions come from the role as it is now, so a role change applies to
 * the next request of every holder, whatever their token says. Also answers until when the session
 * stays live unless it is extended (epoch ms), which bounds how long the caller may be cached.
 */
export async function loadActor(db: Queryable, sessionId: string, now = new Date()): Promise<{ actor: Actor; liveUntil: number } | null> {
  const row = await findLiveSessionActor(db, sessionId, now);
  if (!row) return null;
  const permissions = new Set(row.permissions);
  if (row.whiteLabelling) permissions.add(WHITE_LABELLING_SCOPE);
  // Frozen: one caller object may answer several requests from the cache (actor-cache.ts).
  const actor: Actor = Object.freeze({
    userId: row.userId,
    sessionId: row.sessionId,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    roleName: row.roleName ?? '',
    permissions,
    segments: scopeFromSegmentIds(row.dataSegmentIds),
    activeSegmentId: row.dataSegmentId,
    isActiveSegmentWhiteLabelled: row.whiteLabelling === true,
    account: Object.freeze(accountFromColumns(row)),
  });
  return { actor, liveUntil: Math.min(Date.parse(row.expiresAt), Date.parse(row.absoluteExpiresAt)) };
}

export function accountFromColumns(row: AccountColumns): ActorAccount {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    username: row.username,
    phoneNumber: row.phoneNumber,
    avatarFileName: row.avatarFileName,
    accountType: row.accountType,
    kyb: row.kyb,
    userGuide: row.userGuide,
    dataSegmentIds: row.dataSegmentIds,
    rolePermissions: row.permissions,
  };
}
