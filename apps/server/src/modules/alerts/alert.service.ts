/**
 * Alerts and their review chain, enforced here whatever the client shows. A reviewer's level is
 * the first of maker, checker, approver in their role. An alert passes maker → checker → approver;
 * only the level whose turn it is may initiate a review, which locks the alert to that person;
 * only the lock holder may submit or cancel; nobody may act on one alert at two levels. The
 * approver's approve or reject closes the alert and sets the customer's KYC status, in the same
 * transaction as the alert, its log and the audit entries; nothing else changes the KYC status.
 */
import {
  ALERT_MESSAGES,
  LEVEL_DECISIONS,
  alertIndicatorsOf,
  reviewLevelOf,
  type TAlertCount,
  type TAlertDetail,
  type TAlertListItem,
  type TAlertListQuery,
  type TAlertLogAction,
  type TKycStatusReviewInput,
  type TManualAlertInput,
  type TReviewLevel,
} from '@sanad/contracts/alerts';
import type { TKycStatus } from '@sanad/contracts/customers';
import type { Permission } from '@sanad/contracts/permissions';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import type { Database, Queryable } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { TenantScope } from '../../platform/tenancy/scope';
import { targetSegment } from '../../platform/tenancy/target-segment';
import { notifyUsers } from '../notifications/notification.events';
import {
  countAlerts,
  findAlert,
  hasOpenAlert,
  insertLog,
  insertManualAlert,
  levelsActedBy,
  listAlertHits,
  listAlerts,
  listAlertsAfter,
  listLog,
  lockAlert,
  lockCustomerFacts,
  updateAlert,
  type AlertPatch,
  type LockedAlert,
} from './alert.repository';

export interface AlertServiceDeps {
  db: Database;
  /** The customer service's KYC status change, run in the review's transaction. */
  customers: {
    setKycStatusInTransaction(tx: Queryable, scope: TenantScope, id: string, kycStatus: TKycStatus): Promise<boolean>;
  };
  /** The periodic review's next date, set by the final decision on a periodic alert (in its transaction). */
  reviews?: {
    scheduleNextReviewInTransaction(tx: Queryable, customerId: string): Promise<string | null>;
  };
}

/** A scope of exactly one segment: a review works inside the alert's segment. */
const onlySegment = (dataSegmentId: string): TenantScope => ({ all: false, ids: [dataSegmentId] });

/** What a level's decision does to the alert, and the log step it writes. */
interface Transition {
  patch: AlertPatch;
  action: TAlertLogAction;
  /** Who is told the alert now waits for them. */
  next: TReviewLevel | null;
  kycStatus: TKycStatus | null;
}

function transitionOf(level: TReviewLevel, decision: string, reason: string, by: { id: string; name: string }): Transition {
  const levelDecision = { level, decision, reason, by };
  if (level === 'maker') {
    const action = decision === 'approved' ? 'approve' : 'reject';
    return { patch: { stage: 'checker', isReturned: false, lock: null, levelDecision }, action, next: 'checker', kycStatus: null };
  }
  if (level === 'checker') {
    return decision === 'confirmed'
      ? { patch: { stage: 'approver', lock: null, levelDecision }, action: 'confirm', next: 'approver', kycStatus: null }
      : { patch: { stage: 'maker', isReturned: true, lock: null, levelDecision }, action: 'return', next: 'maker', kycStatus: null };
  }
  if (decision === 'returned')
    return { patch: { stage: 'maker', isReturned: true, lock: null, levelDecision }, action: 'return', next: 'maker', kycStatus: null };
  const final = decision === 'approved' ? 'approved' : 'rejected';
  return {
    patch: { state: 'closed', stage: 'decided', isReturned: false, decision: final, lock: null, levelDecision },
    action: final === 'approved' ? 'approve' : 'reject',
    next: null,
    kycStatus: final,
  };
}

const NEXT_TITLE: Record<TReviewLevel, string> = {
  maker: 'Alert returned for review',
  checker: 'Alert waiting for a checker',
  approver: 'Alert waiting for an approver',
};

