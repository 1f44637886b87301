import type { TListQuery } from '@sanad/contracts/http';
import type { TDataSegmentRow, TPackageDetails, TSegmentChoice, TSegmentUsage, TSubscription } from '@sanad/contracts/data-segments';
import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';
import type { Page } from '../../platform/http/envelope';
import { isUuid } from '../../platform/http/id-params';
import { keywordPattern, orderByClause, pageClause } from '../../platform/http/list-query';
import type { TenantScope } from '../../platform/tenancy/scope';
import { segmentCondition } from '../../platform/tenancy/scope';

export interface NewDataSegment {
  companyName: string;
  fullName?: string;
  title?: string;
  ref?: string;
  email?: string;
  subscription: TSubscription;
  subscriptionCount?: number;
  packageDetails?: TPackageDetails;
  tier?: number;
  nextReviewYears?: number;
  status?: 'active' | 'archived';
  country?: string;
}

/** Fields left out take the table's defaults: no package details, a review every year, active, Pakistan. */
export async function insertDataSegment(tx: Queryable, input: NewDataSegment): Promise<string> {
  const row = await queryOne<{ id: string }>(
    tx,
    `insert into data_segments (company_name, full_name, title, ref, email, subscription, subscription_count, package_details, tier, next_review_years, status, country)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12) returning id`,
    [
      input.companyName,
      input.fullName ?? '',
      input.title ?? '',
      input.ref ?? '',
      input.email ?? '',
      input.subscription,
      input.subscriptionCount ?? 0,
      JSON.stringify(input.packageDetails ?? {}),
      input.tier ?? 0,
      input.nextReviewYears ?? 1,
      input.status ?? 'active',
      input.country ?? 'PK',
    ],
  );
  if (!row) throw new Error('data segment insert returned nothing');
  return row.id;
}

export interface SegmentSettings {
  id: string;
  whiteLabelling: boolean;
  configurations: Record<string, unknown>;
}

/** The segments of a scope that are in service, oldest first: the first is the default active one. */
export async function listActiveSegmentIds(db: Queryable, scope: TenantScope): Promise<string[]> {
  const params: unknown[] = [];
  const condition = segmentCondition(scope, 'id', params);
  const result = await db.query<{ id: string }>(
    `select id from data_segments where status = 'active' and ${condition} order by created_at, id`,
    params,
  );
  return result.rows.map((row) => row.id);
}

export async function getSegmentSettings(db: Queryable, id: string): Promise<SegmentSettings | null> {
  const row = await queryOne<{ id: string; white_labelling: boolean; configurations: Record<string, unknown> }>(
    db,
    'select id, white_labelling, configurations from data_segments where id = $1',
    [id],
  );
  return row ? { id: row.id, whiteLabelling: row.white_labelling, configurations: row.configurations } : null;
}

interface SegmentRecord {
  id: string;
  status: 'active' | 'archived';
  company_name: string;
  full_name: string;
  email: string;
  title: string;
  ref: string;
  subscription: TSubscription;
  subscription_count: number;
  package_details: Partial<TPackageDetails> | null;
  counter: number;
  tier: number;
  next_review_years: number;
  users_count: number;
  created_at: Date;
  total?: number;
}

const SEGMENT_COLUMNS = `
  ds.id, ds.status, ds.company_name, ds.full_name, ds.email, ds.title, ds.ref, ds.subscription, ds.subscription_count,
  ds.package_details, ds.counter, ds.tier, ds.next_review_years, ds.created_at,
  (select count(*)::int from users u where u.data_segment_ids @> array[ds.id] and u.status <> 'archived') as users_count`;

function toSegmentRow(record: SegmentRecord): TDataSegmentRow {
  const details = record.package_details ?? {};
  return {
    _id: record.id,
    status: record.status,
    companyName: record.company_name,
    fullName: record.full_name,
    email: record.email,
    title: record.title,
    ref: record.ref,
    subscription: record.subscription,
    subscriptionCount: record.subscription_count,
    packageDetailsObj: {
      salesLead: details.salesLead ?? '',
      subscriptionDate: details.subscriptionDate ?? '',
      expiryDate: details.expiryDate ?? '',
      paymentMethod: details.paymentMethod ?? '',
      dealType: details.dealType ?? '',
    },
    counter: record.counter,
    tier: record.tier,
    nextReview: { duration: record.next_review_years },
    usersCount: record.users_count,
    createdAt: new Date(record.created_at).toISOString(),
  };
}

const SEGMENT_SORT: Record<string, string> = {
  companyName: 'lower(ds.company_name)',
  fullName: 'lower(ds.full_name)',
  title: 'lower(ds.title)',
  ref: 'lower(ds.ref)',
  subscription: 'ds.subscription',
  subscriptionCount: 'ds.subscription_count',
  counter: 'ds.counter',
  tier: 'ds.tier',
  status: 'ds.status',
  createdAt: 'ds.created_at',
};

