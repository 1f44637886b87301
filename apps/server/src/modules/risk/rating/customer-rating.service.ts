/**
 * The KYC risk rating tab of a customer or company (kyc-risk-rating/:id): the rating in
 * force with its risk and override tables, the history of ratings, and the manual overwrite of the
 * level with a reason by a holder of manually-overwrite (recorded in the audit trail).
 */
import { newRatingId } from './rating-id';
import type { TListQuery } from '@sanad/contracts/http';
import type { TCustomerRiskRating, TManualOverwriteSave, TStoredRating } from '@sanad/contracts/risk-rating';
import type { Actor } from '../../../platform/auth/access';
import { appendAudit } from '../../../platform/audit/audit-log';
import type { Database, Queryable } from '../../../platform/db/database';
import { AppError } from '../../../platform/http/app-error';
import type { Page } from '../../../platform/http/envelope';
import type { RequestMeta } from '../../../platform/http/request-meta';
import type { TenantScope } from '../../../platform/tenancy/scope';
import {
  applyRatings,
  findCustomerSummary,
  findRating,
  insertRatings,
  listRatings,
  lockCustomerForRating,
} from './customer-rating.repository';
import {
  buildStoredFacts,
  rateStoredCustomer,
  rateStoredCustomers,
  rateWithModel,
  type RatingContext,
  type StoredRatingResult,
} from './rate-stored-customer';
import { getCurrentModel } from '../configuration/risk-model-cache';
import { systemSegment } from '../segment-ref';

export type { RatingContext, StoredRatingResult };

/** A customer's tab needs view-customer-profile, a company's view-company-profile. */
function assertCanView(actor: Actor, type: 'individual' | 'company'): void {
  const permission = type === 'company' ? 'view-company-profile' : 'view-customer-profile';
  if (!actor.permissions.has(permission)) throw AppError.forbidden();
}

export function createCustomerRatingService({ db }: { db: Database }) {
  async function loadTab(actor: Actor, customerId: string, isViewChecked: boolean): Promise<TCustomerRiskRating> {
    const customer = await findCustomerSummary(db, actor.segments, customerId);
    if (!customer) throw AppError.notFound();
    if (isViewChecked) assertCanView(actor, customer.type);
    const rating = customer.ratingId ? await findRating(db, actor.segments, customer.ratingId) : null;
    const { ratingId: _ratingId, dataSegmentId: _segment, ...summary } = customer;
    return { customer: summary, rating };
  }

  return {
    getRating: (actor: Actor, customerId: string) => loadTab(actor, customerId, true),

    /**
     * Rates a stored customer inside the caller's transaction (registration, an edited profile, new
     * screening facts): the rating row, the customer's risk columns and the audit entry commit or
     * roll back with the caller's change.
     */
    rateInTransaction: (tx: Queryable, scope: TenantScope, customerId: string, context: RatingContext = {}): Promise<StoredRatingResult> =>
      rateStoredCustomer(tx, scope, customerId, context),

    /**
     * rateInTransaction for many customers of one segment at once, in the order given: customers
     * the caller's transaction has just created (a bulk import's chunk).
     */
    rateNewInTransaction: (
      tx: Queryable,
      dataSegmentId: string,
      items: readonly { customerId: string; context: RatingContext }[],
    ): Promise<StoredRatingResult[]> => rateStoredCustomers(tx, dataSegmentId, items),

    async listHistory(actor: Actor, customerId: string, query: TListQuery): Promise<Page<TStoredRating>> {
      const customer = await findCustomerSummary(db, actor.segments, customerId);
      if (!customer) throw AppError.notFound();
      assertCanView(actor, customer.type);
      return listRatings(db, actor.segments, customerId, query);
    },

    /**
     * Sets the level by hand: a new rating with the configuration in force, the overwrite and its
     * reason, kept across later re-ratings until replaced. Lowering a confirmed sanction hit is
     * refused (the hit must be resolved instead).
     */
    async overwrite(
      actor: Actor,
      customerId: string,
      input: TManualOverwriteSave,
      meta: RequestMeta,
      now = new Date(),
    ): Promise<TCustomerRiskRating> {
      await db.transaction(async (tx) => {
        const customer = await lockCustomerForRating(tx, actor.segments, customerId);
        if (!customer) throw AppError.notFound();
        const segment = systemSegment(customer.data_segment_id);
        const model = await getCurrentModel(tx, segment);
        const facts = buildStoredFacts(customer, {}, now);
        const overwrite = { level: input.level, reason: input.reason, by: actor.name, at: now.toISOString() };
        const rating = rateWithModel(model, facts, now, overwrite);
        const applied = rating.manualOverwrite;
        if (!applied?.isApplied) throw AppError.field('level', applied?.refusal ?? 'The level cannot be overwritten');
        const ratingId = newRatingId();
        const actorRef = { id: actor.userId, name: actor.name };
        await insertRatings(tx, segment, [
          { id: ratingId, customerId, trigger: 'manual-overwrite', rating, facts, rerateRunId: null, actor: actorRef },
        ]);
        await applyRatings(tx, segment, [{ customerId, ratingId, rating, manualOverwrite: overwrite }]);
        await appendAudit(tx, {
          dataSegmentId: segment.segmentId,
          actor: actorRef,
          module: 'due_diligence',
          action: 'manually_overwrote_risk_rating',
          entityType: 'customer',
          entityId: customerId,
          summary: `Risk level overwritten from ${applied.previousLevel} to ${input.level}: ${input.reason}`,
          details: {
            ratingId,
            from: customer.risk_level,
            computedLevel: applied.previousLevel,
            to: input.level,
            reason: input.reason,
            isEddRequired: rating.isEddRequired,
          },
          ip: meta.ip,
          requestId: meta.requestId,
        });
      });
      // The overwriter may hold manually-overwrite without the view permission; they see what they set.
      return loadTab(actor, customerId, false);
    },
  };
}

export type CustomerRatingService = ReturnType<typeof createCustomerRatingService>;
