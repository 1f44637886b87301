import { sql, type RawBuilder } from 'kysely';
import type { TListQuery } from '@sanad/contracts/http';
import type { TStaffUserRow, TUserOrigin, TUserStatus } from '@sanad/contracts/users';
import type { Queryable } from '../../platform/db/database';
import { keywordLike, pageOf, sortOf } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import type { Page } from '../../platform/http/envelope';
import { isUuid } from '../../platform/http/id-params';
import type { TenantScope } from '../../platform/tenancy/scope';
import { actorsChanged } from '../../platform/auth/actor-cache';

export type StaffKind = 'system' | 'team';

/**
 * The users an actor may see. A user is visible when every segment they belong to is one the actor
 * sees; users who see every segment (an empty list) are visible only to actors who see every
 * segment. A user spanning several segments therefore belongs to whoever administers all of them,
 * never to the administrator of just one.
 */
function staffInScope(scope: TenantScope): RawBuilder<boolean> {
  if (scope.all) return sql<boolean>`true`;
  return sql<boolean>`(cardinality(u.data_segment_ids) > 0 and u.data_segment_ids <@ ${[...scope.ids]}::uuid[])`;
}

/** The columns of an account as the user lists show it (TStaffUserRow). */
function selectStaffRows(db: Queryable) {
  return sqlOf(db)
    .selectFrom('users as u')
    .leftJoin('roles as r', 'r.id', 'u.roleId')
    .leftJoin('users as inv', 'inv.id', 'u.invitedBy')
    .select([
      'u.id as _id',
      'u.firstName',
      'u.lastName',
      sql<string>`trim(u.first_name || ' ' || u.last_name)`.as('fullName'),
      'u.email',
      'u.username',
      'u.phoneNumber',
      'u.companyName',
      'u.ref',
      sql<{
        fileName: string;
      } | null>`case when u.avatar_file_name is null then null else json_build_object('fileName', u.avatar_file_name) end`.as('avatar'),
      'u.roleId',
      sql<string>`coalesce(r.title, '')`.as('roleTitle'),
      sql<TStaffUserRow['invitedBy']>`case when inv.id is null then null
        else json_build_object('_id', inv.id, 'firstName', inv.first_name, 'fullName', trim(inv.first_name || ' ' || inv.last_name)) end`.as(
        'invitedBy',
      ),
      sql<TUserOrigin | null>`u.origin`.as('origin'),
      'u.dataSegmentIds',
      'u.kyb',
      'u.accountType',
      'u.userGuide',
      'u.isTeamMember',
      'u.status',
      'u.createdAt',
    ]);
}