async function detail(target: Queryable, scope: TenantScope, id: string): Promise<TAlertDetail> {
  const row = await findAlert(target, scope, id);
  if (!row) throw AppError.notFound();
  const [hits, log] = await Promise.all([listAlertHits(target, row.customerId), listLog(target, id)]);
  const { customerId: _customerId, ...alert } = row;
  return { ...alert, hits, log };
}

function levelOf(actor: Actor): TReviewLevel {
  const level = reviewLevelOf([...actor.permissions]);
  if (!level) throw AppError.forbidden(ALERT_MESSAGES.noReviewRole);
  return level;
}

/** Refuses a person who has already locked or decided this alert at another level. */
async function refuseSecondLevel(tx: Queryable, alert: LockedAlert, actor: Actor, level: TReviewLevel): Promise<void> {
  const acted = await levelsActedBy(tx, alert.id, actor.userId);
  const other = acted.find((candidate) => candidate !== level);
  if (other) throw AppError.conflict('id', ALERT_MESSAGES.actedAtOtherLevel(other));
}

/** The alert locked for this transaction; refuses another segment's alert and a decided one. */
async function openAlert(tx: Queryable, actor: Actor, id: string): Promise<LockedAlert> {
  const alert = await lockAlert(tx, actor.segments, id);
  if (!alert) throw AppError.notFound();
  if (alert.state === 'closed') throw AppError.conflict('id', ALERT_MESSAGES.closed);
  return alert;
}

async function audit(
  tx: Queryable,
  actor: Actor,
  meta: RequestMeta,
  alert: LockedAlert,
  action: 'lock_alert' | 'submitted_alert_review' | 'cancelled_alert_review' | 'unlock_alert',
  summary: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  // Filed under the customer, so the customer's activity timeline shows every step of its alerts.
  await appendAudit(tx, {
    dataSegmentId: alert.dataSegmentId,
    source: auditSource(actor, meta),
    module: 'alerts',
    action,
    entityType: 'customer',
    entityId: alert.customerId,
    summary,
    details: { alertId: alert.id, sanadId: alert.sanadId, ...details },
  });
}

