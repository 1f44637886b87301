import type { TListQuery } from '@sanad/contracts/http';
import type { TCustomerRiskSummary, TRatingTrigger, TStoredRating } from '@sanad/contracts/risk-rating';
import type { RecordContext } from '@sanad/risk/facts-from-record';
import type { RiskFacts } from '@sanad/risk/risk-facts';
import type { RiskLevel } from '@sanad/risk/risk-level';
import type { RiskRating } from '@sanad/risk/risk-rating.types';
import type { Queryable } from '../../../platform/db/database';
import { queryOne } from '../../../platform/db/database';
import type { Page } from '../../../platform/http/envelope';
import { orderByClause, pageClause } from '../../../platform/http/list-query';
import { segmentCondition, type TenantScope } from '../../../platform/tenancy/scope';
import type { SegmentRef } from '../segment-ref';

/** Facts that are not on the record, as last given by onboarding, screening or document checks. */
export type StoredRiskContext = Pick<
  RecordContext,
  'screeningHits' | 'adverseMedia' | 'documentStatus' | 'purposeOfAction' | 'assetsUnderManagement' | 'countryOfIncorporation'
>;

export interface StoredOverwrite {
  level: RiskLevel;
  reason: string;
  by: string;
  at: string;
}

export interface NewCustomer {
  type: 'individual' | 'company';
  record: Record<string, unknown>;
  kycStatus?: 'pending' | 'approved' | 'rejected';
  riskContext?: StoredRiskContext;
}

/** What rating a customer reads. */
export interface CustomerForRating {
  id: string;
  data_segment_id: string;
  type: 'individual' | 'company';
  record: unknown;
  risk_level: RiskLevel | null;
  risk_rating_id: string | null;
  risk_config_version: string | null;
  risk_context: StoredRiskContext;
  manual_overwrite: StoredOverwrite | null;
}

const RATING_COLUMNS = 'id, data_segment_id, type, record, risk_level, risk_rating_id, risk_config_version, risk_context, manual_overwrite';

/** Creates a customer record (the onboarding screens are the usual caller); it is rated separately. */
export async function insertCustomer(tx: Queryable, segment: SegmentRef, input: NewCustomer): Promise<{ id: string; sanadId: string }> {
  const row = await queryOne<{ id: string; sanad_id: string }>(
    tx,
    `insert into customers (data_segment_id, type, record, kyc_status, risk_context) values ($1, $2, $3::jsonb, $4, $5::jsonb)
     returning id, sanad_id`,
    [
      segment.segmentId,
      input.type,
      JSON.stringify({ ...input.record, dataSegmentId: segment.segmentId }),
      input.kycStatus ?? 'pending',
      JSON.stringify(input.riskContext ?? {}),
    ],
  );
  if (!row) throw new Error('customer insert returned nothing');
  await tx.query(`update customers set record = jsonb_set(record, '{sanadId}', to_jsonb(sanad_id)) where id = $1`, [row.id]);
  return { id: row.id, sanadId: row.sanad_id };
}

/** Locks one customer in the actor's segments for the rest of the transaction (ratings of one customer apply in turn). */
export async function lockCustomerForRating(tx: Queryable, scope: TenantScope, id: string): Promise<CustomerForRating | null> {
  const params: unknown[] = [id];
  const condition = segmentCondition(scope, 'data_segment_id', params);
  return queryOne<CustomerForRating>(tx, `select ${RATING_COLUMNS} from customers where id = $1 and ${condition} for update`, params);
}

/** Several customers of one segment, locked until the transaction ends (a bulk import's new customers). */
export async function lockCustomersForRating(tx: Queryable, segment: SegmentRef, ids: readonly string[]): Promise<CustomerForRating[]> {
  if (ids.length === 0) return [];
  const result = await tx.query<CustomerForRating>(
    `select ${RATING_COLUMNS} from customers where data_segment_id = $1 and id = any($2::uuid[]) order by id for update`,
    [segment.segmentId, ids],
  );
  return result.rows;
}

/** One batch of a segment's monitored customers after `cursor`, by id (the re-rating job's walk; archived ones are left alone). */
export async function listCustomersAfter(
  tx: Queryable,
  segment: SegmentRef,
  cursor: string | null,
  limit: number,
): Promise<CustomerForRating[]> {
  const result = await tx.query<CustomerForRating>(
    `select ${RATING_COLUMNS} from customers
      where data_segment_id = $1 and is_monitored and ($2::uuid is null or id > $2::uuid)
      order by id limit $3`,
    [segment.segmentId, cursor, limit],
  );
  return result.rows;
}

