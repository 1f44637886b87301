/**
 * The name-screening tab: a reviewer marks each hit relevant or not relevant with a comment, reads
 * one hit beside the customer, withdraws a remembered 'not relevant' decision, and re-screens the
 * customer now. Each change is one transaction with the customer locked: the hit, the remembered
 * decision, the re-rating (the hit facts changed), the list's hit types and the audit entry.
 */
import {
  CUSTOMER_PROFILE_MESSAGES,
  type TGoodGuy,
  type THitDecisionSave,
  type THitDetail,
  type TRescreenResult,
} from '@sanad/contracts/customer-profile';
import type { TCustomerHit, TCustomerRecord } from '@sanad/contracts/customers';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import type { Database, Queryable } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { TenantScope } from '../../platform/tenancy/scope';
import { notifyUsers } from '../notifications/notification.events';
import type { CustomerRatingService } from '../risk/rating/customer-rating.service';
import type { ScreeningService } from '../screening/screening.service';
import { columnsOf } from './customer-facts';
import { deleteOpenHits, findCustomer, hasOpenAlert, insertAlert, insertHits, listHits, lockCustomer } from './customer.repository';
import { onboardingAlertReason, screeningQuery, toHitRow } from './customer.service';
import { compareHit, explanationOf, listedEntityOf } from './hit-comparison';
import { entityFingerprint, hitTypesOf, mergeScreening } from './hit-memory';
import {
  deleteHitsById,
  findGoodGuy,
  findGoodGuyFor,
  findHit,
  findHitIdFor,
  forgetDecisions,
  getHit,
  listDecidedHitRows,
  listGoodGuys,
  listHitFacts,
  listRememberedDecisions,
  rememberDecision,
  setHitDetermination,
  setHitTypes,
} from './hit-review.repository';

export interface HitReviewDeps {
  db: Database;
  screening: Pick<ScreeningService, 'screenCustomer'>;
  ratings: Pick<CustomerRatingService, 'rateInTransaction'>;
}

const onlySegment = (dataSegmentId: string): TenantScope => ({ all: false, ids: [dataSegmentId] });
const hitNotFound = () => AppError.notFound(CUSTOMER_PROFILE_MESSAGES.hitNotFound);

