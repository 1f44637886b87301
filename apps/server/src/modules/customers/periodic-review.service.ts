/**
 * Periodic review: every monitored customer has a next-review date from its risk level (the
 * risk-level-review interval, set by each rating; a customer without one falls back to its
 * segment's nextReview years after registration). A daily job raises one periodic alert per
 * customer and due date; the final decision on that alert sets the next date from the level's
 * interval again.
 */
import { addYearsToDate } from '@sanad/risk/review-date';
import type { TAlertTrigger } from '@sanad/contracts/alerts';
import { SYSTEM_SOURCE, appendAudit } from '../../platform/audit/audit-log';
import type { Database, Queryable } from '../../platform/db/database';
import type { JobSummary } from '../../platform/jobs/job-queue';
import { notifyUsers } from '../notifications/notification.events';
import { insertTriggeredAlert, nextDueCustomers, reviewFactsOf, setNextReviewDate } from './monitoring.repository';

export const PERIODIC_REVIEW_JOB = 'monitoring.periodic-review';

export interface PeriodicReviewDeps {
  db: Database;
  /**
   * Years until the next review for a risk level in the segment's risk configuration; null when the
   * level has none. Read on the caller's transaction (the embedded database has one connection).
   */
  reviewYears: (tx: Queryable, dataSegmentId: string, level: string) => Promise<number | null>;
  batchSize?: number;
}

export const todayUtc = (now: Date): string => now.toISOString().slice(0, 10);

export function createPeriodicReviewService(deps: PeriodicReviewDeps) {
  const { db } = deps;
  const batchSize = deps.batchSize ?? 500;

  return {
    /**
     * The daily job. Idempotent without a checkpoint: each alert's key is the customer's due date,
     * so a second run the same day (or a run restarted half-way) finds the alerts raised and adds none.
     */
    async raiseDueReviews(now: Date = new Date()): Promise<JobSummary> {
      const today = todayUtc(now);
      let afterId: string | null = null;
      let raised = 0;
      let seen = 0;
      const segments = new Map<string, number>();
      for (;;) {
        const due = await nextDueCustomers(db, today, afterId, batchSize);
        if (due.length === 0) break;
        const count = await db.transaction(async (tx) => {
          let inBatch = 0;
          for (const customer of due) {
            const trigger: TAlertTrigger = {
              kind: 'periodic',
              listKey: null,
              listTitle: null,
              versionNo: null,
              entities: [],
              dueDate: customer.dueDate,
            };
            const alertId = await insertTriggeredAlert(tx, {
              dataSegmentId: customer.dataSegmentId,
              customerId: customer.id,
              type: 'periodic',
              reason: `Periodic review due on ${customer.dueDate}${customer.riskLevel ? ` (risk level ${customer.riskLevel})` : ''}`,
              triggerKey: `periodic:${customer.dueDate}`,
              trigger,
              extraIndicators: ['periodic_review_due'],
            });
            if (!alertId) continue;
            inBatch += 1;
            segments.set(customer.dataSegmentId, (segments.get(customer.dataSegmentId) ?? 0) + 1);
            await appendAudit(tx, {
              dataSegmentId: customer.dataSegmentId,
              source: SYSTEM_SOURCE,
              module: 'alerts',
              action: 'raised_periodic_alert',
              entityType: 'customer',
              entityId: customer.id,
              summary: `Periodic review of ${customer.sanadId} due on ${customer.dueDate}: alert raised`,
              details: { alertId, sanadId: customer.sanadId, dueDate: customer.dueDate, customerId: customer.id },
            });
          }
          return inBatch;
        });
        raised += count;
        seen += due.length;
        afterId = due.at(-1)!.id;
      }
      if (segments.size > 0)
        await db.transaction(async (tx) => {
          for (const [dataSegmentId, count] of segments)
            await notifyUsers(tx, {
              dataSegmentId,
              permission: 'view-alerts',
              title: 'Periodic reviews due',
              description: `${count} customer${count === 1 ? '' : 's'} reached the periodic review date.`,
              icon: 'alert',
            });
        });
      return { items: raised, note: `${seen} customers due, ${raised} periodic alerts raised` };
    },

    /** The next review date after a completed periodic review: today plus the level's interval (or the segment's default). */
    async scheduleNextReviewInTransaction(tx: Queryable, customerId: string, now: Date = new Date()): Promise<string | null> {
      const facts = await reviewFactsOf(tx, customerId);
      if (!facts) return null;
      const { dataSegmentId } = facts;
      const levelYears = facts.riskLevel ? await deps.reviewYears(tx, dataSegmentId, facts.riskLevel) : null;
      const years = levelYears ?? (facts.segmentYears > 0 ? facts.segmentYears : null);
      const next = years === null ? null : addYearsToDate(now, years);
      await setNextReviewDate(tx, customerId, next);
      return next;
    },
  };
}

export type PeriodicReviewService = ReturnType<typeof createPeriodicReviewService>;
