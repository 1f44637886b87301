import { sql } from 'kysely';
import type { TApplicationAccessRow, TApplicationAccessListQuery, ApiScope } from '@sanad/contracts/developers';
import type { Queryable } from '../../platform/db/database';
import { inSegments, keywordLike, pageOf, sortOf, totalRows } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import type { Page } from '../../platform/http/envelope';
import { isUuid } from '../../platform/http/id-params';
import type { TenantScope } from '../../platform/tenancy/scope';

export interface ApplicationAccessFields {
  title: string;
  bundleId: string;
  device: TApplicationAccessRow['device'];
  scopes: readonly ApiScope[];
  ipAllowList: readonly string[];
  expiresAt: string | null;
  status: 'active' | 'archived';
}

/** The newest key of the entry (its code key is shown) and the rotated-out one still in its overlap. */
const currentCodeKey = sql<string>`coalesce((select k.code_key from api_keys k where k.application_access_id = a.id order by k.created_at desc limit 1), '')`;
const previousKeyExpiresAt = sql<
  string | null
>`(select max(k.expires_at) from api_keys k where k.application_access_id = a.id and k.expires_at > now())`;

function selectRows(db: Queryable) {
  return sqlOf(db)
    .selectFrom('applicationAccess as a')
    .select([
      'a.id as _id',
      'a.title',
      'a.bundleId',
      sql<TApplicationAccessRow['device']>`a.device`.as('device'),
      currentCodeKey.as('codeKey'),
      sql<'active' | 'archived'>`a.status`.as('status'),
      sql<ApiScope[]>`a.scopes`.as('scopes'),
      'a.ipAllowList',
      'a.expiresAt',
      'a.lastUsedAt',
      previousKeyExpiresAt.as('previousKeyExpiresAt'),
      'a.dataSegmentId',
      'a.createdAt',
    ]);
}

const SORT = {
  title: sql`lower(a.title)`,
  bundleId: sql`lower(a.bundle_id)`,
  device: sql`a.device`,
  status: sql`a.status`,
  lastUsedAt: sql`a.last_used_at`,
  createdAt: sql`a.created_at`,
};

export async function listApplicationAccess(
  db: Queryable,
  filter: { scope: TenantScope; onlySegment: string | null },
  query: TApplicationAccessListQuery,
): Promise<Page<TApplicationAccessRow>> {
  const sort = sortOf(query, SORT, { expression: SORT.createdAt, direction: 'desc' });
  const { limit, offset } = pageOf(query);
  const keyword = query.keyword ? keywordLike(query.keyword) : null;
  const rows = await selectRows(db)
    .select(totalRows())
    .where(inSegments('a.dataSegmentId', filter.scope, filter.onlySegment))
    .$if(query.status !== undefined, (qb) => qb.where('a.status', '=', query.status ?? 'active'))
    .$if(keyword !== null, (qb) =>
      qb.where((eb) => eb.or([eb('a.title', 'ilike', keyword ?? ''), eb('a.bundleId', 'ilike', keyword ?? '')])),
    )
    .orderBy(sql`${sort.expression} ${sql.raw(sort.direction)} nulls last`)
    .orderBy('a.id', sort.direction)
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

export async function getApplicationAccessRow(db: Queryable, scope: TenantScope, id: string): Promise<TApplicationAccessRow | null> {
  if (!isUuid(id)) return null;
  return (await selectRows(db).where('a.id', '=', id).where(inSegments('a.dataSegmentId', scope)).executeTakeFirst()) ?? null;
}

export async function countApplicationAccess(db: Queryable, dataSegmentId: string): Promise<number> {
  const row = await sqlOf(db)
    .selectFrom('applicationAccess')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('dataSegmentId', '=', dataSegmentId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function isTitleTaken(db: Queryable, dataSegmentId: string, title: string, exceptId: string | null): Promise<boolean> {
  const row = await sqlOf(db)
    .selectFrom('applicationAccess')
    .select('id')
    .where('dataSegmentId', '=', dataSegmentId)
    .where(sql<boolean>`lower(title) = lower(${title})`)
    .$if(exceptId !== null, (qb) => qb.where('id', '<>', exceptId ?? ''))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertApplicationAccess(
  tx: Queryable,
  input: ApplicationAccessFields & { dataSegmentId: string; createdBy: string },
): Promise<string> {
  const { id } = await sqlOf(tx)
    .insertInto('applicationAccess')
    .values({
      dataSegmentId: input.dataSegmentId,
      title: input.title,
      bundleId: input.bundleId,
      device: input.device,
      scopes: [...input.scopes],
      ipAllowList: [...input.ipAllowList],
      expiresAt: input.expiresAt,
      status: input.status,
      createdBy: input.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateApplicationAccess(tx: Queryable, id: string, input: ApplicationAccessFields): Promise<void> {
  await sqlOf(tx)
    .updateTable('applicationAccess')
    .set({
      title: input.title,
      bundleId: input.bundleId,
      device: input.device,
      scopes: [...input.scopes],
      ipAllowList: [...input.ipAllowList],
      expiresAt: input.expiresAt,
      status: input.status,
      updatedAt: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function insertApiKey(tx: Queryable, applicationAccessId: string, key: { codeKey: string; keyHash: string }): Promise<void> {
  await sqlOf(tx).insertInto('apiKeys').values({ applicationAccessId, codeKey: key.codeKey, keyHash: key.keyHash }).execute();
}

/**
 * Rotation: every key of the entry that still works stops at `overlapHours` from now (or stays
 * stopped earlier, when it already had a shorter time left); the new key is inserted after.
 */
export async function expireKeysAfter(tx: Queryable, applicationAccessId: string, overlapHours: number): Promise<void> {
  await sqlOf(tx)
    .updateTable('apiKeys')
    .set({ expiresAt: sql`least(coalesce(expires_at, 'infinity'::timestamptz), now() + make_interval(hours => ${overlapHours}))` })
    .where('applicationAccessId', '=', applicationAccessId)
    .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', sql<string>`now()`)]))
    .execute();
}
