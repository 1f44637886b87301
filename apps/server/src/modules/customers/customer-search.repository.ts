/**
 * The customer list and the advanced search: the filters of GET customers/ as one query, its order,
 * and a page with its total (counted exactly up to EXACT_COUNT_LIMIT matches, estimated above), read
 * so that a million customers answer within 100 ms (docs/decisions/customer-exports.md). The exports
 * and the re-rating walk read the same filtered query.
 */
import { sql, type RawBuilder } from 'kysely';
import type { TCustomMatch, TCustomerListItem, TCustomerListQuery, TCustomerSource, TDocumentStatus } from '@sanad/contracts/customers';
import type { THitType } from '@sanad/contracts/screening';
import type { Database, Queryable } from '../../platform/db/database';
import { inSegments, keywordLike, pageOf, sortOf } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import type { Page } from '../../platform/http/envelope';
import type { TenantScope } from '../../platform/tenancy/scope';

/** A customer as the lists show it (the list item of the contract); findCustomer adds the record to it. */
export function selectCustomerItems(db: Queryable) {
  return sqlOf(db)
    .selectFrom('customers as c')
    .select([
      'c.id as _id',
      'c.sanadId',
      'c.dataSegmentId',
      'c.type',
      'c.fullName',
      'c.firstName',
      'c.lastName',
      'c.dateOfBirth',
      'c.nationalityId',
      'c.countryOfResidenceId',
      'c.idType',
      'c.idNumber',
      'c.email',
      'c.phoneNumber',
      'c.kycStatus',
      'c.riskLevel',
      sql<THitType[]>`c.hit_types`.as('hitTypes'),
      'c.products',
      sql<TDocumentStatus[]>`c.document_statuses`.as('documentStatuses'),
      sql<'active' | 'archived'>`case when c.archived_at is null then 'active' else 'archived' end`.as('status'),
      sql<TCustomerSource>`c.source`.as('source'),
      'c.campaign',
      'c.isMonitored',
      // ISO dates compare as text, so a malformed value can never fail the query.
      sql<boolean>`coalesce(
        (c.record #>> '{identityInfo,isLifetimeExpiry}') is distinct from 'true'
          and coalesce(nullif(c.record #>> '{identityInfo,expiryDate}', ''), nullif(c.record #>> '{identityInfo,passport,expiryDate}', ''))
            < to_char(current_date, 'YYYY-MM-DD'),
        false)`.as('isDocumentExpired'),
      sql<boolean>`coalesce(c.next_review_date <= current_date, false)`.as('isReviewDue'),
      'c.createdAt',
      'c.updatedAt',
    ]);
}

const SORTABLE: Readonly<Record<string, RawBuilder<unknown>>> = {
  createdAt: sql`c.created_at`,
  updatedAt: sql`c.updated_at`,
  fullName: sql`c.full_name_normalised`,
  sanadId: sql`c.sanad_id`,
  dateOfBirth: sql`c.date_of_birth`,
  kycStatus: sql`c.kyc_status`,
  riskLevel: sql`c.risk_level`,
};
const DEFAULT_SORT = { expression: sql`c.created_at`, direction: 'desc' as const };
/**
 * Columns that may be empty sort their empty values last. The others are never null and sort without
 * NULLS LAST, so the order matches their indexes and a page is read from the index, not sorted.
 */
const NULLABLE_SORTS: ReadonlySet<string> = new Set(['dateOfBirth', 'riskLevel']);

/** The record field an advanced-search filter reads where it has no column of its own. */
const MIDDLE_NAME = sql`c.record #>> '{basicInfo,middleName}'`;

/**
 * A custom-field filter (customInfo). `equals` is containment in `record -> 'customInfo'`, which
 * migration 0119's GIN index answers; the text is tried as each JSON type an answer of that field may
 * have (text or date, a number, yes/no as a boolean, an option of a multi-select). `contains` is any
 * part of the answer, case-insensitive; where the server has pg_trgm a trigram index over the custom
 * answers' text narrows the rows first (only for text that JSON writes unchanged).
 */
function customFilter(field: string, value: string, match: TCustomMatch): RawBuilder<boolean> {
  const answers = sql`(c.record -> 'customInfo')`;
  if (match === 'contains') {
    const pattern = keywordLike(value);
    const exact = sql<boolean>`(c.record -> 'customInfo' ->> ${field}) ilike ${pattern}`;
    // JSON escapes quotes, backslashes and control characters: such text cannot be looked for in the raw JSON.
    if ([...value].some((character) => character === '"' || character === '\\' || character.charCodeAt(0) < 0x20)) return exact;
    return sql<boolean>`(lower(${answers}::text) like ${keywordLike(value.toLowerCase())} and ${exact})`;
  }
  const candidates: unknown[] = [value, [value]];
  if (/^-?\d+(\.\d+)?$/.test(value) && Number.isFinite(Number(value))) candidates.push(Number(value));
  const lower = value.toLowerCase();
  if (lower === 'yes' || lower === 'true') candidates.push(true);
  if (lower === 'no' || lower === 'false') candidates.push(false);
  const tests = candidates.map((candidate) => sql<boolean>`${answers} @> ${JSON.stringify({ [field]: candidate })}::jsonb`);
  return sql<boolean>`(${sql.join(tests, sql` or `)})`;
}

