/**
 * The worker processes of the job queue and the jobs each one runs, beside pg-boss's own tables, so
 * that the jobs of a process that died can be found and put back at once (see job-recovery.ts).
 */
import type { Database, Queryable } from '../db/database';

export interface WorkerRow {
  id: string;
  host: string;
  pid: number;
  /** Seconds since the worker's last heartbeat, by the database's clock. */
  silentSeconds: number;
}

export interface ReclaimedJob {
  id: string;
  name: string;
  /** 'retry' (runs again now) or 'failed' (its retries were used up). */
  state: string;
}

export async function registerWorker(db: Queryable, worker: { id: string; host: string; pid: number }): Promise<void> {
  await db.query(`insert into job_workers (id, host, pid) values ($1, $2, $3)`, [worker.id, worker.host, worker.pid]);
}

/** Answers false when the worker's row is gone (another process judged it dead): it must register again. */
export async function beatHeart(db: Queryable, workerId: string): Promise<boolean> {
  const result = await db.query(`update job_workers set heartbeat_at = now() where id = $1`, [workerId]);
  return result.rowCount > 0;
}

export async function removeWorker(db: Queryable, workerId: string): Promise<void> {
  await db.query(`delete from job_workers where id = $1`, [workerId]);
}

export async function listWorkers(db: Queryable): Promise<WorkerRow[]> {
  const result = await db.query<WorkerRow>(
    `select id, host, pid, extract(epoch from now() - heartbeat_at)::float8 as "silentSeconds" from job_workers order by started_at`,
  );
  return result.rows;
}

export async function claimJob(db: Queryable, claim: { jobId: string; queue: string; workerId: string }): Promise<void> {
  await db.query(
    `insert into job_claims (job_id, queue, worker_id) values ($1, $2, $3)
     on conflict (job_id) do update set worker_id = excluded.worker_id, queue = excluded.queue, claimed_at = now()`,
    [claim.jobId, claim.queue, claim.workerId],
  );
}

export async function releaseJob(db: Queryable, jobId: string, workerId: string): Promise<void> {
  await db.query(`delete from job_claims where job_id = $1 and worker_id = $2`, [jobId, workerId]);
}

/**
 * Puts back the active jobs of dead workers, and active jobs nobody claims that started before
 * `unclaimedBefore` (a worker that died between taking the job and recording it), to run again now:
 * as a retry while the job has retries left, else failed, so a job that kills its worker every time
 * cannot loop for ever. Then forgets the dead workers and their claims.
 */
export async function reclaimOrphanedJobs(
  db: Database,
  orphans: { deadWorkerIds: readonly string[]; unclaimedBefore: Date | null; unclaimedGraceSeconds: number },
): Promise<ReclaimedJob[]> {
  return db.transaction(async (tx) => {
    const result = await tx.query<ReclaimedJob>(
      `with orphaned as (
         select j.id from pgboss.job j left join job_claims c on c.job_id = j.id
          where j.state = 'active'
            and (c.worker_id = any($1::uuid[])
                 or (c.job_id is null and j.started_on < coalesce($2::timestamptz, now() - make_interval(secs => $3::float8))))
          for update of j skip locked
       )
       update pgboss.job j set
         state = (case when j.retry_count < j.retry_limit then 'retry' else 'failed' end)::pgboss.job_state,
         start_after = now(),
         completed_on = case when j.retry_count < j.retry_limit then null else now() end,
         output = jsonb_build_object('message', 'The worker running this job stopped; the job was taken back')
       from orphaned o where j.id = o.id
       returning j.id, j.name, j.state::text as state`,
      [orphans.deadWorkerIds, orphans.unclaimedBefore?.toISOString() ?? null, orphans.unclaimedGraceSeconds],
    );
    if (orphans.deadWorkerIds.length > 0) await tx.query(`delete from job_workers where id = any($1::uuid[])`, [orphans.deadWorkerIds]);
    await tx.query(`delete from job_claims c where not exists (select 1 from pgboss.job j where j.id = c.job_id and j.state = 'active')`);
    return result.rows;
  });
}
