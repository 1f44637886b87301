/**
 * Rates one stored customer with the configuration in force and records the rating. The onboarding
 * issue calls rateStoredCustomer after a customer is registered or edited, and screening or
 * document verification after they produce new facts; the re-rating job and the manual overwrite
 * use the same building blocks.
 */
import { newRatingId } from './rating-id';
import { factsFromCustomerRecord, type CustomerRecord } from '@sanad/risk/facts-from-record';
import { rateCustomer } from '@sanad/risk/rate-customer';
import type { RiskFacts } from '@sanad/risk/risk-facts';
import type { CompiledRiskModel } from '@sanad/risk/risk-model-compiler';
import type { ManualOverwriteInput, RiskRating } from '@sanad/risk/risk-rating.types';
import { appendAudit, appendAudits, type AuditEvent } from '../../../platform/audit/audit-log';
import type { Queryable } from '../../../platform/db/database';
import { AppError } from '../../../platform/http/app-error';
import type { TenantScope } from '../../../platform/tenancy/scope';
import {
  applyRatings,
  insertRatings,
  lockCustomerForRating,
  lockCustomersForRating,
  type CustomerForRating,
  type StoredOverwrite,
  type StoredRiskContext,
} from './customer-rating.repository';
import { getCurrentModel } from '../configuration/risk-model-cache';
import { systemSegment, type SegmentRef } from '../segment-ref';

export interface RatingContext {
  /** The rating time; sets ratedAt and the next review date. Default: now. */
  now?: Date;
  /** Who caused the rating (null: the system). */
  actor?: { id: string; name: string } | null;
  /**
   * Facts that are not on the record (screening hits, adverse media, document status, purpose of
   * action, assets under management, country of incorporation). Merged over what was last given
   * and kept for later re-ratings.
   */
  facts?: StoredRiskContext;
  /**
   * A manual overwrite stays until someone replaces it: the officer's judgement (for example that a
   * former PEP is no longer high risk) must survive nightly re-screening. The rating still shows the
   * computed level beside it, a confirmed sanction hit is never lowered, and EDD that an override
   * requires is never waived. Pass true when the customer's facts changed so much that the old
   * judgement no longer applies (the profile was edited).
   */
  clearManualOverwrite?: boolean;
  meta?: { ip?: string | null; requestId?: string | null };
}

export interface StoredRatingResult {
  ratingId: string;
  customerId: string;
  rating: RiskRating;
  facts: RiskFacts;
  /** A manual overwrite was in place and this rating dropped it. */
  isOverwriteCleared: boolean;
}

const asRecord = (record: unknown): CustomerRecord =>
  record !== null && typeof record === 'object' && !Array.isArray(record) ? (record as CustomerRecord) : {};

/** The engine's facts for a stored customer: its record plus the context last given. */
export function buildStoredFacts(
  customer: Pick<CustomerForRating, 'type' | 'record' | 'risk_context'>,
  context: StoredRiskContext,
  now: Date,
): RiskFacts {
  return factsFromCustomerRecord(asRecord(customer.record), { ...customer.risk_context, ...context, subjectType: customer.type, now });
}

export function toOverwriteInput(stored: StoredOverwrite | null): ManualOverwriteInput | undefined {
  return stored ? { level: stored.level, reason: stored.reason, by: stored.by, at: stored.at } : undefined;
}

/** Rates with a given model and overwrite; pure apart from the clock value passed in. */
export function rateWithModel(
  model: CompiledRiskModel,
  facts: RiskFacts,
  now: Date,
  overwrite: ManualOverwriteInput | undefined,
): RiskRating {
  return rateCustomer(model, facts, { now, ...(overwrite ? { manualOverwrite: overwrite } : {}) });
}

/**
 * Rates the customer `customerId` (one of the scope's segments) inside the caller's transaction,
 * stores the rating, points the customer at it and writes an audit entry.
 */