export async function countCustomers(db: Queryable, segment: SegmentRef, notRatedWith: string | null = null): Promise<number> {
  const row = await queryOne<{ count: number }>(
    db,
    `select count(*)::int as count from customers
      where data_segment_id = $1 and is_monitored and ($2::text is null or risk_config_version is distinct from $2::text)`,
    [segment.segmentId, notRatedWith],
  );
  return row?.count ?? 0;
}

export interface NewRating {
  id: string;
  customerId: string;
  trigger: TRatingTrigger;
  rating: RiskRating;
  facts: RiskFacts;
  rerateRunId: string | null;
  actor: { id: string; name: string } | null;
}

/** Adds ratings (history rows are never updated) in one statement. */
export async function insertRatings(tx: Queryable, segment: SegmentRef, ratings: readonly NewRating[]): Promise<void> {
  if (ratings.length === 0) return;
  const rows = ratings.map(({ id, customerId, trigger, rating, facts, rerateRunId, actor }) => ({
    id,
    customerId,
    trigger,
    configVersion: rating.configVersion,
    level: rating.level,
    computedLevel: rating.computedLevel,
    totalScore: rating.totalScore,
    isEddRequired: rating.isEddRequired,
    nextReviewDate: rating.nextReviewDate,
    facts,
    explanation: rating,
    overwriteLevel: rating.manualOverwrite?.isApplied ? rating.manualOverwrite.level : null,
    overwriteReason: rating.manualOverwrite?.isApplied ? rating.manualOverwrite.reason : null,
    rerateRunId,
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? '',
    createdAt: rating.ratedAt,
  }));
  await tx.query(
    `insert into risk_ratings (id, data_segment_id, customer_id, config_version, trigger, level, computed_level, total_score, is_edd_required,
                               next_review_date, facts, explanation, overwrite_level, overwrite_reason, rerate_run_id, actor_id, actor_name, created_at)
     select r.id, $1, r."customerId", r."configVersion", r.trigger, r.level, r."computedLevel", r."totalScore", r."isEddRequired",
            r."nextReviewDate", r.facts, r.explanation, r."overwriteLevel", r."overwriteReason", r."rerateRunId", r."actorId", r."actorName", r."createdAt"
       from json_to_recordset($2::json) as r(id uuid, "customerId" uuid, "configVersion" text, trigger text, level text, "computedLevel" text,
            "totalScore" double precision, "isEddRequired" boolean, "nextReviewDate" date, facts json, explanation json, "overwriteLevel" text,
            "overwriteReason" text, "rerateRunId" uuid, "actorId" uuid, "actorName" text, "createdAt" timestamptz)`,
    [segment.segmentId, JSON.stringify(rows)],
  );
}

export interface CustomerRatingUpdate {
  customerId: string;
  ratingId: string;
  rating: RiskRating;
  /** Replaces the stored context when given. */
  riskContext?: StoredRiskContext;
  /** undefined keeps the stored overwrite; null clears it. */
  manualOverwrite?: StoredOverwrite | null;
  /**
   * The rating the customer pointed at when it was read. When given, the customer moves only if it
   * still does: someone who rated it meanwhile (with fresher facts) wins.
   */
  expectedRatingId?: string | null;
}

/**
 * Points each customer at its new rating and copies what lists filter on (level, EDD, next review).
 * Answers the ids of the customers moved (all of them, unless an expectedRatingId no longer held).
 */
export async function applyRatings(tx: Queryable, segment: SegmentRef, updates: readonly CustomerRatingUpdate[]): Promise<Set<string>> {
  if (updates.length === 0) return new Set();
  const rows = updates.map((update) => ({
    customerId: update.customerId,
    ratingId: update.ratingId,
    level: update.rating.level,
    version: update.rating.configVersion,
    ratedAt: update.rating.ratedAt,
    isEddRequired: update.rating.isEddRequired,
    nextReviewDate: update.rating.nextReviewDate,
    riskContext: update.riskContext ?? null,
    isOverwriteSet: update.manualOverwrite !== undefined,
    manualOverwrite: update.manualOverwrite ?? null,
    isExpectationSet: update.expectedRatingId !== undefined,
    expectedRatingId: update.expectedRatingId ?? null,
  }));
  const result = await tx.query<{ id: string }>(
    `update customers c
        set risk_level = u.level, risk_rating_id = u."ratingId", risk_config_version = u.version, risk_rated_at = u."ratedAt",
            is_edd_required = u."isEddRequired", next_review_date = u."nextReviewDate",
            risk_context = coalesce(u."riskContext", c.risk_context),
            manual_overwrite = case when u."isOverwriteSet" then u."manualOverwrite" else c.manual_overwrite end,
            updated_at = now()
       from json_to_recordset($2::json) as u("customerId" uuid, "ratingId" uuid, level text, version text, "ratedAt" timestamptz,
            "isEddRequired" boolean, "nextReviewDate" date, "riskContext" jsonb, "isOverwriteSet" boolean, "manualOverwrite" jsonb,
            "isExpectationSet" boolean, "expectedRatingId" uuid)
      where c.id = u."customerId" and c.data_segment_id = $1
        and (not u."isExpectationSet" or c.risk_rating_id is not distinct from u."expectedRatingId")
      returning c.id`,
    [segment.segmentId, JSON.stringify(rows)],
  );
  return new Set(result.rows.map((row) => row.id));
}