export function createHitReviewService({ db, screening, ratings }: HitReviewDeps) {
  /** After a hit's determination changed: the list's hit types and the rating follow the hits. */
  async function rerate(tx: Queryable, dataSegmentId: string, customerId: string, actor: Actor, meta: RequestMeta): Promise<string> {
    const facts = await listHitFacts(tx, customerId);
    await setHitTypes(tx, customerId, hitTypesOf(facts));
    const rated = await ratings.rateInTransaction(tx, onlySegment(dataSegmentId), customerId, {
      actor: { id: actor.userId, name: actor.name },
      facts: { screeningHits: facts },
      meta: { ip: meta.ip, requestId: meta.requestId },
    });
    return rated.rating.level;
  }

  async function customerInScope(actor: Actor, id: string) {
    const customer = await findCustomer(db, actor.segments, id);
    if (!customer) throw AppError.notFound();
    return customer;
  }

  return {
    async hitDetail(actor: Actor, id: string, hitId: string): Promise<THitDetail> {
      const customer = await customerInScope(actor, id);
      const stored = await findHit(db, id, hitId);
      if (!stored) throw hitNotFound();
      const goodGuy = await findGoodGuyFor(db, id, stored.listKey, stored.entityId);
      return {
        customer: { _id: customer._id, sanadId: customer.sanadId, fullName: customer.fullName },
        hit: stored.hit,
        decidedBy: stored.decidedByName || null,
        decidedAt: stored.decidedAt,
        comparison: compareHit(customer.record as TCustomerRecord, customer.fullName, stored.entity, stored.explanation),
        explanation: explanationOf(stored.explanation),
        listed: listedEntityOf(stored.entity, stored.listKey, stored.entityId),
        goodGuy,
      };
    },

    /**
     * Relevant or not relevant, with the reviewer's comment. 'Not relevant' is remembered with a
     * fingerprint of the entity as listed now; 'relevant' forgets an earlier 'not relevant'.
     */
    async decide(actor: Actor, id: string, hitId: string, input: THitDecisionSave, meta: RequestMeta): Promise<TCustomerHit> {
      const actorRef = { id: actor.userId, name: actor.name };
      await db.transaction(async (tx) => {
        const customer = await lockCustomer(tx, actor.segments, id);
        if (!customer) throw AppError.notFound();
        const stored = await findHit(tx, id, hitId, true);
        if (!stored) throw hitNotFound();
        const determination = input.decision === 'relevant' ? 'genuine' : 'false-positive';
        await setHitDetermination(tx, hitId, determination, input.comment, actorRef);
        if (determination === 'false-positive')
          await rememberDecision(tx, {
            dataSegmentId: customer.dataSegmentId,
            customerId: id,
            listKey: stored.listKey,
            entityId: stored.entityId,
            entityFingerprint: entityFingerprint(stored.entity),
            fullName: stored.hit.fullName,
            sourceList: stored.hit.sourceList,
            comment: input.comment,
            actor: actorRef,
          });
        else await forgetDecisions(tx, id, [stored]);
        const level = await rerate(tx, customer.dataSegmentId, id, actor, meta);
        const label = input.decision === 'relevant' ? 'relevant' : 'not relevant';
        await appendAudit(tx, {
          dataSegmentId: customer.dataSegmentId,
          source: auditSource(actor, meta),
          module: 'customers',
          action: 'decided_screening_hit',
          entityType: 'customer',
          entityId: id,
          summary: `Marked the ${stored.hit.sourceList} hit ${stored.hit.fullName} ${label}: ${input.comment}`,
          details: {
            sanadId: customer.sanadId,
            hitId,
            listKey: stored.listKey,
            entityId: stored.entityId,
            decision: input.decision,
            previous: stored.hit.hitDetermination,
            comment: input.comment,
            riskLevel: level,
          },
        });
      });
      return getHit(db, hitId);
    },

    async goodGuys(actor: Actor, id: string): Promise<TGoodGuy[]> {
      await customerInScope(actor, id);
      return listGoodGuys(db, id);
    },

    /** Withdraws a remembered 'not relevant' decision: its hit is open for review again. */
    async withdraw(actor: Actor, id: string, goodGuyId: string, meta: RequestMeta): Promise<TGoodGuy> {
      return db.transaction(async (tx) => {
        const customer = await lockCustomer(tx, actor.segments, id);
        if (!customer) throw AppError.notFound();
        const goodGuy = await findGoodGuy(tx, id, goodGuyId);
        if (!goodGuy) throw AppError.notFound(CUSTOMER_PROFILE_MESSAGES.goodGuyNotFound);
        await forgetDecisions(tx, id, [goodGuy]);
        const hitId = await findHitIdFor(tx, id, goodGuy.listKey, goodGuy.entityId);
        if (hitId) await setHitDetermination(tx, hitId, 'open', '', null);
        const level = await rerate(tx, customer.dataSegmentId, id, actor, meta);
        await appendAudit(tx, {
          dataSegmentId: customer.dataSegmentId,
          source: auditSource(actor, meta),
          module: 'customers',
          action: 'withdrew_hit_decision',
          entityType: 'customer',
          entityId: id,
          summary: `Withdrew the 'not relevant' decision on the ${goodGuy.sourceList} entity ${goodGuy.fullName}; the hit is open again`,
          details: { sanadId: customer.sanadId, hitId, listKey: goodGuy.listKey, entityId: goodGuy.entityId, riskLevel: level },
        });
        return goodGuy;
      });
    },

    /**
     * Screens the customer again now. Screening reads the lists and runs before the transaction;
     * inside it the customer is locked and the hits merged with the decisions, as an edit does.
     */
    async rescreen(actor: Actor, id: string, meta: RequestMeta): Promise<TRescreenResult> {
      const current = await customerInScope(actor, id);
      const record = current.record as TCustomerRecord;
      const columns = columnsOf(record);
      const found = await screening.screenCustomer(current.dataSegmentId, screeningQuery(record, columns));
      const screened = found.map(toHitRow);
      const actorRef = { id: actor.userId, name: actor.name };
      const outcome = await db.transaction(async (tx) => {
        const customer = await lockCustomer(tx, actor.segments, id);
        if (!customer) throw AppError.notFound();
        const merged = mergeScreening(await listDecidedHitRows(tx, id), await listRememberedDecisions(tx, id), screened);
        await deleteOpenHits(tx, id);
        await deleteHitsById(tx, id, merged.reopenedHitIds);
        await forgetDecisions(tx, id, merged.staleDecisions);
        await insertHits(tx, customer.dataSegmentId, id, merged.fresh);
        await setHitTypes(tx, id, merged.hitTypes);
        const rated = await ratings.rateInTransaction(tx, onlySegment(customer.dataSegmentId), id, {
          actor: actorRef,
          facts: { screeningHits: merged.facts },
          meta: { ip: meta.ip, requestId: meta.requestId },
        });
        const reason = merged.fresh.length > 0 ? onboardingAlertReason(merged.fresh, rated.rating.level) : null;
        const alertId =
          reason && !(await hasOpenAlert(tx, id))
            ? await insertAlert(tx, {
                dataSegmentId: customer.dataSegmentId,
                customerId: id,
                type: 'triggered',
                reason: `Re-screened: ${reason}`,
              })
            : null;
        await appendAudit(tx, {
          dataSegmentId: customer.dataSegmentId,
          source: auditSource(actor, meta),
          module: 'customers',
          action: 'rescreened_customer',
          entityType: 'customer',
          entityId: id,
          summary: `Re-screened: ${screened.length} found, ${merged.fresh.length} new, ${merged.suppressed} kept back by 'not relevant' decisions, risk ${rated.rating.level}`,
          details: {
            sanadId: customer.sanadId,
            found: screened.length,
            newHits: merged.fresh.length,
            suppressed: merged.suppressed,
            reopened: merged.staleDecisions.length,
            riskLevel: rated.rating.level,
            alertId,
          },
        });
        if (alertId && reason) {
          await appendAudit(tx, {
            dataSegmentId: customer.dataSegmentId,
            source: auditSource(actor, meta),
            module: 'alerts',
            action: 'raised_triggered_alert',
            entityType: 'alert',
            entityId: alertId,
            summary: `Alert for ${customer.sanadId} after re-screening: ${reason}`,
            details: { customerId: id, sanadId: customer.sanadId },
          });
          await notifyUsers(tx, {
            dataSegmentId: customer.dataSegmentId,
            permission: 'view-alerts',
            exceptUserIds: [actor.userId],
            title: 'Alert raised after re-screening',
            description: `${customer.sanadId} (${current.fullName}) needs review: ${reason}.`,
            icon: 'alert',
          });
        }
        return { merged, level: rated.rating.level };
      });
      return {
        found: screened.length,
        newHits: outcome.merged.fresh.length,
        suppressed: outcome.merged.suppressed,
        reopened: outcome.merged.staleDecisions.length,
        riskLevel: outcome.level,
        hits: await listHits(db, id),
      };
    },
  };
}

export type HitReviewService = ReturnType<typeof createHitReviewService>;