export async function rateStoredCustomer(
  tx: Queryable,
  scope: TenantScope,
  customerId: string,
  context: RatingContext = {},
): Promise<StoredRatingResult> {
  const customer = await lockCustomerForRating(tx, scope, customerId);
  if (!customer) throw AppError.notFound();
  const segment = systemSegment(customer.data_segment_id);
  const now = context.now ?? new Date();
  const model = await getCurrentModel(tx, segment);
  const riskContext = { ...customer.risk_context, ...context.facts };
  const facts = buildStoredFacts(customer, riskContext, now);
  const keepOverwrite = context.clearManualOverwrite !== true && customer.manual_overwrite !== null;
  const rating = rateWithModel(model, facts, now, keepOverwrite ? toOverwriteInput(customer.manual_overwrite) : undefined);
  const ratingId = newRatingId();
  const actor = context.actor ?? null;
  await insertRatings(tx, segment, [{ id: ratingId, customerId, trigger: 'rating', rating, facts, rerateRunId: null, actor }]);
  const isOverwriteCleared = customer.manual_overwrite !== null && !keepOverwrite;
  await applyRatings(tx, segment, [
    { customerId, ratingId, rating, riskContext, ...(isOverwriteCleared ? { manualOverwrite: null } : {}) },
  ]);
  await appendAudit(tx, ratedAudit(segment, { ratingId, customerId, rating, facts, isOverwriteCleared }, context));
  return { ratingId, customerId, rating, facts, isOverwriteCleared };
}

/** The audit entry of one rating. */
function ratedAudit(segment: SegmentRef, result: StoredRatingResult, context: RatingContext): AuditEvent {
  const { rating, ratingId, customerId, isOverwriteCleared } = result;
  return {
    dataSegmentId: segment.segmentId,
    actor: context.actor ?? null,
    module: 'due_diligence',
    action: 'rated_customer',
    entityType: 'customer',
    entityId: customerId,
    summary: `Risk rated ${rating.level}${rating.isEddRequired ? ' (enhanced due diligence required)' : ''}`,
    details: { ratingId, level: rating.level, totalScore: rating.totalScore, configVersion: rating.configVersion, isOverwriteCleared },
    ip: context.meta?.ip ?? null,
    requestId: context.meta?.requestId ?? null,
  };
}

/**
 * rateStoredCustomer for many customers of one segment in one transaction (a bulk import's chunk):
 * the same rating, rating row, risk columns and audit entry for each, with the customers locked in
 * one statement, the model read once and the rows written in one statement each. Results are in
 * the order given.
 */
export async function rateStoredCustomers(
  tx: Queryable,
  dataSegmentId: string,
  items: readonly { customerId: string; context: RatingContext }[],
): Promise<StoredRatingResult[]> {
  if (items.length === 0) return [];
  const segment = systemSegment(dataSegmentId);
  const locked = new Map(
    (
      await lockCustomersForRating(
        tx,
        segment,
        items.map((item) => item.customerId),
      )
    ).map((customer) => [customer.id, customer]),
  );
  const model = await getCurrentModel(tx, segment);
  const results = items.map(({ customerId, context }): StoredRatingResult => {
    const customer = locked.get(customerId);
    if (!customer) throw AppError.notFound();
    const now = context.now ?? new Date();
    const riskContext = { ...customer.risk_context, ...context.facts };
    const facts = buildStoredFacts(customer, riskContext, now);
    const keepOverwrite = context.clearManualOverwrite !== true && customer.manual_overwrite !== null;
    const rating = rateWithModel(model, facts, now, keepOverwrite ? toOverwriteInput(customer.manual_overwrite) : undefined);
    return { ratingId: newRatingId(), customerId, rating, facts, isOverwriteCleared: customer.manual_overwrite !== null && !keepOverwrite };
  });
  await insertRatings(
    tx,
    segment,
    results.map((result, index) => ({
      id: result.ratingId,
      customerId: result.customerId,
      trigger: 'rating' as const,
      rating: result.rating,
      facts: result.facts,
      rerateRunId: null,
      actor: items[index]?.context.actor ?? null,
    })),
  );
  await applyRatings(
    tx,
    segment,
    results.map((result, index) => {
      const customer = locked.get(result.customerId);
      const riskContext = { ...customer?.risk_context, ...items[index]?.context.facts };
      return {
        customerId: result.customerId,
        ratingId: result.ratingId,
        rating: result.rating,
        riskContext,
        ...(result.isOverwriteCleared ? { manualOverwrite: null } : {}),
      };
    }),
  );
  await appendAudits(
    tx,
    results.map((result, index) => ratedAudit(segment, result, items[index]?.context ?? {})),
  );
  return results;
}
