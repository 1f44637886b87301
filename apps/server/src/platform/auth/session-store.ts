import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from '@sanad/contracts/constants';
import { WHITE_LABELLING_SCOPE } from '@sanad/contracts/permissions';
import type { Queryable } from '../db/database';
import { queryOne } from '../db/database';
import { scopeFromSegmentIds } from '../tenancy/scope';
import type { Actor, ActorAccount } from './access';

export interface SessionRow {
  id: string;
  user_id: string;
  data_segment_id: string | null;
  expires_at: Date;
  absolute_expires_at: Date;
}

export async function createSession(
  db: Queryable,
  input: { userId: string; dataSegmentId: string | null; ip: string; userAgent: string | null; now?: Date },
): Promise<SessionRow> {
  const now = input.now ?? new Date();
  const absolute = new Date(now.getTime() + SESSION_ABSOLUTE_SECONDS * 1000);
  const expires = new Date(Math.min(now.getTime() + SESSION_IDLE_SECONDS * 1000, absolute.getTime()));
  const row = await queryOne<SessionRow>(
    db,
    `insert into sessions (user_id, data_segment_id, created_at, expires_at, absolute_expires_at, ip, user_agent)
     values ($1, $2, $3, $4, $5, $6, $7)
     returning id, user_id, data_segment_id, expires_at, absolute_expires_at`,
    [input.userId, input.dataSegmentId, now, expires, absolute, input.ip, input.userAgent?.slice(0, 512) ?? null],
  );
  if (!row) throw new Error('session insert returned nothing');
  return row;
}

/** Slides the session by the idle period, never past its absolute end; null if it is no longer live. */
export async function extendSession(
  db: Queryable,
  sessionId: string,
  dataSegmentId: string | null | undefined,
  now = new Date(),
): Promise<SessionRow | null> {
  return queryOne<SessionRow>(
    db,
    `update sessions
        set expires_at = least($2::timestamptz + make_interval(secs => $3), absolute_expires_at),
            data_segment_id = case when $4::boolean then $5::uuid else data_segment_id end
      where id = $1 and revoked_at is null and expires_at > $2 and absolute_expires_at > $2
      returning id, user_id, data_segment_id, expires_at, absolute_expires_at`,
    [sessionId, now, SESSION_IDLE_SECONDS, dataSegmentId !== undefined, dataSegmentId ?? null],
  );
}

export async function revokeSession(db: Queryable, sessionId: string, reason: string): Promise<boolean> {
  const result = await db.query('update sessions set revoked_at = now(), revoke_reason = $2 where id = $1 and revoked_at is null', [
    sessionId,
    reason,
  ]);
  return result.rowCount > 0;
}

/** Ends every live session of a user, optionally keeping one (password change keeps none). */
export async function revokeUserSessions(db: Queryable, userId: string, reason: string, exceptSessionId?: string): Promise<number> {
  const result = await db.query(
    `update sessions set revoked_at = now(), revoke_reason = $2
      where user_id = $1 and revoked_at is null and ($3::uuid is null or id <> $3::uuid)`,
    [userId, reason, exceptSessionId ?? null],
  );
  return result.rowCount;
}

interface ActorRow extends AccountColumns {
  session_id: string;
  user_id: string;
  email: string;
  data_segment_id: string | null;
  role_name: string | null;
  white_labelling: boolean | null;
}

/**
 * Everything a request needs to know about its caller, in one statement: the session must be live
 * and the user active. Permissions come from the role as it is now, so a role change applies to
 * the next request of every holder, whatever their token says.
 */
export async function loadActor(db: Queryable, sessionId: string, now = new Date()): Promise<Actor | null> {
  const row = await queryOne<ActorRow>(
    db,
    `select s.id as session_id, u.id as user_id, u.first_name, u.last_name, u.email,
            u.username, u.phone_number, u.avatar_file_name, u.account_type, u.kyb, u.user_guide,
            u.data_segment_ids, s.data_segment_id, r.title as role_name,
            case when r.status = 'active'
                 then coalesce((select array_agg(rp.permission order by rp.permission) from role_permissions rp where rp.role_id = r.id), '{}')
                 else '{}' end as permissions,
            ds.white_labelling
       from sessions s
       join users u on u.id = s.user_id
       left join roles r on r.id = u.role_id
       left join data_segments ds on ds.id = s.data_segment_id
      where s.id = $1 and s.revoked_at is null and s.expires_at > $2 and s.absolute_expires_at > $2
        and u.status = 'active'`,
    [sessionId, now],
  );
  if (!row) return null;
  const permissions = new Set(row.permissions);
  if (row.white_labelling) permissions.add(WHITE_LABELLING_SCOPE);
  return {
    userId: row.user_id,
    sessionId: row.session_id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    roleName: row.role_name ?? '',
    permissions,
    segments: scopeFromSegmentIds(row.data_segment_ids),
    activeSegmentId: row.data_segment_id,
    isActiveSegmentWhiteLabelled: row.white_labelling === true,
    account: accountFromColumns(row),
  };
}

/** The users/roles columns of a session profile, as the session load and the profile read select them. */
export interface AccountColumns {
  first_name: string;
  last_name: string;
  username: string;
  phone_number: string | null;
  avatar_file_name: string | null;
  account_type: 'full' | 'lite';
  kyb: boolean;
  user_guide: boolean;
  data_segment_ids: string[];
  permissions: string[];
}

export function accountFromColumns(row: AccountColumns): ActorAccount {
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    username: row.username,
    phoneNumber: row.phone_number,
    avatarFileName: row.avatar_file_name,
    accountType: row.account_type,
    kyb: row.kyb,
    userGuide: row.user_guide,
    dataSegmentIds: row.data_segment_ids,
    rolePermissions: row.permissions,
  };
}
