import type { JobQueue } from '../../platform/jobs/job-queue';
import { deliverDueWebhooks, pruneWebhookDeliveries, type WebhookDeliveryDeps } from './webhook-delivery';
import { WEBHOOK_DELIVERY_JOB } from './webhook-events.port';

const PRUNE_JOB = 'webhooks.prune';

/**
 * Delivery runs as a job: asked for in the transaction that wrote deliveries, and swept every
 * minute so that retries fall due and nothing waits on a request lost in a crash.
 */
export async function registerWebhookJobs(jobs: JobQueue, deps: WebhookDeliveryDeps): Promise<void> {
  await jobs.define(
    WEBHOOK_DELIVERY_JOB,
    async () => {
      const report = await deliverDueWebhooks(deps);
      const items = report.succeeded + report.retrying + report.failed;
      return {
        items,
        note: `${report.succeeded} delivered, ${report.retrying} to retry, ${report.failed} failed, ${report.disabled} disabled`,
      };
    },
    { retryLimit: 0, expireInSeconds: 30 * 60, pollingIntervalSeconds: 1 },
  );
  await jobs.schedule(WEBHOOK_DELIVERY_JOB, '* * * * *');
  await jobs.define(PRUNE_JOB, async () => ({ items: await pruneWebhookDeliveries(deps.db) }), { retryLimit: 1 });
  await jobs.schedule(PRUNE_JOB, '17 3 * * *');
}
