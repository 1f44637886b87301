import { sql } from 'kysely';
import type { TCustomerStatisticsQuery } from '@sanad/contracts/insights';
import type { Queryable } from '../../platform/db/database';
import { inSegments } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import type { TenantScope } from '../../platform/tenancy/scope';

/** The customers the statistics describe: one segment's, created between two instants, narrowed by the filters. */
export interface StatisticsSegment {
  scope: TenantScope;
  dataSegmentId: string;
  fromInstant: Date;
  toInstant: Date;
  /** Minutes to subtract from UTC to get the caller's local day (getTimezoneOffset). */
  timezoneOffset: number;
  filters: Pick<TCustomerStatisticsQuery, 'kycStatus' | 'riskLevel' | 'source' | 'type' | 'status'>;
}

/**
 * The segment's customers in the window. The segment and the creation range are the leading columns
 * of customers_segment_created (and of the KYC, risk and source indexes beside a filter), so the
 * rows are found from an index, never by reading other segments.
 */
function customersIn(db: Queryable, segment: StatisticsSegment) {
  const { filters } = segment;
  return sqlOf(db)
    .selectFrom('customers as c')
    .where(inSegments('c.data_segment_id', segment.scope, segment.dataSegmentId))
    .where('c.createdAt', '>=', segment.fromInstant.toISOString())
    .where('c.createdAt', '<', segment.toInstant.toISOString())
    .$if(filters.kycStatus !== undefined, (qb) => qb.where('c.kycStatus', '=', filters.kycStatus ?? 'pending'))
    .$if(filters.riskLevel !== undefined, (qb) => qb.where('c.riskLevel', '=', filters.riskLevel ?? 'low'))
    .$if(filters.source !== undefined, (qb) => qb.where('c.source', '=', filters.source ?? ''))
    .$if(filters.type !== undefined, (qb) => qb.where('c.type', '=', filters.type ?? 'individual'))
    .$if(filters.status === 'active', (qb) => qb.where('c.archivedAt', 'is', null))
    .$if(filters.status === 'archived', (qb) => qb.where('c.archivedAt', 'is not', null));
}

/** Which breakdown a row of the grouping-sets query belongs to; the rest of its columns are null. */
export type ColumnBreakdown = 'kycStatus' | 'riskLevel' | 'source' | 'nationality' | 'day' | 'total';

export interface ColumnCountRow {
  breakdown: ColumnBreakdown;
  /** The stored value counted (null: none stored, e.g. a customer not rated yet). */
  key: string | null;
  /** For 'day' rows: the customer type the count is of. */
  type: string | null;
  count: number;
  archived: number;
  withHits: number;
  withoutProducts: number;
}

/**
 * Every breakdown on a single column, and the totals, in one pass over the customers: GROUPING SETS
 * groups the same rows by each column in turn, so a segment of a million customers is read once, not
 * once per widget.
 */
export async function countCustomersByColumn(db: Queryable, segment: StatisticsSegment): Promise<ColumnCountRow[]> {
  const rows = customersIn(db, segment).select([
    'c.kycStatus',
    'c.riskLevel',
    'c.source',
    'c.nationalityId',
    'c.type',
    // Flags, not the arrays: narrow rows keep the grouping's sort in memory on a large segment.
    sql<boolean>`c.archived_at is not null`.as('isArchived'),
    sql<boolean>`cardinality(c.hit_types) > 0`.as('hasHits'),
    sql<boolean>`cardinality(c.products) = 0`.as('hasNoProduct'),
    sql<string>`to_char(c.created_at at time zone 'UTC' - make_interval(mins => ${segment.timezoneOffset}), 'YYYY-MM-DD')`.as('day'),
  ]);
  const grouped = await sqlOf(db)
    .selectFrom(rows.as('s'))
    .select([
      sql<ColumnBreakdown>`case
        when grouping(s.kyc_status) = 0 then 'kycStatus'
        when grouping(s.risk_level) = 0 then 'riskLevel'
        when grouping(s.source) = 0 then 'source'
        when grouping(s.nationality_id) = 0 then 'nationality'
        when grouping(s.day) = 0 then 'day'
        else 'total' end`.as('breakdown'),
      sql<string | null>`coalesce(s.kyc_status, s.risk_level, s.source, s.nationality_id, s.day)`.as('key'),
      sql<string | null>`case when grouping(s.type) = 0 then s.type end`.as('type'),
      sql<number>`count(*)::int`.as('count'),
      sql<number>`(count(*) filter (where s.is_archived))::int`.as('archived'),
      sql<number>`(count(*) filter (where s.has_hits))::int`.as('withHits'),
      sql<number>`(count(*) filter (where s.has_no_product))::int`.as('withoutProducts'),
    ])
    .groupBy(sql`grouping sets ((s.kyc_status), (s.risk_level), (s.source), (s.nationality_id), (s.day, s.type), ())`)
    .execute();
  return grouped;
}

export interface ArrayCountRow {
  breakdown: 'hitType' | 'product';
  key: string;
  count: number;
}

/**
 * Customers per hit type and per product, from the two array columns in one pass: a customer with
 * two hit types (or products) counts once under each.
 */
export async function countCustomersByArray(db: Queryable, segment: StatisticsSegment): Promise<ArrayCountRow[]> {
  return customersIn(db, segment)
    .innerJoinLateral(
      sql<{ breakdown: ArrayCountRow['breakdown']; key: string }>`(
        select 'hitType' as breakdown, unnest(c.hit_types) as key
        union all
        select 'product', unnest(c.products))`.as('v'),
      (join) => join.onTrue(),
    )
    .select(['v.breakdown', 'v.key', sql<number>`count(*)::int`.as('count')])
    .groupBy(['v.breakdown', 'v.key'])
    .execute();
}
