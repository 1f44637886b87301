/**
 * Re-rating a data segment after a configuration change, as a pg-boss job. The run walks the
 * segment's customers by id in batches. Each batch is read and rated outside any transaction (on
 * PostgreSQL the next one while the previous one is written, so the rating work overlaps the
 * database's), then written in one transaction that moves each customer to its new rating — only if
 * nobody rated it meanwhile — inserts those ratings, and stores the run's cursor and level-change
 * tally. On the embedded database, which serves the API on the same single connection, batches are
 * small and the job rests between them so that requests do not wait behind it.
 *
 * A run stopped anywhere (crash, deploy, expiry) continues from its cursor; a customer already rated
 * with the run's version is skipped; a batch read from a cursor that has since moved is discarded.
 * So running a run again, or two workers at once, rates nobody twice.
 */
import { performance } from 'node:perf_hooks';
import { newRatingId } from '../rating/rating-id';
import { LevelChangeTally, addLevelChangeSummaries } from '@sanad/risk/level-change-summary';
import type { RiskLevel } from '@sanad/risk/risk-level';
import { appendAudit } from '../../../platform/audit/audit-log';
import type { Database, Queryable } from '../../../platform/db/database';
import { pauseBetweenBatches } from '../../../platform/jobs/batch-pause';
import type { JobQueue, JobSummary } from '../../../platform/jobs/job-queue';
import {
  applyRatings,
  insertRatings,
  listCustomersAfter,
  type CustomerRatingUpdate,
  type NewRating,
} from '../rating/customer-rating.repository';
import { buildStoredFacts, rateWithModel, toOverwriteInput } from '../rating/rate-stored-customer';
import { findSettings } from '../configuration/risk-config.repository';
import { getModelForVersion } from '../configuration/risk-model-cache';
import {
  finishRun,
  lockRun,
  markRunning,
  recordBatch,
  readRunCursor,
  recordRunError,
  relaxCommitDurability,
  type RerateRunRecord,
} from './rerate.repository';
import { systemSegment, type SegmentRef } from '../segment-ref';

export const RERATE_JOB = 'risk.rerate';
/**
 * Customers per batch. On the embedded database one connection serves the API and the jobs alike,
 * and a batch's transaction holds it: small batches keep every request's wait short.
 */
export const RERATE_BATCH_SIZE = { postgres: 1000, pglite: 50 } as const;

export interface RerateOptions {
  batchSize?: number;
  /** The rating time of each batch. Default: the clock. */
  now?: () => Date;
  /**
   * Runs inside each batch's transaction after its writes, before the cursor moves. Tests throw
   * here to prove that a crash mid-run leaves the batch unwritten and the run resumable.
   */
  onBatchWritten?: (batch: number) => Promise<void> | void;
  /** A test hook: stops the process at a named point once a batch has committed (the crash tests). */
  crashPoint?: (point: string) => void;
}

interface RunView {
  id: string;
  segment: SegmentRef;
  targetVersion: string;
}

interface RatedCustomer {
  rating: NewRating;
  update: CustomerRatingUpdate;
  before: RiskLevel | null;
}

interface PreparedBatch {
  /** The cursor the batch was read after; the write refuses it if the run's cursor has moved. */
  after: string | null;
  /** The last customer read; null when there was none after the cursor. */
  lastId: string | null;
  processed: number;
  rated: RatedCustomer[];
}

type WriteOutcome = 'written' | 'moved' | 'stopped';

async function finish(tx: Queryable, run: RerateRunRecord, status: 'completed' | 'superseded', note: string | null): Promise<void> {
  await finishRun(tx, run.id, status, note);
  const { summary } = run;
  await appendAudit(tx, {
    dataSegmentId: run.data_segment_id,
    actor: null,
    module: 'due_diligence',
    action: status === 'completed' ? 'rerated_customers' : 'stopped_rerating',
    entityType: 'risk_rerate_run',
    entityId: run.id,
    summary:
      status === 'completed'
        ? `Re-rated ${run.rated} customers with configuration ${run.target_version}: ${summary.raised} raised, ${summary.lowered} lowered, ${summary.unchanged} unchanged, ${summary.newlyRated} rated for the first time`
        : `Re-rating stopped after ${run.processed} customers: ${note ?? ''}`,
    details: { targetVersion: run.target_version, processed: run.processed, rated: run.rated, skipped: run.skipped, summary },
  });
}

/**
 * Locks the run and checks it may go on: still queued or running, and its configuration still the
 * one in force (else it ends as superseded). Answers the run as it stands, or null.
 */
async function lockLiveRun(tx: Queryable, runId: string): Promise<RerateRunRecord | null> {
  const run = await lockRun(tx, runId);
  if (!run || (run.status !== 'queued' && run.status !== 'running')) return null;
  if (run.status === 'queued') await markRunning(tx, runId);
  const settings = await findSettings(tx, systemSegment(run.data_segment_id));
  if (settings?.version !== run.target_version) {
    await finish(tx, run, 'superseded', 'The configuration changed while re-rating; start a new re-rating for the new version');
    return null;
  }
  return run;
}

async function readBatch(db: Database, run: RunView, after: string | null, options: RerateOptions): Promise<PreparedBatch> {
  const customers = await listCustomersAfter(db, run.segment, after, options.batchSize ?? RERATE_BATCH_SIZE[db.kind]);
  const last = customers.at(-1);
  if (!last) return { after, lastId: null, processed: 0, rated: [] };
  const model = await getModelForVersion(db, run.segment, run.targetVersion);
  const now = options.now?.() ?? new Date();
  const rated: RatedCustomer[] = [];
  for (const customer of customers) {
    if (customer.risk_config_version === run.targetVersion) continue;
    const facts = buildStoredFacts(customer, {}, now);
    // A configuration change does not change the customer: an officer's overwrite stays.
    const rating = rateWithModel(model, facts, now, toOverwriteInput(customer.manual_overwrite));
    const id = newRatingId();
    rated.push({
      rating: { id, customerId: customer.id, trigger: 'rerate', rating, facts, rerateRunId: run.id, actor: null },
      update: { customerId: customer.id, ratingId: id, rating, expectedRatingId: customer.risk_rating_id },
      before: customer.risk_level,
    });
  }
  return { after, lastId: last.id, processed: customers.length, rated };
}