interface SummaryRecord {
  id: string;
  data_segment_id: string;
  sanad_id: string;
  type: 'individual' | 'company';
  kyc_status: 'pending' | 'approved' | 'rejected';
  risk_level: RiskLevel | null;
  is_edd_required: boolean;
  next_review_date: string | null;
  has_overwrite: boolean;
  risk_rating_id: string | null;
}

export async function findCustomerSummary(
  db: Queryable,
  scope: TenantScope,
  id: string,
): Promise<(TCustomerRiskSummary & { ratingId: string | null; dataSegmentId: string }) | null> {
  const params: unknown[] = [id];
  const condition = segmentCondition(scope, 'data_segment_id', params);
  const row = await queryOne<SummaryRecord>(
    db,
    `select id, data_segment_id, sanad_id, type, kyc_status, risk_level, is_edd_required, to_char(next_review_date, 'YYYY-MM-DD') as next_review_date,
            manual_overwrite is not null as has_overwrite, risk_rating_id
       from customers where id = $1 and ${condition}`,
    params,
  );
  if (!row) return null;
  return {
    _id: row.id,
    dataSegmentId: row.data_segment_id,
    sanadId: row.sanad_id,
    type: row.type,
    kycStatus: row.kyc_status,
    riskLevel: row.risk_level,
    isEddRequired: row.is_edd_required,
    nextReviewDate: row.next_review_date,
    hasManualOverwrite: row.has_overwrite,
    ratingId: row.risk_rating_id,
  };
}

interface RatingRecord {
  id: string;
  customer_id: string;
  trigger: TRatingTrigger;
  config_version: string;
  level: RiskLevel;
  computed_level: RiskLevel;
  total_score: number | null;
  is_edd_required: boolean;
  next_review_date: string | null;
  overwrite_level: RiskLevel | null;
  overwrite_reason: string | null;
  actor_name: string;
  created_at: Date;
}

const STORED_COLUMNS = `id, customer_id, trigger, config_version, level, computed_level, total_score, is_edd_required,
  to_char(next_review_date, 'YYYY-MM-DD') as next_review_date, overwrite_level, overwrite_reason, actor_name, created_at`;

function toStored(record: RatingRecord): TStoredRating {
  return {
    _id: record.id,
    customerId: record.customer_id,
    trigger: record.trigger,
    configVersion: record.config_version,
    level: record.level,
    computedLevel: record.computed_level,
    totalScore: record.total_score,
    isEddRequired: record.is_edd_required,
    nextReviewDate: record.next_review_date,
    overwriteLevel: record.overwrite_level,
    overwriteReason: record.overwrite_reason,
    actorName: record.actor_name,
    createdAt: new Date(record.created_at).toISOString(),
  };
}

export async function findRating(
  db: Queryable,
  scope: TenantScope,
  id: string,
): Promise<(TStoredRating & { explanation: RiskRating; facts: RiskFacts }) | null> {
  const params: unknown[] = [id];
  const condition = segmentCondition(scope, 'data_segment_id', params);
  const row = await queryOne<RatingRecord & { explanation: RiskRating; facts: RiskFacts }>(
    db,
    `select ${STORED_COLUMNS}, explanation, facts from risk_ratings where id = $1 and ${condition}`,
    params,
  );
  return row ? { ...toStored(row), explanation: row.explanation, facts: row.facts } : null;
}

export async function listRatings(db: Queryable, scope: TenantScope, customerId: string, query: TListQuery): Promise<Page<TStoredRating>> {
  const params: unknown[] = [customerId];
  const condition = segmentCondition(scope, 'data_segment_id', params);
  const order = orderByClause(
    query,
    { createdAt: 'created_at', level: 'level', totalScore: 'total_score', trigger: 'trigger' },
    { column: 'created_at', order: 'desc' },
  );
  const result = await db.query<RatingRecord & { total: number }>(
    `select ${STORED_COLUMNS}, count(*) over ()::int as total from risk_ratings
      where customer_id = $1 and ${condition} ${order} ${pageClause(query, params)}`,
    params,
  );
  return { rows: result.rows.map(toStored), total: result.rows[0]?.total ?? 0 };
}
