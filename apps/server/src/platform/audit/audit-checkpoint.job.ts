import type { Database } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import { listHeadsPast } from './audit.repository';
import type { AuditCheckpoint, CheckpointStore } from './checkpoint-store';
import { checkpointMac } from './verify-audit';

export const AUDIT_CHECKPOINT_JOB = 'audit.checkpoint';

/**
 * Writes a checkpoint for every chain whose head moved since its last one. Running twice writes
 * nothing new the second time; the store never replaces a checkpoint.
 */
export async function writeAuditCheckpoints(db: Database, store: CheckpointStore, now = new Date()): Promise<AuditCheckpoint[]> {
  const latest = new Map<string, number>();
  for (const checkpoint of await store.list()) latest.set(checkpoint.chain, Math.max(latest.get(checkpoint.chain) ?? 0, checkpoint.seq));
  const written: AuditCheckpoint[] = [];
  for (const head of await listHeadsPast(db, latest)) {
    const content = { chain: head.chain, seq: Number(head.seq), hash: head.hash, writtenAt: now.toISOString() };
    const checkpoint = { ...content, mac: checkpointMac(content) };
    await store.write(checkpoint);
    written.push(checkpoint);
  }
  return written;
}

/** Every ten minutes, so at most ten minutes of history can be rewritten before a checkpoint pins it. */
export async function registerAuditCheckpointJob(jobs: JobQueue, db: Database, store: CheckpointStore): Promise<void> {
  await jobs.define(
    AUDIT_CHECKPOINT_JOB,
    async () => {
      await writeAuditCheckpoints(db, store);
    },
    { retryLimit: 1, expireInSeconds: 10 * 60 },
  );
  await jobs.schedule(AUDIT_CHECKPOINT_JOB, '*/10 * * * *');
}
