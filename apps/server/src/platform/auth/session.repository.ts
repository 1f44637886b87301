import { sql } from 'kysely';
import type { Queryable } from '../db/database';
import { sqlOf } from '../db/query-builder';
import { actorsChanged } from './actor-cache';

/** A session row as the store works with it; timestamps are ISO strings. */
export interface SessionRow {
  id: string;
  userId: string;
  dataSegmentId: string | null;
  expiresAt: string;
  absoluteExpiresAt: string;
}

const SESSION_COLUMNS = ['id', 'userId', 'dataSegmentId', 'expiresAt', 'absoluteExpiresAt'] as const;

export async function insertSession(
  db: Queryable,
  input: {
    userId: string;
    dataSegmentId: string | null;
    createdAt: Date;
    expiresAt: Date;
    absoluteExpiresAt: Date;
    ip: string;
    userAgent: string | null;
  },
): Promise<SessionRow> {
  return sqlOf(db).insertInto('sessions').values(input).returning(SESSION_COLUMNS).executeTakeFirstOrThrow();
}

/** Slides a live session to `now + idleSeconds`, never past its absolute end; optionally switches its segment. */
export async function slideSession(
  db: Queryable,
  input: { sessionId: string; now: Date; idleSeconds: number; dataSegmentId: string | null | undefined },
): Promise<SessionRow | null> {
  const row = await sqlOf(db)
    .updateTable('sessions')
    .set({
      expiresAt: sql`least(${input.now}::timestamptz + make_interval(secs => ${input.idleSeconds}), absolute_expires_at)`,
      ...(input.dataSegmentId === undefined ? {} : { dataSegmentId: input.dataSegmentId }),
    })
    .where('id', '=', input.sessionId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', input.now.toISOString())
    .where('absoluteExpiresAt', '>', input.now.toISOString())
    .returning(SESSION_COLUMNS)
    .executeTakeFirst();
  // Sliding alone needs no word: a cached caller is kept only until the earlier end it was read with.
  if (row && input.dataSegmentId !== undefined) await actorsChanged(db);
  return row ?? null;
}

export async function markSessionRevoked(db: Queryable, sessionId: string, reason: string): Promise<boolean> {
  const result = await sqlOf(db)
    .updateTable('sessions')
    .set({ revokedAt: sql`now()`, revokeReason: reason })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  const isRevoked = Number(result.numUpdatedRows) > 0;
  if (isRevoked) await actorsChanged(db);
  return isRevoked;
}

/** Ends every live session of a user, optionally keeping one; answers how many ended. */
export async function markUserSessionsRevoked(db: Queryable, userId: string, reason: string, exceptSessionId?: string): Promise<number> {
  const result = await sqlOf(db)
    .updateTable('sessions')
    .set({ revokedAt: sql`now()`, revokeReason: reason })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .$if(exceptSessionId !== undefined, (qb) => qb.where('id', '<>', exceptSessionId ?? ''))
    .executeTakeFirst();
  const revoked = Number(result.numUpdatedRows);
  if (revoked > 0) await actorsChanged(db);
  return revoked;
}

/** The users/roles columns of a session profile, as the session load and the profile read select them. */
export interface AccountColumns {
  firstName: string;
  lastName: string;
  username: string;
  phoneNumber: string | null;
  avatarFileName: string | null;
  accountType: 'full' | 'lite';
  kyb: boolean;
  userGuide: boolean;
  dataSegmentIds: string[];
  /** The role's permissions in order; none while the role is archived. */
  permissions: string[];
}

export interface ActorRow extends AccountColumns {
  sessionId: string;
  /** The session's idle end and absolute end. */
  expiresAt: string;
  absoluteExpiresAt: string;
  userId: string;
  email: string;
  dataSegmentId: string | null;
  roleName: string | null;
  whiteLabelling: boolean | null;
}

/** The permissions of the role `r` as it is now: none while it is archived. */
export const livePermissionsOf = sql<string[]>`case when r.status = 'active'
  then coalesce((select array_agg(rp.permission order by rp.permission) from role_permissions rp where rp.role_id = r.id), '{}')
  else '{}' end`;

/**
 * A live session of an active user with everything a request needs about its caller, in one
 * statement; null when the session ended, expired or its user is no longer active.
 */
export async function findLiveSessionActor(db: Queryable, sessionId: string, now: Date): Promise<ActorRow | null> {
  const row = await sqlOf(db)
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.userId')
    .leftJoin('roles as r', 'r.id', 'u.roleId')
    .leftJoin('dataSegments as ds', 'ds.id', 's.dataSegmentId')
    .select([
      's.id as sessionId',
      's.expiresAt',
      's.absoluteExpiresAt',
      'u.id as userId',
      'u.firstName',
      'u.lastName',
      'u.email',
      'u.username',
      'u.phoneNumber',
      'u.avatarFileName',
      'u.accountType',
      'u.kyb',
      'u.userGuide',
      'u.dataSegmentIds',
      's.dataSegmentId',
      'r.title as roleName',
      livePermissionsOf.as('permissions'),
      'ds.whiteLabelling',
    ])
    .where('s.id', '=', sessionId)
    .where('s.revokedAt', 'is', null)
    .where('s.expiresAt', '>', now.toISOString())
    .where('s.absoluteExpiresAt', '>', now.toISOString())
    .where('u.status', '=', 'active')
    .executeTakeFirst();
  return row ?? null;
}
