import { sql } from 'kysely';
import type { TListQuery } from '@sanad/contracts/http';
import type { TRoleRow } from '@sanad/contracts/roles';
import type { Queryable } from '../../platform/db/database';
import { inSegments, keywordLike, pageOf, sortOf, totalRows } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import type { Page } from '../../platform/http/envelope';
import { isUuid } from '../../platform/http/id-params';
import type { TenantScope } from '../../platform/tenancy/scope';
import { actorsChanged } from '../../platform/auth/actor-cache';

export interface NewRole {
  dataSegmentId: string;
  title: string;
  permissions: readonly string[];
  isSystem?: boolean;
}

export async function insertRole(tx: Queryable, input: NewRole): Promise<string> {
  const { id } = await sqlOf(tx)
    .insertInto('roles')
    .values({ dataSegmentId: input.dataSegmentId, title: input.title, isSystem: input.isSystem ?? false })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceRolePermissions(tx, id, input.permissions);
  return id;
}

export async function replaceRolePermissions(tx: Queryable, roleId: string, permissions: readonly string[]): Promise<void> {
  const db = sqlOf(tx);
  await db.deleteFrom('rolePermissions').where('roleId', '=', roleId).execute();
  // The role's holders may do more or less from their next request on.
  await actorsChanged(tx);
  if (permissions.length === 0) return;
  await db
    .insertInto('rolePermissions')
    .values([...new Set(permissions)].map((permission) => ({ roleId, permission })))
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

const rolePermissions = sql<
  string[]
>`coalesce((select array_agg(rp.permission order by rp.permission) from role_permissions rp where rp.role_id = r.id), '{}')`;
const roleHolders = sql<number>`(select count(*)::int from users u where u.role_id = r.id and u.status <> 'archived')`;

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
  const row = await sqlOf(db)
    .selectFrom('roles as r')
    .select(['r.id', 'r.title', 'r.status', 'r.dataSegmentId', rolePermissions.as('permissions')])
    .where('r.id', '=', id)
    .where(inSegments('r.dataSegmentId', scope))
    .executeTakeFirst();
  return row ?? null;
}

/** The permissions of a user's role as it is now (none when the role is archived or missing). */
export async function getUserRolePermissions(db: Queryable, userId: string): Promise<string[]> {
  const row = await sqlOf(db)
    .selectFrom('users as u')
    .select(
      sql<string[]>`coalesce((select array_agg(rp.permission) from role_permissions rp where rp.role_id = u.role_id), '{}')`.as(
        'permissions',
      ),
    )
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row?.permissions ?? [];
}

/** The columns of a role as the role list shows it (TRoleRow). */
function selectRoleRows(db: Queryable) {
  return sqlOf(db)
    .selectFrom('roles as r')
    .innerJoin('dataSegments as ds', 'ds.id', 'r.dataSegmentId')
    .select([
      'r.id as _id',
      'r.title',
      'r.status',
      'r.dataSegmentId',
      'ds.companyName',
      'r.isSystem',
      'r.createdAt',
      roleHolders.as('usersCount'),
      rolePermissions.as('permissions'),
    ]);
}

const ROLE_SORT = {
  title: sql`lower(r.title)`,
  usersCount: sql`"usersCount"`,
  status: sql`r.status`,
  createdAt: sql`r.created_at`,
};

export interface RoleListFilter {
  scope: TenantScope;
  onlySegment: string | null;
  status: 'active' | 'archived' | null;
}

export async function listRoles(db: Queryable, filter: RoleListFilter, query: TListQuery): Promise<Page<TRoleRow>> {
  const sort = sortOf(query, ROLE_SORT, { expression: ROLE_SORT.title, direction: 'asc' });
  const { limit, offset } = pageOf(query);
  const rows = await selectRoleRows(db)
    .select(totalRows())
    .where(inSegments('r.dataSegmentId', filter.scope, filter.onlySegment))
    .$if(filter.status !== null, (qb) => qb.where('r.status', '=', filter.status ?? 'active'))
    .$if(Boolean(query.keyword), (qb) => qb.where('r.title', 'ilike', keywordLike(query.keyword ?? '')))
    .orderBy(sql`${sort.expression} ${sql.raw(sort.direction)} nulls last`)
    .orderBy('r.id', sort.direction)
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

export async function getRoleRow(db: Queryable, id: string): Promise<TRoleRow | null> {
  return (await selectRoleRows(db).where('r.id', '=', id).executeTakeFirst()) ?? null;
}

export async function isRoleTitleTaken(db: Queryable, dataSegmentId: string, title: string, exceptRoleId: string | null): Promise<boolean> {
  const row = await sqlOf(db)
    .selectFrom('roles')
    .select('id')
    .where('dataSegmentId', '=', dataSegmentId)
    .where(sql<boolean>`lower(title) = lower(${title})`)
    .$if(exceptRoleId !== null, (qb) => qb.where('id', '<>', exceptRoleId ?? ''))
    .executeTakeFirst();
  return row !== undefined;
}

/** Users holding the role who are not archived: they would lose every permission if it were archived. */
export async function countRoleHolders(db: Queryable, roleId: string): Promise<number> {
  const row = await sqlOf(db)
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('roleId', '=', roleId)
    .where('status', '<>', 'archived')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function updateRole(tx: Queryable, id: string, fields: { title: string; status: 'active' | 'archived' }): Promise<void> {
  await sqlOf(tx)
    .updateTable('roles')
    .set({ title: fields.title, status: fields.status, updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
  // An archived role grants nothing, and its title is part of its holders' sessions.
  await actorsChanged(tx);
}

/** Whether a data segment of this id exists: an operator may name any id, including one that names none. */
export async function dataSegmentExists(db: Queryable, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return (await sqlOf(db).selectFrom('dataSegments').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