export function createAlertService({ db, customers, reviews }: AlertServiceDeps) {
  return {
    async list(actor: Actor, query: TAlertListQuery): Promise<Page<TAlertListItem>> {
      return listAlerts(db, actor.segments, targetSegment(actor, query.dataSegmentId), query, actor.userId);
    },

    /** A cursor page of the public API, in the caller's one segment; no assignee filter (a key is nobody's reviewer). */
    listAfter(actor: Actor, query: TAlertListQuery, afterId: string | null, limit: number): Promise<TAlertListItem[]> {
      return listAlertsAfter(db, actor.segments, targetSegment(actor, undefined), query, afterId, limit);
    },

    async count(actor: Actor): Promise<TAlertCount> {
      return countAlerts(db, targetSegment(actor, undefined), reviewLevelOf([...actor.permissions]), actor.userId);
    },

    get: (actor: Actor, id: string): Promise<TAlertDetail> => detail(db, actor.segments, id),

    /** Locks the alert to the caller for a review at their level. */
    async initiateReview(actor: Actor, id: string, meta: RequestMeta): Promise<TAlertDetail> {
      const level = levelOf(actor);
      await db.transaction(async (tx) => {
        const alert = await openAlert(tx, actor, id);
        if (alert.lockedBy === actor.userId) throw AppError.conflict('id', ALERT_MESSAGES.lockedBySelf);
        if (alert.lockedBy) throw AppError.conflict('id', ALERT_MESSAGES.lockedByOther(alert.lockedByName));
        if (alert.stage !== level) throw AppError.conflict('id', ALERT_MESSAGES.notYourLevel(alert.stage as TReviewLevel));
        await refuseSecondLevel(tx, alert, actor, level);
        await updateAlert(tx, alert.id, { lock: { id: actor.userId, name: actor.name } });
        await insertLog(tx, {
          dataSegmentId: alert.dataSegmentId,
          alertId: alert.id,
          action: 'lock',
          level,
          actor: { id: actor.userId, name: actor.name },
        });
        await audit(tx, actor, meta, alert, 'lock_alert', `${actor.name} initiated the ${level} review of the alert on ${alert.sanadId}`, {
          level,
        });
      });
      return detail(db, actor.segments, id);
    },

    /** The lock holder's decision at their level; the approver's approve or reject is final. */
    async submitReview(actor: Actor, id: string, input: TKycStatusReviewInput, meta: RequestMeta): Promise<TAlertDetail> {
      const level = levelOf(actor);
      if (!(LEVEL_DECISIONS[level] as readonly string[]).includes(input.decision))
        throw AppError.field('decision', ALERT_MESSAGES.decisionNotAllowed(level));
      await db.transaction(async (tx) => {
        const alert = await openAlert(tx, actor, id);
        if (alert.lockedBy !== actor.userId)
          throw AppError.conflict('id', alert.lockedBy ? ALERT_MESSAGES.lockedByOther(alert.lockedByName) : ALERT_MESSAGES.notLockedByYou);
        // The role may have changed since the lock was taken.
        if (alert.stage !== level) throw AppError.conflict('id', ALERT_MESSAGES.notYourLevel(alert.stage as TReviewLevel));
        await refuseSecondLevel(tx, alert, actor, level);
        const by = { id: actor.userId, name: actor.name };
        const step = transitionOf(level, input.decision, input.reason, by);
        await updateAlert(tx, alert.id, step.patch);
        await insertLog(tx, {
          dataSegmentId: alert.dataSegmentId,
          alertId: alert.id,
          action: step.action,
          level,
          reason: input.reason,
          actor: by,
        });
        await audit(
          tx,
          actor,
          meta,
          alert,
          'submitted_alert_review',
          `${actor.name} (${level}) decided ${input.decision} on the alert on ${alert.sanadId}: ${input.reason}`,
          { level, decision: input.decision, reason: input.reason },
        );
        if (step.kycStatus) {
          const isSet = await customers.setKycStatusInTransaction(tx, onlySegment(alert.dataSegmentId), alert.customerId, step.kycStatus);
          if (!isSet) throw AppError.notFound();
          await appendAudit(tx, {
            dataSegmentId: alert.dataSegmentId,
            source: auditSource(actor, meta),
            module: 'alerts',
            action: 'changed_kyc_status',
            entityType: 'customer',
            entityId: alert.customerId,
            summary: `KYC status of ${alert.sanadId} set to ${step.kycStatus} by ${actor.name} (approver)`,
            details: { alertId: alert.id, sanadId: alert.sanadId, kycStatus: step.kycStatus, reason: input.reason },
          });
          if (alert.type === 'periodic' && reviews) {
            const nextReviewDate = await reviews.scheduleNextReviewInTransaction(tx, alert.customerId);
            await appendAudit(tx, {
              dataSegmentId: alert.dataSegmentId,
              source: auditSource(actor, meta),
              module: 'alerts',
              action: 'scheduled_periodic_review',
              entityType: 'customer',
              entityId: alert.customerId,
              summary: `Periodic review of ${alert.sanadId} completed; next review ${nextReviewDate ?? 'not scheduled'}`,
              details: { alertId: alert.id, sanadId: alert.sanadId, nextReviewDate },
            });
          }
        }
        if (step.next) {
          await notifyUsers(tx, {
            dataSegmentId: alert.dataSegmentId,
            permission: step.next as Permission,
            exceptUserIds: [actor.userId],
            title: NEXT_TITLE[step.next],
            description: `The alert on ${alert.sanadId} waits for a ${step.next}'s review (${actor.name}, ${level}: ${input.decision}).`,
            icon: 'alert',
          });
        }
      });
      return detail(db, actor.segments, id);
    },

    /** Releases the caller's own lock without a decision. */
    async cancelReview(actor: Actor, id: string, meta: RequestMeta): Promise<TAlertDetail> {
      await db.transaction(async (tx) => {
        const alert = await openAlert(tx, actor, id);
        if (alert.lockedBy !== actor.userId)
          throw AppError.conflict('id', alert.lockedBy ? ALERT_MESSAGES.lockedByOther(alert.lockedByName) : ALERT_MESSAGES.notLockedByYou);
        await updateAlert(tx, alert.id, { lock: null });
        const level = alert.stage === 'decided' ? null : alert.stage;
        await insertLog(tx, {
          dataSegmentId: alert.dataSegmentId,
          alertId: alert.id,
          action: 'cancel review',
          level,
          actor: { id: actor.userId, name: actor.name },
        });
        await audit(
          tx,
          actor,
          meta,
          alert,
          'cancelled_alert_review',
          `${actor.name} cancelled their review of the alert on ${alert.sanadId}`,
        );
      });
      return detail(db, actor.segments, id);
    },

    /** Releases someone else's lock (unlock-alerts, checked by the route). */
    async unlock(actor: Actor, id: string, meta: RequestMeta): Promise<TAlertDetail> {
      await db.transaction(async (tx) => {
        const alert = await openAlert(tx, actor, id);
        if (!alert.lockedBy) throw AppError.conflict('id', ALERT_MESSAGES.notLocked);
        const holder = { id: alert.lockedBy, name: alert.lockedByName };
        await updateAlert(tx, alert.id, { lock: null });
        await insertLog(tx, {
          dataSegmentId: alert.dataSegmentId,
          alertId: alert.id,
          action: 'unlock',
          level: null,
          reason: `Released the lock of ${holder.name}`,
          actor: { id: actor.userId, name: actor.name },
        });
        await audit(
          tx,
          actor,
          meta,
          alert,
          'unlock_alert',
          `${actor.name} unlocked the alert on ${alert.sanadId} (held by ${holder.name})`,
          {
            previousHolder: holder,
          },
        );
        if (holder.id !== actor.userId) {
          await notifyUsers(tx, {
            dataSegmentId: alert.dataSegmentId,
            userIds: [holder.id],
            title: 'Alert unlocked',
            description: `${actor.name} released your lock on the alert on ${alert.sanadId}.`,
            icon: 'alert',
          });
        }
      });
      return detail(db, actor.segments, id);
    },

    /** Opens a manual alert on a customer of the caller's segments. */
    async create(actor: Actor, input: TManualAlertInput, meta: RequestMeta): Promise<TAlertDetail> {
      const alertId = await db.transaction(async (tx) => {
        const customer = await lockCustomerFacts(tx, actor.segments, input.customerId);
        if (!customer) throw AppError.field('customerId', 'Customer not found');
        if (await hasOpenAlert(tx, customer.id)) throw AppError.conflict('customerId', ALERT_MESSAGES.customerHasOpenAlert);
        const by = { id: actor.userId, name: actor.name };
        const id = await insertManualAlert(tx, {
          dataSegmentId: customer.dataSegmentId,
          customerId: customer.id,
          reason: input.reason,
          indicators: alertIndicatorsOf(customer),
          createdBy: by,
        });
        await insertLog(tx, {
          dataSegmentId: customer.dataSegmentId,
          alertId: id,
          action: 'created alert',
          level: null,
          reason: input.reason,
          actor: by,
        });
        await appendAudit(tx, {
          dataSegmentId: customer.dataSegmentId,
          source: auditSource(actor, meta),
          module: 'alerts',
          action: 'created_manual_alert',
          entityType: 'customer',
          entityId: customer.id,
          summary: `${actor.name} opened a manual alert on ${customer.sanadId}: ${input.reason}`,
          details: { alertId: id, sanadId: customer.sanadId },
        });
        await notifyUsers(tx, {
          dataSegmentId: customer.dataSegmentId,
          permission: 'maker',
          exceptUserIds: [actor.userId],
          title: 'Manual alert opened',
          description: `${customer.sanadId} (${customer.fullName}) needs review: ${input.reason}.`,
          icon: 'alert',
        });
        return id;
      });
      return detail(db, actor.segments, alertId);
    },
  };
}

export type AlertService = ReturnType<typeof createAlertService>;
