import type { TProfile } from '@sanad/contracts/session';
import { getStatusReviewRole, WHITE_LABELLING_SCOPE } from '@sanad/contracts/permissions';
import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';
import type { ActorAccount } from '../../platform/auth/access';
import { accountFromColumns, type AccountColumns } from '../../platform/auth/session-store';

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  phoneNumber?: string | null;
  companyName?: string;
  roleId: string;
  accountType?: 'full' | 'lite';
  kyb?: boolean;
  userGuide?: boolean;
  dataSegmentIds: readonly string[];
  status: 'active' | 'pending';
  passwordHash?: string | null;
  invitedBy?: string | null;
}

export async function insertUser(tx: Queryable, input: NewUser): Promise<string> {
  const row = await queryOne<{ id: string }>(
    tx,
    `insert into users (first_name, last_name, email, username, phone_number, company_name, role_id, account_type, kyb,
                        user_guide, data_segment_ids, status, password_hash, password_changed_at, invited_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::uuid[], $12, $13, case when $13::text is null then null else now() end, $14)
     returning id`,
    [
      input.firstName,
      input.lastName,
      input.email,
      input.username,
      input.phoneNumber ?? null,
      input.companyName ?? '',
      input.roleId,
      input.accountType ?? 'full',
      input.kyb ?? false,
      input.userGuide ?? false,
      [...input.dataSegmentIds],
      input.status,
      input.passwordHash ?? null,
      input.invitedBy ?? null,
    ],
  );
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

export async function countUsers(db: Queryable): Promise<number> {
  const row = await queryOne<{ count: number }>(db, 'select count(*)::int as count from users');
  return row?.count ?? 0;
}

export interface LoginCandidate {
  id: string;
  status: 'active' | 'pending' | 'archived';
  password_hash: string | null;
  data_segment_ids: string[];
  first_name: string;
  last_name: string;
}

/** The account an identifier names: its e-mail address or its username, case-insensitively. */
export async function findLoginCandidate(db: Queryable, identifier: string): Promise<LoginCandidate | null> {
  return queryOne<LoginCandidate>(
    db,
    `select id, status, password_hash, data_segment_ids, first_name, last_name
       from users where lower(email) = lower($1) or lower(username) = lower($1)
      order by (lower(email) = lower($1)) desc limit 1`,
    [identifier],
  );
}

export async function recordLogin(tx: Queryable, userId: string): Promise<void> {
  await tx.query('update users set last_login_at = now() where id = $1', [userId]);
}

interface ProfileRow extends AccountColumns {
  id: string;
  email: string;
  role_name: string | null;
}

/**
 * The session profile (001 §3). Scopes are the role's permissions, plus white-labelling when the
 * active segment allows it; the status-review role is derived from them.
 */
export async function getProfile(
  db: Queryable,
  userId: string,
  activeSegment: { whiteLabelling: boolean } | null,
): Promise<TProfile | null> {
  const row = await queryOne<ProfileRow>(
    db,
    `select u.id, u.first_name, u.last_name, u.email, u.username, u.phone_number, u.avatar_file_name, u.account_type,
            u.kyb, u.user_guide, u.data_segment_ids, r.title as role_name,
            case when r.status = 'active'
                 then coalesce((select array_agg(rp.permission order by rp.permission) from role_permissions rp where rp.role_id = r.id), '{}')
                 else '{}' end as permissions
       from users u left join roles r on r.id = u.role_id
      where u.id = $1`,
    [userId],
  );
  if (!row) return null;
  return profileOf(
    { id: row.id, email: row.email, roleName: row.role_name ?? '' },
    accountFromColumns(row),
    activeSegment?.whiteLabelling ?? false,
  );
}

/** The session profile of an account; the actor of a request carries everything it needs. */
export function profileOf(
  user: { id: string; email: string; roleName: string },
  account: ActorAccount,
  isWhiteLabelled: boolean,
): TProfile {
  const scopes = isWhiteLabelled ? [...account.rolePermissions, WHITE_LABELLING_SCOPE] : account.rolePermissions;
  return {
    _id: user.id,
    userId: user.id,
    firstName: account.firstName,
    lastName: account.lastName,
    email: user.email,
    username: account.username,
    phoneNumber: account.phoneNumber,
    roleName: user.roleName,
    avatar: account.avatarFileName ? { fileName: account.avatarFileName } : null,
    accountType: account.accountType,
    kyb: account.kyb,
    userGuide: account.userGuide,
    dataSegmentIds: account.dataSegmentIds,
    scopes,
    kycRole: getStatusReviewRole(scopes),
  };
}
