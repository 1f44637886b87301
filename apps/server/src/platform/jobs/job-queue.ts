import PgBoss from 'pg-boss';
import type { Database, Queryable } from '../db/database';

export interface JobOptions {
  /** Attempts after the first failure. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** Longer than the slowest legitimate run, so pg-boss does not hand a live job to a second worker. */
  expireInSeconds?: number;
  pollingIntervalSeconds?: number;
}

export interface SendOptions {
  /**
   * The transaction of the change that needs the job: the job exists exactly when the change
   * commits, so a crash between the two can neither lose the job nor run it for a rolled-back change.
   */
  tx?: Queryable;
  /** At most one queued job per key: repeated sends for the same work collapse into one. */
  singletonKey?: string;
  startAfterSeconds?: number;
}

export type JobHandler<T> = (data: T, job: { id: string; name: string }) => Promise<void>;

export interface JobQueue {
  /** Declares a queue; its handler runs only in processes whose role includes the worker. */
  define<T extends object>(name: string, handler: JobHandler<T>, options?: JobOptions): Promise<void>;
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** A cron schedule (UTC); pg-boss makes sure only one process fires it. */
  schedule(name: string, cron: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * pg-boss queues in the application's own database, so jobs are as durable as the data they act on
 * and work the same on PGlite and PostgreSQL. Handlers must be idempotent: a job may run again after
 * a crash or an expiry.
 */
export async function startJobQueue(db: Database, options: { runWorkers: boolean; onError: (error: Error) => void }): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => db.raw(text, values) },
    schema: 'pgboss',
    // Monitoring and maintenance are owned by worker processes; API replicas only enqueue.
    supervise: options.runWorkers,
    schedule: options.runWorkers,
    migrate: true,
  });
  boss.on('error', options.onError);
  await boss.start();

  return {
    async define(name, handler, jobOptions = {}) {
      const queue = {
        name,
        retryLimit: jobOptions.retryLimit ?? 3,
        retryDelay: jobOptions.retryDelaySeconds ?? 30,
        retryBackoff: jobOptions.retryBackoff ?? true,
        expireInSeconds: jobOptions.expireInSeconds ?? 15 * 60,
      };
      await boss.createQueue(name, queue);
      // createQueue leaves an existing queue as it is: update it, so changed options reach a database
      // that already has the queue (jobs take their retry limit from the queue when sent).
      await boss.updateQueue(name, queue);
      if (!options.runWorkers) return;
      await boss.work<object>(name, { pollingIntervalSeconds: jobOptions.pollingIntervalSeconds ?? 2 }, async (jobs) => {
        for (const job of jobs) await handler(job.data as Parameters<typeof handler>[0], { id: job.id, name: job.name });
      });
    },
    async send(name, data, sendOptions = {}) {
      const { tx } = sendOptions;
      return boss.send(name, data, {
        ...(tx ? { db: { executeSql: (text: string, values?: unknown[]) => tx.query(text, values) } } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
      });
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron, {});
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