export interface SegmentListFilter {
  scope: TenantScope;
  status: 'active' | 'archived' | null;
  /** Only the segment this role belongs to. */
  roleId: string | null;
}

export async function listSegments(db: Queryable, filter: SegmentListFilter, query: TListQuery): Promise<Page<TDataSegmentRow>> {
  const params: unknown[] = [];
  const conditions = [segmentCondition(filter.scope, 'ds.id', params)];
  if (filter.status) {
    params.push(filter.status);
    conditions.push(`ds.status = $${params.length}`);
  }
  if (filter.roleId) {
    params.push(filter.roleId);
    conditions.push(`ds.id = (select data_segment_id from roles where id = $${params.length}::uuid)`);
  }
  if (query.keyword) {
    params.push(keywordPattern(query.keyword));
    const n = params.length;
    conditions.push(
      `(ds.company_name ilike $${n} or ds.full_name ilike $${n} or ds.title ilike $${n} or ds.ref ilike $${n} or ds.email ilike $${n})`,
    );
  }
  const order = orderByClause(query, SEGMENT_SORT, { column: 'ds.created_at', order: 'asc' }, 'ds.id');
  const page = pageClause(query, params);
  const result = await db.query<SegmentRecord>(
    `select ${SEGMENT_COLUMNS}, count(*) over ()::int as total from data_segments ds where ${conditions.join(' and ')} ${order} ${page}`,
    params,
  );
  return { rows: result.rows.map(toSegmentRow), total: result.rows[0]?.total ?? 0 };
}

/** One segment of the scope, or null (unknown, malformed, or not the actor's). */
export async function getSegmentRow(db: Queryable, scope: TenantScope, id: string): Promise<TDataSegmentRow | null> {
  if (!isUuid(id)) return null;
  const params: unknown[] = [id];
  const condition = segmentCondition(scope, 'ds.id', params);
  const record = await queryOne<SegmentRecord>(
    db,
    `select ${SEGMENT_COLUMNS} from data_segments ds where ds.id = $1 and ${condition}`,
    params,
  );
  return record ? toSegmentRow(record) : null;
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
  status: 'active' | 'archived';
}

export async function updateDataSegment(tx: Queryable, id: string, fields: SegmentFields): Promise<void> {
  await tx.query(
    `update data_segments set company_name = $2, full_name = $3, email = $4, title = $5, ref = $6, subscription = $7,
            subscription_count = $8, package_details = $9::jsonb, tier = $10, next_review_years = $11, status = $12, updated_at = now()
      where id = $1`,
    [
      id,
      fields.companyName,
      fields.fullName,
      fields.email,
      fields.title,
      fields.ref,
      fields.subscription,
      fields.subscriptionCount,
      JSON.stringify(fields.packageDetails),
      fields.tier,
      fields.nextReviewYears,
      fields.status,
    ],
  );
}

export async function countActiveSegments(db: Queryable): Promise<number> {
  const row = await queryOne<{ count: number }>(db, "select count(*)::int as count from data_segments where status = 'active'");
  return row?.count ?? 0;
}

/** The active segments a user may switch to, by company name. */
export async function listSegmentChoices(db: Queryable, scope: TenantScope): Promise<TSegmentChoice[]> {
  const params: unknown[] = [];
  const condition = segmentCondition(scope, 'id', params);
  const result = await db.query<{ id: string; company_name: string; subscription: TSubscription }>(
    `select id, company_name, subscription from data_segments where status = 'active' and ${condition} order by lower(company_name), id`,
    params,
  );
  return result.rows.map((row) => ({ _id: row.id, companyName: row.company_name, subscription: row.subscription }));
}

export async function getSegmentUsage(db: Queryable, scope: TenantScope, id: string): Promise<TSegmentUsage | null> {
  if (!isUuid(id)) return null;
  const params: unknown[] = [id];
  const condition = segmentCondition(scope, 'id', params);
  const row = await queryOne<{ id: string; company_name: string; tier: number; subscription: TSubscription; counter: number }>(
    db,
    `select id, company_name, tier, subscription, counter from data_segments where id = $1 and ${condition}`,
    params,
  );
  return row ? { _id: row.id, companyName: row.company_name, tier: row.tier, subscription: row.subscription, counter: row.counter } : null;
}

/**
 * The first of a user's segments, in the order their profile lists them, that is in service; for a
 * user who sees every segment, the oldest segment in service (001 §4, account activation).
 */
export async function firstActiveSegmentOf(db: Queryable, segmentIds: readonly string[]): Promise<string | null> {
  if (segmentIds.length === 0) return (await listActiveSegmentIds(db, { all: true, ids: [] }))[0] ?? null;
  const row = await queryOne<{ id: string }>(
    db,
    `select t.id from unnest($1::uuid[]) with ordinality as t(id, position)
       join data_segments ds on ds.id = t.id
      where ds.status = 'active' order by t.position limit 1`,
    [[...segmentIds]],
  );
  return row?.id ?? null;
}