async function writeBatch(
  db: Database,
  runId: string,
  batch: PreparedBatch & { lastId: string },
  options: RerateOptions,
): Promise<WriteOutcome> {
  return db.transaction(async (tx) => {
    await relaxCommitDurability(tx);
    const run = await lockLiveRun(tx, runId);
    if (!run) return 'stopped';
    if (run.cursor_id !== batch.after) return 'moved';
    const segment = systemSegment(run.data_segment_id);
    const moved = await applyRatings(
      tx,
      segment,
      batch.rated.map((entry) => entry.update),
    );
    const applied = batch.rated.filter((entry) => moved.has(entry.update.customerId));
    await insertRatings(
      tx,
      segment,
      applied.map((entry) => entry.rating),
    );
    await options.onBatchWritten?.(run.batches + 1);
    const tally = new LevelChangeTally();
    for (const entry of applied) tally.add(entry.before, entry.rating.rating.level);
    await recordBatch(tx, runId, {
      cursor: batch.lastId,
      processed: batch.processed,
      rated: applied.length,
      skipped: batch.processed - applied.length,
      summary: addLevelChangeSummaries(run.summary, tally.toSummary()),
    });
    return 'written';
  });
}

/** Ends the run when a read after its cursor found nobody, unless another worker moved it meanwhile. */
async function completeRun(db: Database, runId: string, after: string | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    const run = await lockLiveRun(tx, runId);
    if (!run) return true;
    if (run.cursor_id !== after) return false;
    await finish(tx, run, 'completed', null);
    return true;
  });
}

/** A read that may fail while the previous batch is written; its error surfaces when awaited. */
function prefetch(db: Database, run: RunView, after: string | null, options: RerateOptions): () => Promise<PreparedBatch> {
  const settled = readBatch(db, run, after, options).then(
    (batch) => ({ batch, error: null as unknown }),
    (error: unknown) => ({ batch: null, error }),
  );
  return async () => {
    const { batch, error } = await settled;
    if (!batch) throw error;
    return batch;
  };
}

/**
 * Runs (or continues) a re-rating run to its end. Safe to call again at any time, from any worker.
 * Answers how many customers this call went through. Between batches the job pauses, so that
 * interactive requests waiting for the database go first.
 */
export async function runRerate(db: Database, runId: string, options: RerateOptions = {}): Promise<number> {
  const started = await db.transaction((tx) => lockLiveRun(tx, runId));
  if (!started) return 0;
  const run: RunView = { id: runId, segment: systemSegment(started.data_segment_id), targetVersion: started.target_version };
  // On the embedded database reads and writes share one connection: reading ahead gains nothing and
  // makes requests wait behind two batches instead of one.
  const isReadAhead = db.kind === 'postgres';
  let processed = 0;
  let batchStarted = performance.now();
  let next = prefetch(db, run, started.cursor_id, options);
  for (;;) {
    const batch = await next();
    const { lastId } = batch;
    if (lastId === null) {
      if (await completeRun(db, runId, batch.after)) return processed;
      next = prefetch(db, run, await readRunCursor(db, runId), options);
      continue;
    }
    if (isReadAhead) next = prefetch(db, run, lastId, options);
    let outcome: WriteOutcome;
    try {
      outcome = await writeBatch(db, runId, { ...batch, lastId }, options);
    } catch (error) {
      if (isReadAhead) await next().catch(() => undefined);
      throw error;
    }
    if (outcome === 'stopped') {
      if (isReadAhead) await next().catch(() => undefined);
      return processed;
    }
    if (outcome === 'moved') {
      // Another worker wrote from this cursor first: continue from where it got to.
      if (isReadAhead) await next().catch(() => undefined);
      next = prefetch(db, run, await readRunCursor(db, runId), options);
      continue;
    }
    processed += batch.processed;
    options.crashPoint?.('rerate-batch-written');
    await pauseBetweenBatches(db, performance.now() - batchStarted);
    batchStarted = performance.now();
    if (!isReadAhead) next = prefetch(db, run, lastId, options);
  }
}

async function recordError(db: Database, runId: string, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await recordRunError(db, runId, message);
}

export async function registerRiskJobs(jobs: JobQueue, db: Database, options: Pick<RerateOptions, 'crashPoint'> = {}): Promise<void> {
  await jobs.define<{ runId: string }>(
    RERATE_JOB,
    async ({ runId }): Promise<JobSummary> => {
      try {
        return { items: await runRerate(db, runId, options), note: `run ${runId}` };
      } catch (error) {
        // Kept on the run for the screen; pg-boss retries and the run continues from its cursor.
        await recordError(db, runId, error).catch(() => undefined);
        throw error;
      }
    },
    // A batch of 1,000 takes well under a second; the expiry covers segments of a few million customers.
    { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 2 * 60 * 60, pollingIntervalSeconds: 2 },
  );
}

/** Queues a run; with `tx`, in the transaction that created (or resumes) it, so the two commit together. */
export async function enqueueRerate(jobs: JobQueue | null, runId: string, tx?: Queryable): Promise<void> {
  await jobs?.send(RERATE_JOB, { runId }, tx ? { tx } : {});
}
