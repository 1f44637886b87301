import type { TListQuery } from '@sanad/contracts/http';
import type { TRoleRow } from '@sanad/contracts/role-admin';
import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';
import type { Page } from '../../platform/http/envelope';
import { isUuid } from '../../platform/http/id-params';
import { keywordPattern, orderByClause, pageClause } from '../../platform/http/list-query';
import type { TenantScope } from '../../platform/tenancy/scope';
import { segmentCondition } from '../../platform/tenancy/scope';

export interface NewRole {
  dataSegmentId: string;
  title: string;
  permissions: readonly string[];
  isSystem?: boolean;
}

export async function insertRole(tx: Queryable, input: NewRole): Promise<string> {
  const row = await queryOne<{ id: string }>(tx, 'insert into roles (data_segment_id, title, is_system) values ($1, $2, $3) returning id', [
    input.dataSegmentId,
    input.title,
    input.isSystem ?? false,
  ]);
  if (!row) throw new Error('role insert returned nothing');
  await replaceRolePermissions(tx, row.id, input.permissions);
  return row.id;
}

export async function replaceRolePermissions(tx: Queryable, roleId: string, permissions: readonly string[]): Promise<void> {
  await tx.query('delete from role_permissions where role_id = $1', [roleId]);
  if (permissions.length === 0) return;
  await tx.query('insert into role_permissions (role_id, permission) select $1, unnest($2::text[]) on conflict do nothing', [
    roleId,
    [...permissions],
  ]);
}

export interface ScopedRole {
  id: string;
  title: string;
  status: 'active' | 'archived';
  dataSegmentId: string;
  permissions: string[];
}

/** A role of a segment the actor may see, with its permissions, or null. */
export async function getScopedRole(db: Queryable, scope: TenantScope, id: string): Promise<ScopedRole | null> {
  if (!isUuid(id)) return null;
  const params: unknown[] = [id];
  const condition = segmentCondition(scope, 'r.data_segment_id', params);
  const row = await queryOne<{ id: string; title: string; status: 'active' | 'archived'; data_segment_id: string; permissions: string[] }>(
    db,
    `select r.id, r.title, r.status, r.data_segment_id,
            coalesce((select array_agg(rp.permission order by rp.permission) from role_permissions rp where rp.role_id = r.id), '{}') as permissions
       from roles r where r.id = $1 and ${condition}`,
    params,
  );
  return row
    ? { id: row.id, title: row.title, status: row.status, dataSegmentId: row.data_segment_id, permissions: row.permissions }
    : null;
}

/** The permissions of a user's role as it is now (none when the role is archived or missing). */
export async function getUserRolePermissions(db: Queryable, userId: string): Promise<string[]> {
  const row = await queryOne<{ permissions: string[] }>(
    db,
    `select coalesce((select array_agg(rp.permission) from role_permissions rp where rp.role_id = u.role_id), '{}') as permissions
       from users u where u.id = $1`,
    [userId],
  );
  return row?.permissions ?? [];
}

interface RoleRecord {
  id: string;
  title: string;
  status: 'active' | 'archived';
  users_count: number;
  permissions: string[];
  data_segment_id: string;
  company_name: string;
  is_system: boolean;
  created_at: Date;
  total?: number;
}

const ROLE_COLUMNS = `
         r.id, r.title, r.status, r.data_segment_id, ds.company_name, r.is_system, r.created_at,
         (select count(*)::int from users u where u.role_id = r.id and u.status <> 'archived') as users_count,
         coalesce((select array_agg(rp.permission order by rp.permission) from role_permissions rp where rp.role_id = r.id), '{}') as permissions`;
const ROLE_FROM = 'from roles r join data_segments ds on ds.id = r.data_segment_id';

function toRoleRow(record: RoleRecord): TRoleRow {
  return {
    _id: record.id,
    title: record.title,
    status: record.status,
    usersCount: record.users_count,
    permissions: record.permissions,
    dataSegmentId: record.data_segment_id,
    companyName: record.company_name,
    isSystem: record.is_system,
    createdAt: new Date(record.created_at).toISOString(),
  };
}

const ROLE_SORT: Record<string, string> = {
  title: 'lower(r.title)',
  usersCount: 'users_count',
  status: 'r.status',
  createdAt: 'r.created_at',
};

export interface RoleListFilter {
  scope: TenantScope;
  onlySegment: string | null;
  status: 'active' | 'archived' | null;
}

export async function listRoles(db: Queryable, filter: RoleListFilter, query: TListQuery): Promise<Page<TRoleRow>> {
  const params: unknown[] = [];
  const conditions = [segmentCondition(filter.scope, 'r.data_segment_id', params, filter.onlySegment)];
  if (filter.status) {
    params.push(filter.status);
    conditions.push(`r.status = $${params.length}`);
  }
  if (query.keyword) {
    params.push(keywordPattern(query.keyword));
    conditions.push(`r.title ilike $${params.length}`);
  }
  const order = orderByClause(query, ROLE_SORT, { column: 'lower(r.title)', order: 'asc' }, 'r.id');
  const page = pageClause(query, params);
  // users_count is an output column: ORDER BY may name it directly.
  const result = await db.query<RoleRecord>(
    `select ${ROLE_COLUMNS}, count(*) over ()::int as total ${ROLE_FROM} where ${conditions.join(' and ')} ${order} ${page}`,
    params,
  );
  return { rows: result.rows.map(toRoleRow), total: result.rows[0]?.total ?? 0 };
}

export async function getRoleRow(db: Queryable, id: string): Promise<TRoleRow | null> {
  const record = await queryOne<RoleRecord>(db, `select ${ROLE_COLUMNS} ${ROLE_FROM} where r.id = $1`, [id]);
  return record ? toRoleRow(record) : null;
}

export async function isRoleTitleTaken(db: Queryable, dataSegmentId: string, title: string, exceptRoleId: string | null): Promise<boolean> {
  const row = await queryOne<{ taken: boolean }>(
    db,
    `select exists (select 1 from roles where data_segment_id = $1 and lower(title) = lower($2)
                     and ($3::uuid is null or id <> $3::uuid)) as taken`,
    [dataSegmentId, title, exceptRoleId],
  );
  return row?.taken ?? false;
}

/** Users holding the role who are not archived: they would lose every permission if it were archived. */
export async function countRoleHolders(db: Queryable, roleId: string): Promise<number> {
  const row = await queryOne<{ count: number }>(
    db,
    "select count(*)::int as count from users where role_id = $1 and status <> 'archived'",
    [roleId],
  );
  return row?.count ?? 0;
}

export async function updateRole(tx: Queryable, id: string, fields: { title: string; status: 'active' | 'archived' }): Promise<void> {
  await tx.query('update roles set title = $2, status = $3, updated_at = now() where id = $1', [id, fields.title, fields.status]);
}