/**
 * The filtered customers of one segment. Every filter on a column uses an index beside the segment;
 * the keyword is one pattern over the search text (a trigram index where the server has pg_trgm).
 * `productSets`, when given, are the keys of the segment's product sets that hold the product
 * (findProductSets): the same customers as the product filter, read from a B-tree.
 */
export function filteredCustomers(
  db: Queryable,
  scope: TenantScope,
  dataSegmentId: string,
  query: TCustomerListQuery,
  productSets: readonly string[] | null = null,
) {
  let qb = selectCustomerItems(db).where(inSegments('c.data_segment_id', scope, dataSegmentId));
  // Archived customers leave the default list; status=archived shows only them, status=all both.
  const status = query.status ?? (query.isArchivedIncluded ? 'all' : 'active');
  if (status === 'active') qb = qb.where('c.archivedAt', 'is', null);
  if (status === 'archived') qb = qb.where('c.archivedAt', 'is not', null);
  if (query.source?.length) qb = qb.where(sql<boolean>`c.source = any(${query.source}::text[])`);
  if (query.campaign) qb = qb.where('c.campaign', '=', query.campaign);
  if (query.keyword) qb = qb.where(sql<boolean>`c.search_text like ${keywordLike(query.keyword.toLowerCase())}`);
  if (query.kycStatus?.length) qb = qb.where('c.kycStatus', 'in', query.kycStatus);
  if (query.riskLevel?.length) qb = qb.where('c.riskLevel', 'in', query.riskLevel);
  if (query.hitType?.length) qb = qb.where(sql<boolean>`c.hit_types && ${query.hitType}::text[]`);
  if (query.idType?.length) qb = qb.where('c.idType', 'in', query.idType);
  if (query.product)
    qb = qb.where(
      productSets
        ? sql<boolean>`c.product_set_key = any(${productSets}::bigint[])`
        : sql<boolean>`c.products @> array[${query.product}]::text[]`,
    );
  if (query.type) qb = qb.where('c.type', '=', query.type);
  if (query.createdFrom) qb = qb.where(sql<boolean>`c.created_at >= ${query.createdFrom}::date`);
  // createdTo names a whole day: everything before the next midnight.
  if (query.createdTo) qb = qb.where(sql<boolean>`c.created_at < ${query.createdTo}::date + 1`);
  if (query.firstName) qb = qb.where(sql<boolean>`c.first_name ilike ${keywordLike(query.firstName)}`);
  if (query.lastName) qb = qb.where(sql<boolean>`c.last_name ilike ${keywordLike(query.lastName)}`);
  if (query.nationalityId) qb = qb.where('c.nationalityId', '=', query.nationalityId);
  if (query.countryOfResidenceId) qb = qb.where('c.countryOfResidenceId', '=', query.countryOfResidenceId);
  if (query.middleName) qb = qb.where(sql<boolean>`${MIDDLE_NAME} ilike ${keywordLike(query.middleName)}`);
  // Gender, work type and industry are the record's own fields, copied into generated columns.
  if (query.genderId) qb = qb.where('c.genderId', '=', query.genderId);
  if (query.workTypeId) qb = qb.where('c.workTypeId', '=', query.workTypeId);
  if (query.industryId) qb = qb.where('c.industryId', '=', query.industryId);
  if (query.customField && query.customValue)
    qb = qb.where(customFilter(query.customField, query.customValue, query.customMatch ?? 'equals'));
  return qb;
}

/** The most distinct product sets a segment may have for the product filter to be read by set. */
export const PRODUCT_SET_LIMIT = 1_000;

/**
 * The keys of the segment's product sets that hold the product (migration 0127), or null when the
 * segment has more than PRODUCT_SET_LIMIT distinct sets (the filter then tests each customer's array).
 * The sets are listed by a loose scan of the (segment, set key) index: one descent per set, reading
 * the products of the first customer of each. Two different sets sharing a 64-bit key would be taken
 * for one; among a thousand sets that chance is below one in 10^13.
 */
