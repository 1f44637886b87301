import type { Database, Queryable } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import { deliverDueMessages } from './outbox';
import type { Transports } from './transports';

export const OUTBOX_JOB = 'outbox.deliver';

/**
 * Delivery runs as a job: kicked right after a message is written, and swept every minute so that
 * retries happen and nothing waits on a kick that was lost in a crash.
 */
export async function registerOutboxJobs(jobs: JobQueue, db: Database, transports: Transports): Promise<void> {
  await jobs.define(
    OUTBOX_JOB,
    async () => {
      await deliverDueMessages(db, transports);
    },
    // SMTP has its own time-outs (about 2 minutes at worst per message); expiry sits well above a batch.
    { retryLimit: 0, expireInSeconds: 30 * 60, pollingIntervalSeconds: 1 },
  );
  await jobs.schedule(OUTBOX_JOB, '* * * * *');
}

/**
 * Asks for a delivery run now. Given the transaction that wrote the messages, the request commits
 * with them, so the run never starts before they are visible; the minute sweep covers a lost kick.
 */
export async function kickOutbox(jobs: JobQueue | null, tx?: Queryable): Promise<void> {
  await jobs?.send(OUTBOX_JOB, {}, { singletonKey: OUTBOX_JOB, ...(tx ? { tx } : {}) });
}