const STAFF_SORT = {
  fullName: sql`lower(u.first_name || ' ' || u.last_name)`,
  roleTitle: sql`lower(r.title)`,
  invitedBy: sql`lower(inv.first_name || ' ' || inv.last_name)`,
  ref: sql`lower(u.ref)`,
  email: sql`lower(u.email)`,
  createdAt: sql`u.created_at`,
  status: sql`u.status`,
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
  const sort = sortOf(query, STAFF_SORT, { expression: STAFF_SORT.createdAt, direction: 'desc' });
  const { limit, offset } = pageOf(query);
  const onlySegment = filter.onlySegment;
  const rows = await selectStaffRows(db)
    .select(sql<number>`count(*) over ()::int`.as('total'))
    .where('u.isTeamMember', '=', filter.kind === 'team')
    .where(staffInScope(filter.scope))
    .$if(onlySegment !== null, (qb) =>
      // @> rather than = any(): the GIN index on data_segment_ids serves it.
      qb.where(
        filter.scope.all
          ? sql<boolean>`(u.data_segment_ids @> array[${onlySegment}::uuid] or cardinality(u.data_segment_ids) = 0)`
          : sql<boolean>`u.data_segment_ids @> array[${onlySegment}::uuid]`,
      ),
    )
    .$if(filter.status !== null, (qb) => qb.where('u.status', '=', filter.status ?? 'active'))
    .$if(filter.roleId !== null, (qb) => qb.where('u.roleId', '=', filter.roleId))
    .$if(Boolean(query.keyword), (qb) => {
      const pattern = keywordLike(query.keyword ?? '');
      return qb.where((eb) =>
        eb.or([
          eb(sql<string>`u.first_name || ' ' || u.last_name`, 'ilike', pattern),
          eb('u.email', 'ilike', pattern),
          eb('u.username', 'ilike', pattern),
          eb('u.ref', 'ilike', pattern),
          eb('u.companyName', 'ilike', pattern),
          eb(sql<string>`coalesce(r.title, '')`, 'ilike', pattern),
        ]),
      );
    })
    .orderBy(sql`${sort.expression} ${sql.raw(sort.direction)} nulls last`)
    .orderBy('u.id', sort.direction)
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

/** One staff account of the given kind (any kind when null) the scope may see, or null. */
export async function getStaffUser(db: Queryable, scope: TenantScope, id: string, kind: StaffKind | null): Promise<TStaffUserRow | null> {
  if (!isUuid(id)) return null;
  const row = await selectStaffRows(db)
    .where('u.id', '=', id)
    .where(staffInScope(scope))
    .$if(kind !== null, (qb) => qb.where('u.isTeamMember', '=', kind === 'team'))
    .executeTakeFirst();
  return row ?? null;
}

/** Which of an e-mail address and a username other accounts already use (case-insensitively). */
export async function findIdentityConflicts(
  db: Queryable,
  email: string,
  username: string,
  exceptUserId: string | null,
): Promise<{ email: boolean; username: boolean }> {
  const row = await sqlOf(db)
    .selectFrom('users')
    .select([
      sql<boolean>`coalesce(bool_or(lower(email) = lower(${email})), false)`.as('email'),
      sql<boolean>`coalesce(bool_or(lower(username) = lower(${username})), false)`.as('username'),
    ])
    .where(sql<boolean>`(lower(email) = lower(${email}) or lower(username) = lower(${username}))`)
    .$if(exceptUserId !== null, (qb) => qb.where('id', '<>', exceptUserId ?? ''))
    .executeTakeFirst();
  return row ?? { email: false, username: false };
}

export async function isUsernameTaken(db: Queryable, username: string): Promise<boolean> {
  const row = await sqlOf(db)
    .selectFrom('users')
    .select('id')
    .where(sql<boolean>`lower(username) = lower(${username})`)
    .executeTakeFirst();
  return row !== undefined;
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

/** A pending account awaiting its invitation to be accepted; the inviter is recorded. */
export async function insertStaffUser(tx: Queryable, fields: StaffFields & { isTeamMember: boolean; invitedBy: string }): Promise<string> {
  const { id } = await sqlOf(tx)
    .insertInto('users')
    .values({ ...fields, dataSegmentIds: [...fields.dataSegmentIds], status: 'pending', origin: 'invitation' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateStaffUser(tx: Queryable, id: string, fields: StaffFields & { status: TUserStatus }): Promise<void> {
  await sqlOf(tx)
    .updateTable('users')
    .set({ ...fields, dataSegmentIds: [...fields.dataSegmentIds], updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
  // Status, role and segments decide what the user's signed-in sessions may do.
  await actorsChanged(tx);
}

/** The segments among `ids` that exist. */
export async function existingSegmentIds(db: Queryable, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await sqlOf(db)
    .selectFrom('dataSegments')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((row) => row.id);
}

export async function getCompanyName(db: Queryable, segmentId: string | null): Promise<string> {
  if (!segmentId) return '';
  const row = await sqlOf(db).selectFrom('dataSegments').select('companyName').where('id', '=', segmentId).executeTakeFirst();
  return row?.companyName ?? '';
}

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
  /** How the account came to be; by default an invitation when there is an inviter, setup for the first account. */
  origin?: TUserOrigin;
}

/** The first account of an installation is the one created at setup; later ones name their origin. */
const originWhenUnnamed = sql<TUserOrigin | null>`case when exists (select 1 from users) then null else 'setup' end`;

export async function insertUser(tx: Queryable, input: NewUser): Promise<string> {
  const { id } = await sqlOf(tx)
    .insertInto('users')
    .values({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      username: input.username,
      phoneNumber: input.phoneNumber ?? null,
      companyName: input.companyName ?? '',
      roleId: input.roleId,
      accountType: input.accountType ?? 'full',
      kyb: input.kyb ?? false,
      userGuide: input.userGuide ?? false,
      dataSegmentIds: [...input.dataSegmentIds],
      status: input.status,
      passwordHash: input.passwordHash ?? null,
      passwordChangedAt: input.passwordHash ? sql`now()` : null,
      invitedBy: input.invitedBy ?? null,
      origin: input.origin ?? (input.invitedBy ? 'invitation' : originWhenUnnamed),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function countUsers(db: Queryable): Promise<number> {
  const row = await sqlOf(db)
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