async function findProductSets(db: Queryable, dataSegmentId: string, product: string): Promise<string[] | null> {
  const result = await sql<{ keys: string[]; sets: number }>`
    with recursive sets (key, products, n) as (
      (select c.product_set_key, c.products, 1 from customers c
        where c.data_segment_id = ${dataSegmentId}::uuid order by c.product_set_key limit 1)
      union all
      select next.key, next.products, s.n + 1
        from sets s
        cross join lateral (
          select c.product_set_key as key, c.products from customers c
           where c.data_segment_id = ${dataSegmentId}::uuid and c.product_set_key > s.key
           order by c.product_set_key limit 1
        ) next
       where s.n <= ${sql.lit(PRODUCT_SET_LIMIT)}
    )
    select coalesce(array_agg(key::text) filter (where products @> array[${product}]::text[]), '{}') as keys, count(*)::int as sets
      from sets`.execute(sqlOf(db));
  const found = result.rows[0];
  return found && found.sets <= PRODUCT_SET_LIMIT ? found.keys : null;
}

/** Matching customers counted exactly up to this many; above it the total is the planner's estimate. */
export const EXACT_COUNT_LIMIT = 10_000;

/** The requested sort (from the allow-list): its key, and the key's ORDER BY direction with its empty values' place. */
function sortKeyOf(query: TCustomerListQuery): { key: RawBuilder<unknown>; modifier: RawBuilder<unknown>; direction: 'asc' | 'desc' } {
  const sort = sortOf(query, SORTABLE, DEFAULT_SORT);
  const nulls = query.sortBy && NULLABLE_SORTS.has(query.sortBy) ? ' nulls last' : '';
  return { key: sort.expression, modifier: sql.raw(sort.direction + nulls), direction: sort.direction };
}

/** Whether the list is in the order every filter's index holds (newest first, the default). */
function isIndexedOrder(query: TCustomerListQuery): boolean {
  return (query.sortBy ?? 'createdAt') === 'createdAt';
}

/** The ORDER BY of a customer list query: the requested sort (from the allow-list), then the id. */
export function customerOrder(query: TCustomerListQuery): { expression: RawBuilder<unknown>; direction: 'asc' | 'desc' } {
  const sort = sortKeyOf(query);
  return { expression: sql`${sort.key} ${sort.modifier}`, direction: sort.direction };
}

/**
 * One page of a segment's customers, and the total.
 *
 * The matches are first gathered, at most `exactLimit + 1` of them, in whatever order the cheapest
 * index gives them (the filter's own index, a trigram index, an intersection of several), never by
 * walking the list's order: that counts them, and when they are all the matches the page is sorted
 * out of them. So a selective search, or one that matches nothing, costs its own matches, never a
 * walk of the whole segment in the list's order hoping to meet ten of them.
 *
 * When more match, the page is read from an index in the requested order (ten matches then come
 * early in the walk) and the total is PostgreSQL's estimate of the matching rows, never less than
 * `exactLimit + 1`: counting every match of a large segment would cost a pass over all of them on
 * every page. The last page of an estimated list may come up short.
 */
export async function listCustomers(
  db: Queryable,
  scope: TenantScope,
  dataSegmentId: string,
  query: TCustomerListQuery,
  exactLimit = EXACT_COUNT_LIMIT,
): Promise<Page<TCustomerListItem>> {
  const { limit, offset } = pageOf(query);
  const matching = filteredCustomers(db, scope, dataSegmentId, query).clearSelect();
  let total: number;
  let productSets: readonly string[] | null = null;
  if (exactLimit <= EXACT_COUNT_LIMIT) {
    const gathered = await withSearchMemory(db, async (tx) => {
      const sets = query.product ? await findProductSets(tx, dataSegmentId, query.product) : null;
      // No product set of the segment holds the product: nothing matches.
      if (sets?.length === 0) return { total: 0, ids: [], productSets: sets };
      return { ...(await gatherMatches(tx, scope, dataSegmentId, query, sets, exactLimit)), productSets: sets };
    });
    if (gathered.ids) return { rows: await customersByIds(db, scope, dataSegmentId, query, gathered.ids), total: gathered.total };
    total = gathered.total;
    productSets = gathered.productSets;
  } else {
    const counted = await sqlOf(db)
      .selectFrom(
        matching
          .select(sql<number>`1`.as('one'))
          .limit(exactLimit + 1)
          .as('m'),
      )
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirst();
    total = counted?.total ?? 0;
  }
  const order = customerOrder(query);
  const rows = await filteredCustomers(db, scope, dataSegmentId, query, productSets)
    .orderBy(order.expression)
    .orderBy('c.id', order.direction)
    .limit(limit)
    .offset(offset)
    .execute();
  if (total <= exactLimit) return { rows, total };
  // The estimate reads the product filter as the array test, whose statistics know each product's share.
  const compiled = matching.select(sql<number>`1`.as('one')).compile();
  const plan = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `explain (format json) ${compiled.sql}`,
    compiled.parameters,
  );
  const estimate = Math.round(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  return { rows, total: Math.max(estimate, exactLimit + 1, offset + rows.length) };
}

