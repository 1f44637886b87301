import { sql } from 'kysely';
import type { TListQuery } from '@sanad/contracts/http';
import type { TDataSegmentRow, TPackageDetails, TSegmentChoice, TSegmentUsage, TSubscription } from '@sanad/contracts/data-segments';
import { DEFAULT_TIER_BY_SUBSCRIPTION } from '@sanad/contracts/subscription';
import type { Queryable } from '../../platform/db/database';
import { inSegments, keywordLike, pageOf, sortOf } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import type { Page } from '../../platform/http/envelope';
import { isUuid } from '../../platform/http/id-params';
import type { TenantScope } from '../../platform/tenancy/scope';
import { actorsChanged } from '../../platform/auth/actor-cache';

export interface NewDataSegment {
  companyName: string;
  fullName?: string;
  title?: string;
  ref?: string;
  email?: string;
  subscription: TSubscription;
  subscriptionCount?: number;
  packageDetails?: TPackageDetails;
  /** Onboardings included; by default what the subscription's package includes. */
  tier?: number;
  nextReviewYears?: number;
  storageQuotaMb?: number;
  status?: 'active' | 'archived';
  country?: string;
  /** Whether the segment may show its own name and logo to its customers (labeling). */
  whiteLabelling?: boolean;
}

/** Fields left out take the defaults: the package's tier, no package details, a review every year, active. */
export async function insertDataSegment(tx: Queryable, input: NewDataSegment): Promise<string> {
  const { id } = await sqlOf(tx)
    .insertInto('dataSegments')
    .values({
      companyName: input.companyName,
      fullName: input.fullName ?? '',
      title: input.title ?? '',
      ref: input.ref ?? '',
      email: input.email ?? '',
      subscription: input.subscription,
      subscriptionCount: input.subscriptionCount ?? 0,
      packageDetails: JSON.stringify(input.packageDetails ?? {}),
      tier: input.tier ?? DEFAULT_TIER_BY_SUBSCRIPTION[input.subscription],
      nextReviewYears: input.nextReviewYears ?? 1,
      status: input.status ?? 'active',
      ...(input.storageQuotaMb === undefined ? {} : { storageQuotaMb: input.storageQuotaMb }),
      ...(input.country === undefined ? {} : { country: input.country }),
      ...(input.whiteLabelling === undefined ? {} : { whiteLabelling: input.whiteLabelling }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface SegmentSettings {
  id: string;
  whiteLabelling: boolean;
  configurations: Record<string, unknown>;
}

/** The segments of a scope that are in service, oldest first: the first is the default active one. */
export async function listActiveSegmentIds(db: Queryable, scope: TenantScope): Promise<string[]> {
  const rows = await sqlOf(db)
    .selectFrom('dataSegments')
    .select('id')
    .where('status', '=', 'active')
    .where(inSegments('id', scope))
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function getSegmentSettings(db: Queryable, id: string): Promise<SegmentSettings | null> {
  if (!isUuid(id)) return null;
  const row = await sqlOf(db)
    .selectFrom('dataSegments')
    .select(['id', 'whiteLabelling', sql<Record<string, unknown>>`configurations`.as('configurations')])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** The package details as stored, with every field present. */
const packageDetails = sql<TPackageDetails>`json_build_object(
  'salesLead', coalesce(ds.package_details->>'salesLead', ''),
  'subscriptionDate', coalesce(ds.package_details->>'subscriptionDate', ''),
  'expiryDate', coalesce(ds.package_details->>'expiryDate', ''),
  'paymentMethod', coalesce(ds.package_details->>'paymentMethod', ''),
  'dealType', coalesce(ds.package_details->>'dealType', ''))`;

/** The columns of a segment as the data segment list shows it (TDataSegmentRow). */
function selectSegmentRows(db: Queryable) {
  return sqlOf(db)
    .selectFrom('dataSegments as ds')
    .select([
      'ds.id as _id',
      sql<'active' | 'archived'>`ds.status`.as('status'),
      'ds.companyName',
      'ds.fullName',
      'ds.email',
      'ds.title',
      'ds.ref',
      'ds.subscription',
      'ds.subscriptionCount',
      packageDetails.as('packageDetailsObj'),
      'ds.counter',
      'ds.tier',
      sql<{ duration: number }>`json_build_object('duration', ds.next_review_years)`.as('nextReview'),
      'ds.storageQuotaMb',
      sql<number>`(select coalesce(sum(f.size_bytes), 0)::bigint from files f where f.data_segment_id = ds.id)`.as('storageUsedBytes'),
      'ds.whiteLabelling',
      sql<number>`(select count(*)::int from users u where u.data_segment_ids @> array[ds.id] and u.status <> 'archived')`.as('usersCount'),
      'ds.createdAt',
    ]);
}

const SEGMENT_SORT = {
  companyName: sql`lower(ds.company_name)`,
  fullName: sql`lower(ds.full_name)`,
  title: sql`lower(ds.title)`,
  ref: sql`lower(ds.ref)`,
  subscription: sql`ds.subscription`,
  subscriptionCount: sql`ds.subscription_count`,
  counter: sql`ds.counter`,
  tier: sql`ds.tier`,
  status: sql`ds.status`,
  createdAt: sql`ds.created_at`,
};

export interface SegmentListFilter {
  scope: TenantScope;
  status: 'active' | 'archived' | null;
  /** Only the segment this role belongs to. */
  roleId: string | null;
}

export async function listSegments(db: Queryable, filter: SegmentListFilter, query: TListQuery): Promise<Page<TDataSegmentRow>> {
  const sort = sortOf(query, SEGMENT_SORT, { expression: SEGMENT_SORT.createdAt, direction: 'asc' });
  const { limit, offset } = pageOf(query);
  const rows = await selectSegmentRows(db)
    .select(sql<number>`count(*) over ()::int`.as('total'))
    .where(inSegments('ds.id', filter.scope))
    .$if(filter.status !== null, (qb) => qb.where('ds.status', '=', filter.status ?? 'active'))
    .$if(filter.roleId !== null, (qb) =>
      qb.where('ds.id', '=', (eb) =>
        eb
          .selectFrom('roles')
          .select('roles.dataSegmentId')
          .where('roles.id', '=', filter.roleId ?? ''),
      ),
    )
    .$if(Boolean(query.keyword), (qb) => {
      const pattern = keywordLike(query.keyword ?? '');
      return qb.where((eb) =>
        eb.or([
          eb('ds.companyName', 'ilike', pattern),
          eb('ds.fullName', 'ilike', pattern),
          eb('ds.title', 'ilike', pattern),
          eb('ds.ref', 'ilike', pattern),
          eb('ds.email', 'ilike', pattern),
        ]),
      );
    })
    .orderBy(sql`${sort.expression} ${sql.raw(sort.direction)} nulls last`)
    .orderBy('ds.id', sort.direction)
    .limit(limit)
    .offset(offset)
    .execute();
  return {
    rows: rows.map(({ total: _total, ...row }) => ({ ...row, storageUsedBytes: Number(row.storageUsedBytes) })),
    total: rows[0]?.total ?? 0,
  };
}

/** One segment of the scope, or null (unknown, malformed, or not the actor's). */
export async function getSegmentRow(db: Queryable, scope: TenantScope, id: string): Promise<TDataSegmentRow | null> {
  if (!isUuid(id)) return null;
  const row = await selectSegmentRows(db).where('ds.id', '=', id).where(inSegments('ds.id', scope)).executeTakeFirst();
  return row ? { ...row, storageUsedBytes: Number(row.storageUsedBytes) } : null;
}

export interface SegmentFields {
  companyName: string;
  fullName: string;
  email: string;
  title: string;
  ref: string;
  subscription: TSubscription;
  subscriptionCount: number;
  packageDetails: TPackageDetails;
  tier: number;
  nextReviewYears: number;
  storageQuotaMb: number;
  whiteLabelling: boolean;
  status: 'active' | 'archived';
}

export async function updateDataSegment(tx: Queryable, id: string, fields: SegmentFields): Promise<void> {
  const { packageDetails: details, ...rest } = fields;
  await sqlOf(tx)
    .updateTable('dataSegments')
    .set({ ...rest, packageDetails: JSON.stringify(details), updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
  // White labelling is part of every signed-in caller of the segment.
  await actorsChanged(tx);
}

export async function countActiveSegments(db: Queryable): Promise<number> {
  const row = await sqlOf(db)
    .selectFrom('dataSegments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The active segments a user may switch to, by company name. */
export async function listSegmentChoices(db: Queryable, scope: TenantScope): Promise<TSegmentChoice[]> {
  return sqlOf(db)
    .selectFrom('dataSegments')
    .select(['id as _id', 'companyName', 'subscription'])
    .where('status', '=', 'active')
    .where(inSegments('id', scope))
    .orderBy(sql`lower(company_name)`)
    .orderBy('id')
    .execute();
}

export async function getSegmentUsage(db: Queryable, scope: TenantScope, id: string): Promise<TSegmentUsage | null> {
  if (!isUuid(id)) return null;
  const row = await sqlOf(db)
    .selectFrom('dataSegments')
    .select(['id as _id', 'companyName', 'tier', 'subscription', 'counter'])
    .where('id', '=', id)
    .where(inSegments('id', scope))
    .executeTakeFirst();
  return row ?? null;
}

/** The storage quota of a segment in megabytes, or null when there is no such segment. */
export async function getStorageQuotaMb(db: Queryable, id: string): Promise<number | null> {
  if (!isUuid(id)) return null;
  const row = await sqlOf(db).selectFrom('dataSegments').select('storageQuotaMb').where('id', '=', id).executeTakeFirst();
  return row?.storageQuotaMb ?? null;
}

/**
 * The first of a user's segments, in the order their profile lists them, that is in service; for a
 * user who sees every segment, the oldest segment in service (account activation).
 */
export async function firstActiveSegmentOf(db: Queryable, segmentIds: readonly string[]): Promise<string | null> {
  if (segmentIds.length === 0) return (await listActiveSegmentIds(db, { all: true, ids: [] }))[0] ?? null;
  const rows = await sqlOf(db)
    .selectFrom('dataSegments')
    .select('id')
    .where('id', 'in', [...segmentIds])
    .where('status', '=', 'active')
    .execute();
  const active = new Set(rows.map((row) => row.id));
  return segmentIds.find((id) => active.has(id)) ?? null;
}
