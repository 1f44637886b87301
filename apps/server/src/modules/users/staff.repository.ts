import type { TStaffUserRow, TUserStatus } from '@sanad/contracts/staff-users';
import type { TListQuery } from '@sanad/contracts/http';
import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';
import type { Page } from '../../platform/http/envelope';
import { isUuid } from '../../platform/http/id-params';
import { keywordPattern, orderByClause, pageClause } from '../../platform/http/list-query';
import type { TenantScope } from '../../platform/tenancy/scope';

export type StaffKind = 'system' | 'team';

/**
 * The users an actor may see, as an SQL condition on `u`. A user is visible when every segment
 * they belong to is one the actor sees; users who see every segment (an empty list) are visible
 * only to actors who see every segment. A user spanning several segments therefore belongs to
 * whoever administers all of them, never to the administrator of just one.
 */
export function staffScopeCondition(scope: TenantScope, params: unknown[]): string {
  if (scope.all) return 'true';
  params.push(scope.ids);
  return `(cardinality(u.data_segment_ids) > 0 and u.data_segment_ids <@ $${params.length}::uuid[])`;
}

interface StaffRowRecord {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  phone_number: string | null;
  company_name: string;
  ref: string;
  avatar_file_name: string | null;
  role_id: string | null;
  role_title: string | null;
  invited_by_id: string | null;
  invited_by_first_name: string | null;
  data_segment_ids: string[];
  kyb: boolean;
  account_type: 'full' | 'lite';
  user_guide: boolean;
  is_team_member: boolean;
  status: TUserStatus;
  created_at: Date;
  total?: number;
}

const SELECT_STAFF = `
  select u.id, u.first_name, u.last_name, u.email, u.username, u.phone_number, u.company_name, u.ref,
         u.avatar_file_name, u.role_id, r.title as role_title, inv.id as invited_by_id,
         inv.first_name as invited_by_first_name, u.data_segment_ids, u.kyb, u.account_type, u.user_guide,
         u.is_team_member, u.status, u.created_at`;
const FROM_STAFF = `
    from users u
    left join roles r on r.id = u.role_id
    left join users inv on inv.id = u.invited_by`;

function toRow(record: StaffRowRecord): TStaffUserRow {
  return {
    _id: record.id,
    firstName: record.first_name,
    lastName: record.last_name,
    fullName: `${record.first_name} ${record.last_name}`.trim(),
    email: record.email,
    username: record.username,
    phoneNumber: record.phone_number,
    companyName: record.company_name,
    ref: record.ref,
    avatar: record.avatar_file_name ? { fileName: record.avatar_file_name } : null,
    roleId: record.role_id,
    roleTitle: record.role_title ?? '',
    invitedBy: record.invited_by_id ? { _id: record.invited_by_id, firstName: record.invited_by_first_name ?? '' } : null,
    dataSegmentIds: record.data_segment_ids,
    kyb: record.kyb,
    accountType: record.account_type,
    userGuide: record.user_guide,
    isTeamMember: record.is_team_member,
    status: record.status,
    createdAt: new Date(record.created_at).toISOString(),
  };
}

const SORTABLE: Record<string, string> = {
  fullName: "lower(u.first_name || ' ' || u.last_name)",
  roleTitle: 'lower(r.title)',
  invitedBy: 'lower(inv.first_name)',
  ref: 'lower(u.ref)',
  email: 'lower(u.email)',
  createdAt: 'u.created_at',
  status: 'u.status',
};

export interface StaffListFilter {
  kind: StaffKind;
  scope: TenantScope;
  /** Users of this segment only (plus, for actors who see everything, users who see everything). */
  onlySegment: string | null;
  roleId: string | null;
  status: TUserStatus | null;
}

export async function listStaff(db: Queryable, filter: StaffListFilter, query: TListQuery): Promise<Page<TStaffUserRow>> {
  const params: unknown[] = [filter.kind === 'team'];
  const conditions = ['u.is_team_member = $1', staffScopeCondition(filter.scope, params)];
  if (filter.onlySegment) {
    params.push(filter.onlySegment);
    const everything = filter.scope.all ? ' or cardinality(u.data_segment_ids) = 0' : '';
    // @> rather than = any(): the GIN index on data_segment_ids serves it.
    conditions.push(`(u.data_segment_ids @> array[$${params.length}::uuid]${everything})`);
  }
  if (filter.status) {
    params.push(filter.status);
    conditions.push(`u.status = $${params.length}`);
  }
  if (filter.roleId) {
    params.push(filter.roleId);
    conditions.push(`u.role_id = $${params.length}::uuid`);
  }
  if (query.keyword) {
    params.push(keywordPattern(query.keyword));
    const n = params.length;
    conditions.push(
      `(u.first_name || ' ' || u.last_name ilike $${n} or u.email ilike $${n} or u.username ilike $${n}
        or u.ref ilike $${n} or u.company_name ilike $${n} or coalesce(r.title, '') ilike $${n})`,
    );
  }
  const order = orderByClause(query, SORTABLE, { column: 'u.created_at', order: 'desc' }, 'u.id');
  const page = pageClause(query, params);
  const result = await db.query<StaffRowRecord>(
    `${SELECT_STAFF}, count(*) over ()::int as total ${FROM_STAFF} where ${conditions.join(' and ')} ${order} ${page}`,
    params,
  );
  return { rows: result.rows.map(toRow), total: result.rows[0]?.total ?? 0 };
}

