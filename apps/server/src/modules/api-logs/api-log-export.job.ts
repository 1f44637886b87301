/**
 * An API-log export as a pg-boss job, run exactly like a system-log export (system-logs/log-export.job.ts):
 * walks the filtered entries by id in batches, writes one CSV into the encrypted file store, and
 * completes the export row with an `exported_api_logs` audit entry. A cancel between batches, or
 * while the file is stored, wins: completing only moves a still-running row.
 */
import { API_LOG_EXPORT_COLUMNS, API_LOG_EXPORT_FOLDER, type TApiLog } from '@sanad/contracts/api-logs';
import { LOG_EXPORT_MAX_ENTRIES, LOG_EXPORT_MESSAGES } from '@sanad/contracts/system-logs';
import type { Logger } from 'pino';
import { appendAudit } from '../../platform/audit/audit-log';
import type { Database, Queryable } from '../../platform/db/database';
import { formatCsv, type CsvValue } from '../../platform/http/csv';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { FileVault } from '../../platform/storage/file-vault';
import { toApiLogFilter } from './api-log-filter';
import { claimApiLogExport, completeApiLogExport, failApiLogExport, isApiLogExportRunning } from './api-log-export.repository';
import { deleteApiLogsOlderThan, listApiLogsAfter } from './api-log.repository';

export const API_LOG_EXPORT_JOB = 'api-logs.export';
const PRUNE_JOB = 'api-logs.prune';
const BATCH_SIZE = 5000;

function toCsvRecord(entry: TApiLog): Record<(typeof API_LOG_EXPORT_COLUMNS)[number], CsvValue> {
  return {
    createdAt: entry.createdAt,
    kind: entry.kind,
    method: entry.method,
    endpoint: entry.endpoint,
    status: entry.status === null ? '' : String(entry.status),
    durationMs: entry.durationMs === null ? '' : String(entry.durationMs),
    userName: entry.userName,
    codeKey: entry.codeKey,
    sessionId: entry.sessionId,
    error: entry.error,
    responseBody: entry.responseBody,
  };
}

export interface ApiLogExportOptions {
  batchSize?: number;
  maxEntries?: number;
  /** Runs after each batch is read; tests cancel here to prove a cancel mid-run stops the export. */
  onBatchRead?: (batch: number) => Promise<void> | void;
}

/** Runs an export to its end; safe to call again (a finished or cancelled export is left alone). */
export async function runApiLogExport(db: Database, vault: FileVault, exportId: string, options: ApiLogExportOptions = {}): Promise<void> {
  const run = await claimApiLogExport(db, exportId);
  if (!run) return;
  const { scope, onlySegment, timezoneOffset, ...filters } = run.filters;
  const filter = toApiLogFilter(filters, scope, onlySegment, timezoneOffset);
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const maxEntries = options.maxEntries ?? LOG_EXPORT_MAX_ENTRIES;
  const records: Array<Record<string, CsvValue>> = [];
  let after: string | null = null;
  for (let batch = 1; ; batch += 1) {
    const rows = await listApiLogsAfter(db, filter, after, Math.min(batchSize, maxEntries + 1 - records.length));
    records.push(...rows.map(toCsvRecord));
    await options.onBatchRead?.(batch);
    if (!(await isApiLogExportRunning(db, exportId))) return;
    if (records.length > maxEntries) {
      await failApiLogExport(db, exportId, LOG_EXPORT_MESSAGES.tooManyEntries(maxEntries));
      return;
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) break;
    after = last._id;
  }
  const stored = await vault.store({
    body: Buffer.from(formatCsv(API_LOG_EXPORT_COLUMNS, records), 'utf8'),
    originalName: run.downloadName,
    contentType: 'text/csv',
    folder: API_LOG_EXPORT_FOLDER,
    dataSegmentId: run.dataSegmentId,
    createdBy: run.requestedBy,
  });
  const isCompleted = await db.transaction(async (tx) => {
    if (!(await completeApiLogExport(tx, exportId, stored.fileName, records.length))) return false;
    await appendAudit(tx, {
      dataSegmentId: run.dataSegmentId,
      source: { actor: { id: run.requestedBy, name: run.requestedByName }, ip: null, requestId: null },
      module: 'access_control',
      action: 'exported_api_logs',
      entityType: 'api_log_export',
      entityId: exportId,
      summary: `Exported ${records.length} API log entries`,
      details: { filters },
    });
    return true;
  });
  if (!isCompleted) await vault.remove(stored.fileName);
}

export interface ApiLogJobContext {
  db: Database;
  vault: FileVault;
  logger: Pick<Logger, 'error'>;
  retentionDays: number;
}

export async function handleApiLogExportJob({ db, vault, logger }: ApiLogJobContext, exportId: string): Promise<void> {
  try {
    await runApiLogExport(db, vault, exportId);
  } catch (error) {
    logger.error({ err: error, exportId }, 'api-log export failed');
    await failApiLogExport(db, exportId, LOG_EXPORT_MESSAGES.failed);
  }
}

/** The export worker, and the daily clean-up that keeps entries for API_LOG_RETENTION_DAYS. */
export async function registerApiLogJobs(jobs: JobQueue, context: ApiLogJobContext): Promise<void> {
  await jobs.define<{ exportId: string }>(API_LOG_EXPORT_JOB, ({ exportId }) => handleApiLogExportJob(context, exportId), {
    retryLimit: 2,
    expireInSeconds: 30 * 60,
    pollingIntervalSeconds: 1,
  });
  await jobs.define(PRUNE_JOB, async () => ({ items: await deleteApiLogsOlderThan(context.db, context.retentionDays) }), { retryLimit: 1 });
  await jobs.schedule(PRUNE_JOB, '37 3 * * *');
}

/** Queues an export in the transaction that records it, so a recorded export always has its job. */
export async function enqueueApiLogExport(jobs: JobQueue | null, tx: Queryable, exportId: string): Promise<void> {
  await jobs?.send(API_LOG_EXPORT_JOB, { exportId }, { tx });
}
