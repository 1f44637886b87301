import type { TRerateRun, TRerateStatus } from '@sanad/contracts/risk-rating';
import type { LevelChangeSummary } from '@sanad/risk/level-change-summary';
import type { Queryable } from '../../../platform/db/database';
import { queryOne } from '../../../platform/db/database';
import type { SegmentRef } from '../segment-ref';

export interface RerateRunRecord {
  id: string;
  data_segment_id: string;
  target_version: string;
  status: TRerateStatus;
  cursor_id: string | null;
  total: number;
  processed: number;
  rated: number;
  skipped: number;
  batches: number;
  summary: LevelChangeSummary;
  error: string | null;
  started_by_name: string;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

const COLUMNS = `id, data_segment_id, target_version, status, cursor_id, total, processed, rated, skipped, batches, summary, error,
  started_by_name, created_at, started_at, finished_at`;

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function toRerateRun(record: RerateRunRecord): TRerateRun {
  return {
    _id: record.id,
    targetVersion: record.target_version,
    status: record.status,
    total: record.total,
    processed: record.processed,
    rated: record.rated,
    skipped: record.skipped,
    summary: record.summary,
    error: record.error,
    startedByName: record.started_by_name || 'System',
    createdAt: new Date(record.created_at).toISOString(),
    startedAt: iso(record.started_at),
    finishedAt: iso(record.finished_at),
  };
}

/** The queued or running run of a segment (at most one: a partial unique index keeps it so). */
export async function findActiveRun(db: Queryable, segment: SegmentRef): Promise<RerateRunRecord | null> {
  return queryOne<RerateRunRecord>(
    db,
    `select ${COLUMNS} from risk_rerate_runs where data_segment_id = $1 and status in ('queued', 'running')`,
    [segment.segmentId],
  );
}

export async function findLatestRun(db: Queryable, segment: SegmentRef): Promise<RerateRunRecord | null> {
  return queryOne<RerateRunRecord>(
    db,
    `select ${COLUMNS} from risk_rerate_runs where data_segment_id = $1 order by created_at desc, id limit 1`,
    [segment.segmentId],
  );
}

export async function insertRun(
  tx: Queryable,
  segment: SegmentRef,
  input: { targetVersion: string; total: number; summary: LevelChangeSummary; startedBy: { id: string; name: string } | null },
): Promise<RerateRunRecord> {
  const row = await queryOne<RerateRunRecord>(
    tx,
    `insert into risk_rerate_runs (data_segment_id, target_version, total, summary, started_by, started_by_name)
     values ($1, $2, $3, $4::jsonb, $5, $6) returning ${COLUMNS}`,
    [
      segment.segmentId,
      input.targetVersion,
      input.total,
      JSON.stringify(input.summary),
      input.startedBy?.id ?? null,
      input.startedBy?.name ?? '',
    ],
  );
  if (!row) throw new Error('re-rating run insert returned nothing');
  return row;
}

/** Locks a run for one batch: concurrent workers on one run take turns and read each other's cursor. */
export async function lockRun(tx: Queryable, id: string): Promise<RerateRunRecord | null> {
  return queryOne<RerateRunRecord>(tx, `select ${COLUMNS} from risk_rerate_runs where id = $1 for update`, [id]);
}

export async function markRunning(tx: Queryable, id: string): Promise<void> {
  await tx.query(
    `update risk_rerate_runs set status = 'running', started_at = coalesce(started_at, now()), updated_at = now() where id = $1`,
    [id],
  );
}

export async function recordBatch(
  tx: Queryable,
  id: string,
  progress: { cursor: string; processed: number; rated: number; skipped: number; summary: LevelChangeSummary },
): Promise<void> {
  await tx.query(
    `update risk_rerate_runs
        set cursor_id = $2, processed = processed + $3, rated = rated + $4, skipped = skipped + $5, batches = batches + 1,
            summary = $6::jsonb, error = null, updated_at = now()
      where id = $1`,
    [id, progress.cursor, progress.processed, progress.rated, progress.skipped, JSON.stringify(progress.summary)],
  );
}

export async function finishRun(
  tx: Queryable,
  id: string,
  status: 'completed' | 'failed' | 'superseded',
  error: string | null = null,
): Promise<void> {
  await tx.query(`update risk_rerate_runs set status = $2, error = $3, finished_at = now(), updated_at = now() where id = $1`, [
    id,
    status,
    error,
  ]);
}

/** Keeps the last error of a run that will be retried, so the screen can say what went wrong. */
export async function recordRunError(db: Queryable, id: string, message: string): Promise<void> {
  await db.query(`update risk_rerate_runs set error = $2, updated_at = now() where id = $1`, [id, message.slice(0, 500)]);
}

/**
 * A batch lost in a crash after commit is redone from the stored cursor, so the transaction's
 * commit need not wait for the disk.
 */
export async function relaxCommitDurability(tx: Queryable): Promise<void> {
  await tx.query('set local synchronous_commit = off');
}

/** Where a run stands: the last customer id its committed batches reached. */
export async function readRunCursor(db: Queryable, id: string): Promise<string | null> {
  const row = await queryOne<{ cursor_id: string | null }>(db, 'select cursor_id from risk_rerate_runs where id = $1', [id]);
  return row?.cursor_id ?? null;
}
