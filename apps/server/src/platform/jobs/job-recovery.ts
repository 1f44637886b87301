/**
 * Taking back the jobs of dead processes. Every process that runs job workers registers itself and
 * keeps a heartbeat; each job it runs is claimed in its name while it runs. On start and then
 * periodically, a process puts back the active jobs of workers that are dead, so they run again at
 * once instead of after pg-boss's expiry (an hour or two for imports and re-ratings).
 *
 * A worker is dead when it is not one of this process's and
 * - the database is the embedded one: only one process can open it, so every other worker is gone;
 * - or its heartbeat has been silent longer than the stale period;
 * - or it ran on this host under a process id that is no longer alive, or that is now this process's
 *   (a restarted container reuses its process id).
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../db/database';
import {
  beatHeart,
  claimJob,
  listWorkers,
  reclaimOrphanedJobs,
  registerWorker,
  releaseJob,
  removeWorker,
  type ReclaimedJob,
  type WorkerRow,
} from './job-worker.repository';

export interface RecoveryOptions {
  heartbeatSeconds?: number;
  /** A worker silent this long is dead; also how long an active job may stay unclaimed. */
  staleAfterSeconds?: number;
  onReclaimed?: (jobs: ReclaimedJob[]) => void;
  onError: (error: Error) => void;
}

/** The workers of this process: never judged dead by a sweep run in this process. */
const liveWorkers = new Set<string>();

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function isDeadWorker(
  worker: WorkerRow,
  context: { embedded: boolean; host: string; pid: number; staleAfterSeconds: number },
): boolean {
  if (liveWorkers.has(worker.id)) return false;
  if (context.embedded || worker.silentSeconds > context.staleAfterSeconds) return true;
  return worker.host === context.host && (worker.pid === context.pid || !isProcessAlive(worker.pid));
}

export interface WorkerRegistration {
  readonly id: string;
  /** Records that this worker runs the job; released when the job ends, however it ends. */
  claim(jobId: string, queue: string): Promise<void>;
  release(jobId: string): Promise<void>;
  /** Puts back the jobs of dead workers now; answers what it put back. */
  sweep(): Promise<ReclaimedJob[]>;
  stop(): Promise<void>;
}

export async function registerJobWorker(db: Database, options: RecoveryOptions): Promise<WorkerRegistration> {
  const heartbeatSeconds = options.heartbeatSeconds ?? 10;
  const staleAfterSeconds = options.staleAfterSeconds ?? 60;
  const id = randomUUID();
  const context = { embedded: db.kind === 'pglite', host: hostname(), pid: process.pid, staleAfterSeconds };
  const processStartedAt = new Date(Date.now() - process.uptime() * 1000);
  liveWorkers.add(id);
  await registerWorker(db, { id, host: context.host, pid: context.pid });

  async function sweep(): Promise<ReclaimedJob[]> {
    const workers = await listWorkers(db);
    const dead = workers.filter((worker) => isDeadWorker(worker, context)).map((worker) => worker.id);
    const reclaimed = await reclaimOrphanedJobs(db, {
      deadWorkerIds: dead,
      // On the embedded database a job that became active before this process started is nobody's.
      unclaimedBefore: context.embedded ? processStartedAt : null,
      unclaimedGraceSeconds: staleAfterSeconds,
    });
    if (reclaimed.length > 0) options.onReclaimed?.(reclaimed);
    return reclaimed;
  }

  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void (async () => {
      // A worker judged dead while alive (its process stalled past the stale period) registers again;
      // the jobs taken from it run twice, which handlers allow.
      if (!(await beatHeart(db, id))) await registerWorker(db, { id, host: context.host, pid: context.pid });
      await sweep();
    })()
      .catch((error: unknown) => options.onError(error instanceof Error ? error : new Error(String(error))))
      .finally(() => {
        busy = false;
      });
  }, heartbeatSeconds * 1000);
  timer.unref();

  return {
    id,
    claim: (jobId, queue) => claimJob(db, { jobId, queue, workerId: id }),
    release: (jobId) => releaseJob(db, jobId, id),
    sweep,
    async stop() {
      clearInterval(timer);
      liveWorkers.delete(id);
      await removeWorker(db, id);
    },
  };
}
