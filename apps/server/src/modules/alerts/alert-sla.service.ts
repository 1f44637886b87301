/**
 * The review SLA of alerts: an open alert is overdue once its segment's SLA for its type has passed
 * since it was raised (contracts/alert-settings.ts). A job every quarter of an hour tells the
 * people who should act, once per alert: the reviewer holding its lock, else every active user of
 * the segment with the review level whose turn it is; in the bell and by e-mail.
 */
import type { TAlertStage } from '@sanad/contracts/alerts';
import { SYSTEM_SOURCE, appendAudit } from '../../platform/audit/audit-log';
import type { Database, Queryable } from '../../platform/db/database';
import type { JobQueue, JobSummary } from '../../platform/jobs/job-queue';
import { notifyUsers } from '../notifications/notification.events';
import { claimOverdueAlerts, type OverdueAlert } from './alert.repository';

export const ALERT_SLA_JOB = 'alerts.sla-overdue';

export interface AlertSlaDeps {
  db: Database;
  /** The web app's address, for the link in the e-mail. */
  publicUrl: string;
  batchSize?: number;
}

const REVIEW_PERMISSION: Record<Exclude<TAlertStage, 'decided'>, 'maker' | 'checker' | 'approver'> = {
  maker: 'maker',
  checker: 'checker',
  approver: 'approver',
};

export function createAlertSlaService(deps: AlertSlaDeps) {
  const { db } = deps;
  const batchSize = deps.batchSize ?? 200;

  async function notifyOne(tx: Queryable, alert: OverdueAlert): Promise<number> {
    // The web app's alert page (features/alerts/paths.ts).
    const link = `${deps.publicUrl}/insights/alerts/${alert.id}`;
    const description = `The ${alert.type} alert on ${alert.sanadId} passed its review SLA at ${alert.dueAt.slice(0, 16).replace('T', ' ')} UTC.`;
    const stage = alert.stage === 'decided' ? null : REVIEW_PERMISSION[alert.stage];
    const audience = alert.lockedBy ? { userIds: [alert.lockedBy] } : stage ? { permission: stage } : null;
    if (!audience) return 0;
    const sent = await notifyUsers(tx, {
      dataSegmentId: alert.dataSegmentId,
      ...audience,
      title: 'Alert overdue',
      description,
      icon: 'alert',
      email: { subject: `Alert overdue: ${alert.sanadId}`, text: `${description}\n\nOpen the alert: ${link}\n` },
    });
    await appendAudit(tx, {
      dataSegmentId: alert.dataSegmentId,
      source: SYSTEM_SOURCE,
      module: 'alerts',
      action: 'notified_overdue_alert',
      entityType: 'alert',
      entityId: alert.id,
      summary: `The ${alert.type} alert on ${alert.sanadId} is overdue: ${sent} reviewer${sent === 1 ? '' : 's'} told`,
      details: { alertId: alert.id, dueAt: alert.dueAt, recipients: sent, lockedBy: alert.lockedBy, stage: alert.stage },
    });
    return sent;
  }

  return {
    /**
     * Idempotent: each batch marks its alerts notified in the transaction that writes the
     * notifications and e-mails, so a second run (or a run after a crash) finds them marked.
     */
    async notifyOverdueAlerts(): Promise<JobSummary> {
      let alerts = 0;
      let recipients = 0;
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const claimed = await claimOverdueAlerts(tx, batchSize);
          for (const alert of claimed) recipients += await notifyOne(tx, alert);
          return claimed.length;
        });
        alerts += batch;
        if (batch < batchSize) break;
      }
      return { items: alerts, note: `${alerts} alerts became overdue, ${recipients} notifications sent` };
    },
  };
}

export type AlertSlaService = ReturnType<typeof createAlertSlaService>;

export async function registerAlertJobs(jobs: JobQueue, deps: { sla: AlertSlaService }): Promise<void> {
  await jobs.define(ALERT_SLA_JOB, () => deps.sla.notifyOverdueAlerts(), { retryLimit: 3, expireInSeconds: 900 });
  await jobs.schedule(ALERT_SLA_JOB, '*/15 * * * *');
}