/** One staff user of the given kind the actor may see, or null. */
export async function getStaffUser(db: Queryable, scope: TenantScope, id: string, kind: StaffKind | null): Promise<TStaffUserRow | null> {
  if (!isUuid(id)) return null;
  const params: unknown[] = [id];
  const conditions = ['u.id = $1', staffScopeCondition(scope, params)];
  if (kind) {
    params.push(kind === 'team');
    conditions.push(`u.is_team_member = $${params.length}`);
  }
  const record = await queryOne<StaffRowRecord>(db, `${SELECT_STAFF} ${FROM_STAFF} where ${conditions.join(' and ')}`, params);
  return record ? toRow(record) : null;
}

/** Which of an e-mail address and a username other accounts already use (case-insensitively). */
export async function findIdentityConflicts(
  db: Queryable,
  email: string,
  username: string,
  exceptUserId: string | null,
): Promise<{ email: boolean; username: boolean }> {
  const row = await queryOne<{ email: boolean; username: boolean }>(
    db,
    `select coalesce(bool_or(lower(email) = lower($1)), false) as email,
            coalesce(bool_or(lower(username) = lower($2)), false) as username
       from users where (lower(email) = lower($1) or lower(username) = lower($2)) and ($3::uuid is null or id <> $3::uuid)`,
    [email, username, exceptUserId],
  );
  return row ?? { email: false, username: false };
}

export async function isUsernameTaken(db: Queryable, username: string): Promise<boolean> {
  const row = await queryOne<{ taken: boolean }>(db, 'select exists (select 1 from users where lower(username) = lower($1)) as taken', [
    username,
  ]);
  return row?.taken ?? false;
}

export interface StaffFields {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  phoneNumber: string | null;
  companyName: string;
  ref: string;
  roleId: string;
  kyb: boolean;
  accountType: 'full' | 'lite';
  userGuide: boolean;
  dataSegmentIds: readonly string[];
}

/** A pending account awaiting its invitation to be accepted. */
export async function insertStaffUser(
  tx: Queryable,
  fields: StaffFields & { isTeamMember: boolean; invitedBy: string | null },
): Promise<string> {
  const row = await queryOne<{ id: string }>(
    tx,
    `insert into users (first_name, last_name, email, username, phone_number, company_name, ref, role_id, kyb,
                        account_type, user_guide, data_segment_ids, status, is_team_member, invited_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::uuid[], 'pending', $13, $14)
     returning id`,
    [
      fields.firstName,
      fields.lastName,
      fields.email,
      fields.username,
      fields.phoneNumber,
      fields.companyName,
      fields.ref,
      fields.roleId,
      fields.kyb,
      fields.accountType,
      fields.userGuide,
      [...fields.dataSegmentIds],
      fields.isTeamMember,
      fields.invitedBy,
    ],
  );
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

export async function updateStaffUser(tx: Queryable, id: string, fields: StaffFields & { status: TUserStatus }): Promise<void> {
  await tx.query(
    `update users set first_name = $2, last_name = $3, email = $4, username = $5, phone_number = $6, company_name = $7,
            ref = $8, role_id = $9, kyb = $10, account_type = $11, user_guide = $12, data_segment_ids = $13::uuid[],
            status = $14, updated_at = now()
      where id = $1`,
    [
      id,
      fields.firstName,
      fields.lastName,
      fields.email,
      fields.username,
      fields.phoneNumber,
      fields.companyName,
      fields.ref,
      fields.roleId,
      fields.kyb,
      fields.accountType,
      fields.userGuide,
      [...fields.dataSegmentIds],
      fields.status,
    ],
  );
}

/** The segments among `ids` that exist. */
export async function existingSegmentIds(db: Queryable, ids: readonly string[]): Promise<string[]> {
  const result = await db.query<{ id: string }>('select id from data_segments where id = any($1::uuid[])', [[...ids]]);
  return result.rows.map((row) => row.id);
}

export async function getCompanyName(db: Queryable, segmentId: string | null): Promise<string> {
  if (!segmentId) return '';
  const row = await queryOne<{ company_name: string }>(db, 'select company_name from data_segments where id = $1', [segmentId]);
  return row?.company_name ?? '';
}