/**
 * The matches of a search, at most `exactLimit + 1`, gathered in whatever order the cheapest index
 * gives them and counted; with the ids of the requested page when they are all the matches.
 */
async function gatherMatches(
  tx: Queryable,
  scope: TenantScope,
  dataSegmentId: string,
  query: TCustomerListQuery,
  productSets: readonly string[] | null,
  exactLimit: number,
): Promise<{ total: number; ids: string[] | null }> {
  const sort = sortKeyOf(query);
  const { limit, offset } = pageOf(query);
  const matching = filteredCustomers(tx, scope, dataSegmentId, query, productSets).clearSelect();
  const candidates = matching.select(['c.id', sql`${sort.key}`.as('k')]);
  // The newest-first key is in every filter's index, so the matches are gathered and counted
  // together. Another key is in none of them: the matches are counted first (from an index alone
  // where one holds every filter), and their keys are read only when they are few enough to sort.
  const gather = isIndexedOrder(query)
    ? sql`with m as materialized (${candidates.limit(sql.lit(exactLimit + 1))}),
            n as (select count(*)::int as total from m)`
    : sql`with n as (select count(*)::int as total from (${matching.select(sql`1`.as('one')).limit(sql.lit(exactLimit + 1))}) s),
            m as materialized (${candidates.where(sql<boolean>`(select total from n) <= ${sql.lit(exactLimit)}`)})`;
  // The fence (materialized) keeps the planner from reading the candidates in the list's order.
  const gathered = await sql<{ total: number; ids: string[] | null }>`
    ${gather}
    select n.total, case when n.total <= ${sql.lit(exactLimit)} then array(
        select m.id::text from m order by m.k ${sort.modifier}, m.id ${sql.raw(sort.direction)} limit ${sql.lit(limit)} offset ${offset}
      ) end as ids
    from n`.execute(sqlOf(tx));
  return gathered.rows[0] ?? { total: 0, ids: [] };
}

const setSearchSettings = (tx: Queryable) => tx.query(`select set_config('work_mem', '32MB', true), set_config('jit', 'off', true)`);

/**
 * Runs a search statement with room for exact bitmaps and without JIT compilation. Two broad
 * conditions (a common name and a nationality) are intersected as bitmaps of matching rows; beyond
 * `work_mem` (4 MB by default, about 60,000 table pages) a bitmap keeps pages instead of rows, and
 * every row of those pages is read and tested again: a search that matches nothing then reads a
 * third of the table. 32 MB keeps the bitmaps of a segment of several million customers exact, and is
 * taken only as needed. JIT compiles a statement whose estimated cost is high (a branch that the
 * count then skips counts too) and costs more than the search itself.
 */
async function withSearchMemory<T>(db: Queryable, run: (tx: Queryable) => Promise<T>): Promise<T> {
  if (!isDatabase(db)) {
    // Already inside the caller's transaction: the setting lasts until it ends.
    await setSearchSettings(db);
    return run(db);
  }
  return db.transaction(async (tx) => {
    await setSearchSettings(tx);
    return run(tx);
  });
}

function isDatabase(db: Queryable): db is Database {
  return 'transaction' in db;
}

/** The page's customers by id, in the list's order (the ids were read by the same filter and scope). */
async function customersByIds(
  db: Queryable,
  scope: TenantScope,
  dataSegmentId: string,
  query: TCustomerListQuery,
  ids: readonly string[],
): Promise<TCustomerListItem[]> {
  if (ids.length === 0) return [];
  const order = customerOrder(query);
  return selectCustomerItems(db)
    .where(inSegments('c.data_segment_id', scope, dataSegmentId))
    .where(sql<boolean>`c.id = any(${ids}::uuid[])`)
    .orderBy(order.expression)
    .orderBy('c.id', order.direction)
    .execute();
}

/**
 * A cursor page of the filtered customers, newest first: the `limit` customers after customer
 * `afterId` in (created_at, id) order. The position is read from the row itself, in its segment, so
 * the cursor holds no timestamp to round and points nowhere in another segment.
 */
export async function listCustomersAfter(
  db: Queryable,
  scope: TenantScope,
  dataSegmentId: string,
  query: TCustomerListQuery,
  afterId: string | null,
  limit: number,
): Promise<TCustomerListItem[]> {
  let qb = filteredCustomers(db, scope, dataSegmentId, query);
  if (afterId) {
    qb = qb.where(
      sql<boolean>`(c.created_at, c.id) < (select p.created_at, p.id from customers p where p.id = ${afterId}::uuid and p.data_segment_id = ${dataSegmentId}::uuid)`,
    );
  }
  return qb
    .orderBy(sql`c.created_at desc`)
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
}
