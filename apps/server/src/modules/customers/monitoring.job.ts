import type { JobQueue } from '../../platform/jobs/job-queue';
import { RESCREEN_JOB, type OngoingScreeningService } from './ongoing-screening.service';
import { DOCUMENT_EXPIRY_JOB, type DocumentExpiryService } from './document-expiry.service';
import { PERIODIC_REVIEW_JOB, type PeriodicReviewService } from './periodic-review.service';

/**
 * Ongoing monitoring runs as jobs. A re-screening is asked for in the transaction that stored the
 * list version; it continues from its checkpoint when retried or taken back from a dead worker, so
 * the expiry only has to outlast one long run. The periodic review runs daily at 00:15 UTC, the
 * document-expiry check at 00:30 UTC.
 */
export async function registerMonitoringJobs(
  jobs: JobQueue,
  deps: { rescreens: OngoingScreeningService; reviews: PeriodicReviewService; expiries: DocumentExpiryService },
): Promise<void> {
  await jobs.define<{ versionId: string }>(RESCREEN_JOB, (data) => deps.rescreens.runRescreen(data.versionId), {
    retryLimit: 5,
    expireInSeconds: 3600,
    pollingIntervalSeconds: 1,
  });
  await jobs.define(PERIODIC_REVIEW_JOB, () => deps.reviews.raiseDueReviews(), { retryLimit: 3, expireInSeconds: 3600 });
  await jobs.schedule(PERIODIC_REVIEW_JOB, '15 0 * * *');
  await jobs.define(DOCUMENT_EXPIRY_JOB, () => deps.expiries.raiseExpiryAlerts(), { retryLimit: 3, expireInSeconds: 3600 });
  await jobs.schedule(DOCUMENT_EXPIRY_JOB, '30 0 * * *');
}
