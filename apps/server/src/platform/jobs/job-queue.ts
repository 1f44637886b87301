import { performance } from 'node:perf_hooks';
import PgBoss from 'pg-boss';
import type { Database, Queryable } from '../db/database';
import { registerJobWorker, type WorkerRegistration } from './job-recovery';
import type { ReclaimedJob } from './job-worker.repository';

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

/** What a job did, for its summary line: how many items it handled, and a note when it has one. */
export interface JobSummary {
  items?: number;
  note?: string;
}

export type JobHandler<T> = (data: T, job: { id: string; name: string }) => Promise<void | JobSummary>;

/** The log lines of the queue: one info line per job when it ends, warnings when jobs are taken back. */
export interface JobLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface JobQueueOptions {
  runWorkers: boolean;
  onError: (error: Error) => void;
  log?: JobLog;
  /** How often a worker process proves it is alive, and after how long a silent one counts as dead. */
  heartbeatSeconds?: number;
  staleAfterSeconds?: number;
}

export interface JobQueue {
  /** Declares a queue; its handler runs only in processes whose role includes the worker. */
  define<T extends object>(name: string, handler: JobHandler<T>, options?: JobOptions): Promise<void>;
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** A cron schedule (UTC); pg-boss makes sure only one process fires it. */
  schedule(name: string, cron: string): Promise<void>;
  stop(): Promise<void>;
}

function describeReclaimed(jobs: ReclaimedJob[]): string {
  return jobs.map((job) => `${job.name} ${job.id} (${job.state === 'retry' ? 'runs again now' : 'retries used up: failed'})`).join(', ');
}

/**
 * pg-boss queues in the application's own database, so jobs are as durable as the data they act on
 * and work the same on PGlite and PostgreSQL. Handlers must be idempotent: a job may run again after
 * a crash or an expiry.
 */
export async function startJobQueue(db: Database, options: JobQueueOptions): Promise<JobQueue> {
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
  // A worker process registers itself and, before taking any job, puts back those of dead processes
  // (on the embedded database: every job left active by the previous run).
  const worker: WorkerRegistration | null = options.runWorkers
    ? await registerJobWorker(db, {
        ...(options.heartbeatSeconds ? { heartbeatSeconds: options.heartbeatSeconds } : {}),
        ...(options.staleAfterSeconds ? { staleAfterSeconds: options.staleAfterSeconds } : {}),
        onReclaimed: (jobs) =>
          options.log?.warn({ jobs }, `Took back ${jobs.length} job(s) of a stopped worker: ${describeReclaimed(jobs)}`),
        onError: options.onError,
      })
    : null;
  await worker?.sweep();

  /** Runs one job under this worker's claim and writes its summary line when it ends. */
  async function runJob<T>(handler: JobHandler<T>, job: { id: string; name: string; data: unknown }): Promise<void> {
    const started = performance.now();
    const line = (outcome: string, summary: JobSummary | null, error: unknown) => {
      const durationMs = Math.round(performance.now() - started);
      const items = summary?.items;
      const note = error instanceof Error ? error.message : (summary?.note ?? null);
      const fields = { job: job.name, jobId: job.id, durationMs, items: items ?? null, outcome };
      const message = `Job ${job.name} ${outcome} in ${durationMs} ms${items === undefined ? '' : `, ${items} items`}${note ? `: ${note}` : ''}`;
      if (error) options.log?.warn(fields, message);
      else options.log?.info(fields, message);
    };
    await worker?.claim(job.id, job.name);
    try {
      const summary = await handler(job.data as T, { id: job.id, name: job.name });
      line('completed', summary ?? null, null);
    } catch (error) {
      line('failed', null, error);
      throw error;
    } finally {
      await worker?.release(job.id).catch((error: unknown) => options.onError(error instanceof Error ? error : new Error(String(error))));
    }
  }

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
        for (const job of jobs) await runJob(handler, job);
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
      await worker?.stop();
    },
  };
}
