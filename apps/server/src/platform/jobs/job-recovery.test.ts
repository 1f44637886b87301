import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import type { Database } from '../db/database';
import { isDeadWorker } from './job-recovery';
import { startJobQueue, type JobLog, type JobQueue } from './job-queue';
import { claimJob, registerWorker } from './job-worker.repository';

let database: TestDatabase;
let db: Database;
const started: JobQueue[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  for (const queue of started) await queue.stop();
  await database.dispose();
});

async function start(options: { runWorkers: boolean; log?: JobLog }): Promise<JobQueue> {
  const queue = await startJobQueue(db, { ...options, onError: (error) => console.error(error) });
  started.push(queue);
  return queue;
}

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function jobState(id: string): Promise<{ state: string; retry_count: number }> {
  const result = await db.query<{ state: string; retry_count: number }>(
    'select state::text as state, retry_count from pgboss.job where id = $1',
    [id],
  );
  const row = result.rows[0];
  if (!row) throw new Error(`job ${id} missing`);
  return row;
}

/** Leaves a queued job as a process killed mid-job leaves it: active, claimed by a worker that is gone and silent. */
async function abandonJob(queue: string, jobId: string, retryCount = 0): Promise<string> {
  const workerId = randomUUID();
  await registerWorker(db, { id: workerId, host: 'a-host-that-died', pid: 4242 });
  // Silent for ten minutes: dead on PostgreSQL too, where workers of other processes may be alive.
  await db.query(`update job_workers set heartbeat_at = now() - interval '10 minutes' where id = $1`, [workerId]);
  await db.query(`update pgboss.job set state = 'active', started_on = now(), retry_count = $2 where id = $1`, [jobId, retryCount]);
  await claimJob(db, { jobId, queue, workerId });
  return workerId;
}

function recordingLog(): JobLog & { lines: Array<{ level: string; fields: Record<string, unknown>; message: string }> } {
  const lines: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
  return {
    lines,
    info: (fields, message) => lines.push({ level: 'info', fields, message }),
    warn: (fields, message) => lines.push({ level: 'warn', fields, message }),
  };
}

describe('jobs of a dead worker process', () => {
  it('are taken back on start and run again at once, not after their expiry', async () => {
    const producer = await start({ runWorkers: false });
    // An hour's expiry: without recovery the job would stay active that long.
    await producer.define('test.orphaned', async () => undefined, { expireInSeconds: 3600, retryLimit: 2 });
    const jobId = await producer.send('test.orphaned', { value: 7 });
    if (!jobId) throw new Error('not sent');
    const deadWorker = await abandonJob('test.orphaned', jobId);

    const log = recordingLog();
    const worker = await start({ runWorkers: true, log });
    const seen: unknown[] = [];
    const began = Date.now();
    await worker.define<{ value: number }>(
      'test.orphaned',
      async (data) => {
        seen.push(data.value);
        return { items: 3 };
      },
      { expireInSeconds: 3600, retryLimit: 2, pollingIntervalSeconds: 0.5 },
    );
    await waitUntil(() => seen.length > 0);
    expect(Date.now() - began).toBeLessThan(10_000);
    expect(seen).toEqual([7]);
    await waitUntil(async () => (await jobState(jobId)).state === 'completed');
    expect((await db.query('select 1 from job_workers where id = $1', [deadWorker])).rows).toHaveLength(0);
    expect(log.lines.find((line) => line.level === 'warn')?.message).toContain(
      `Took back 1 job(s) of a stopped worker: test.orphaned ${jobId}`,
    );
    // One summary line when the job ends: name, duration, items and outcome.
    const summary = log.lines.find((line) => line.level === 'info');
    expect(summary?.fields).toMatchObject({ job: 'test.orphaned', jobId, items: 3, outcome: 'completed' });
    expect(summary?.fields.durationMs).toEqual(expect.any(Number));
    expect(summary?.message).toMatch(/^Job test\.orphaned completed in \d+ ms, 3 items$/);
  });

  it('fails a job that has used up its retries instead of running it again', async () => {
    const producer = await start({ runWorkers: false });
    await producer.define('test.poison', async () => undefined, { expireInSeconds: 3600, retryLimit: 1 });
    const jobId = await producer.send('test.poison', {});
    if (!jobId) throw new Error('not sent');
    await abandonJob('test.poison', jobId, 1);
    let runs = 0;
    const worker = await start({ runWorkers: true });
    await worker.define(
      'test.poison',
      async () => {
        runs += 1;
      },
      { expireInSeconds: 3600, retryLimit: 1, pollingIntervalSeconds: 0.5 },
    );
    await waitUntil(async () => (await jobState(jobId)).state === 'failed');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(runs).toBe(0);
  });

  it('leaves the running jobs of a live worker alone, and logs a failed job at warn', async () => {
    const log = recordingLog();
    const first = await start({ runWorkers: true, log });
    let release: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    await first.define(
      'test.long',
      async () => {
        runs += 1;
        await gate;
        throw new Error('the long job gave up');
      },
      { expireInSeconds: 3600, retryLimit: 0, pollingIntervalSeconds: 0.5 },
    );
    const jobId = await first.send('test.long', {});
    if (!jobId) throw new Error('not sent');
    await waitUntil(() => runs === 1);
    // A second worker starting (its sweep runs at once) must not take the job from the first.
    await start({ runWorkers: true });
    expect((await jobState(jobId)).state).toBe('active');
    release?.();
    await waitUntil(async () => (await jobState(jobId)).state === 'failed');
    expect(runs).toBe(1);
    expect(log.lines.find((line) => line.fields.jobId === jobId)).toMatchObject({
      level: 'warn',
      fields: { job: 'test.long', outcome: 'failed' },
      message: expect.stringMatching(/^Job test\.long failed in \d+ ms: the long job gave up$/),
    });
  });
});

function otherWorker(change: Partial<{ host: string; pid: number; silentSeconds: number }>) {
  return { id: randomUUID(), host: 'another-host', pid: 1234, silentSeconds: 1, ...change };
}

describe('whether a worker is dead', () => {
  const context = { embedded: false, host: hostname(), pid: process.pid, staleAfterSeconds: 60 };
  const worker = otherWorker;

  it('is dead once its heartbeat is silent longer than the stale period', () => {
    expect(isDeadWorker(worker({ silentSeconds: 61 }), context)).toBe(true);
    expect(isDeadWorker(worker({ silentSeconds: 5 }), context)).toBe(false);
  });

  it('on this host, is dead when its process is gone or its process id is now ours', () => {
    const exited = spawnSync(process.execPath, ['-e', '0']).pid;
    expect(isDeadWorker(worker({ host: hostname(), pid: exited }), context)).toBe(true);
    expect(isDeadWorker(worker({ host: hostname(), pid: process.pid }), context)).toBe(true);
    expect(isDeadWorker(worker({ host: hostname(), pid: process.ppid }), context)).toBe(false);
  });

  it('on the embedded database, every worker of another process is dead', () => {
    expect(isDeadWorker(worker({ host: hostname(), pid: process.ppid }), { ...context, embedded: true })).toBe(true);
  });
});
