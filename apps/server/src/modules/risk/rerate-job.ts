/**
 * Re-rating a data segment after a configuration change, as a pg-boss job. The run walks the
 * segment's customers by id in batches; each batch is one transaction that writes the new ratings,
 * points the customers at them and stores the run's cursor and level-change tally. A run stopped
 * anywhere (crash, deploy, expiry) continues from its cursor, and a customer already rated with the
 * run's version is skipped, so running a run again — or two workers at once — rates nobody twice.
 */
import { randomUUID } from 'node:crypto';
import { LevelChangeTally } from '@sanad/risk/level-change-summary';
import { appendAudit } from '../../platform/audit/audit-log';
import type { Database, Queryable } from '../../platform/db/database';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { applyRatings, insertRatings, listCustomersAfter, type CustomerRatingUpdate, type NewRating } from './customer-rating.repository';
import { addLevelSummaries } from './level-summary';
import { buildStoredFacts, rateWithModel, toOverwriteInput } from './rate-stored-customer';
import { findSettings } from './risk-config.repository';
import { getModelForVersion } from './risk-model-cache';
import { finishRun, lockRun, markRunning, recordBatch, type RerateRunRecord } from './rerate.repository';
import { systemSegment } from './segment-access';

export const RERATE_JOB = 'risk.rerate';
export const RERATE_BATCH_SIZE = 1000;

export interface RerateOptions {
  batchSize?: number;
  /** The rating time of each batch. Default: the clock. */
  now?: () => Date;
  /**
   * Runs inside each batch's transaction after its writes, before the cursor moves. Tests throw
   * here to prove that a crash mid-run leaves the batch unwritten and the run resumable.
   */
  onBatchWritten?: (batch: number) => Promise<void> | void;
}

type Step = 'more' | 'done';

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

async function rerateBatch(tx: Queryable, runId: string, options: RerateOptions): Promise<Step> {
  const run = await lockRun(tx, runId);
  if (!run || (run.status !== 'queued' && run.status !== 'running')) return 'done';
  if (run.status === 'queued') await markRunning(tx, runId);
  const segment = systemSegment(run.data_segment_id);
  const settings = await findSettings(tx, segment);
  if (settings?.version !== run.target_version) {
    await finish(tx, run, 'superseded', 'The configuration changed while re-rating; start a new re-rating for the new version');
    return 'done';
  }
  const customers = await listCustomersAfter(tx, segment, run.cursor_id, options.batchSize ?? RERATE_BATCH_SIZE);
  const last = customers.at(-1);
  if (!last) {
    await finish(tx, run, 'completed', null);
    return 'done';
  }

  const model = await getModelForVersion(tx, segment, run.target_version);
  const now = options.now?.() ?? new Date();
  const tally = new LevelChangeTally();
  const ratings: NewRating[] = [];
  const updates: CustomerRatingUpdate[] = [];
  for (const customer of customers) {
    if (customer.risk_config_version === run.target_version) continue;
    const facts = buildStoredFacts(customer, {}, now);
    // A configuration change does not change the customer: an officer's overwrite stays.
    const rating = rateWithModel(model, facts, now, toOverwriteInput(customer.manual_overwrite));
    tally.add(customer.risk_level, rating.level);
    const id = randomUUID();
    ratings.push({ id, customerId: customer.id, trigger: 'rerate', rating, facts, rerateRunId: runId, actor: null });
    updates.push({ customerId: customer.id, ratingId: id, rating });
  }
  await insertRatings(tx, segment, ratings);
  await applyRatings(tx, segment, updates);
  await options.onBatchWritten?.(run.batches + 1);
  await recordBatch(tx, runId, {
    cursor: last.id,
    processed: customers.length,
    rated: ratings.length,
    skipped: customers.length - ratings.length,
    summary: addLevelSummaries(run.summary, tally.toSummary()),
  });
  return 'more';
}

/** Runs (or continues) a re-rating run to its end. Safe to call again at any time. */
export async function runRerate(db: Database, runId: string, options: RerateOptions = {}): Promise<void> {
  for (;;) {
    const step = await db.transaction((tx) => rerateBatch(tx, runId, options));
    if (step === 'done') return;
  }
}

async function recordError(db: Database, runId: string, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await db.query(`update risk_rerate_runs set error = $2, updated_at = now() where id = $1`, [runId, message.slice(0, 500)]);
}

export async function registerRiskJobs(jobs: JobQueue, db: Database): Promise<void> {
  await jobs.define<{ runId: string }>(
    RERATE_JOB,
    async ({ runId }) => {
      try {
        await runRerate(db, runId);
      } catch (error) {
        // Kept on the run for the screen; pg-boss retries and the run continues from its cursor.
        await recordError(db, runId, error).catch(() => undefined);
        throw error;
      }
    },
    // A batch of 1,000 takes about a second; the expiry covers segments of a few million customers.
    { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 2 * 60 * 60, pollingIntervalSeconds: 2 },
  );
}

/** Queues a run; call after the transaction that created it has committed. */
export async function enqueueRerate(jobs: JobQueue | null, runId: string): Promise<void> {
  await jobs?.send(RERATE_JOB, { runId });
}
