/**
 * A system-log export as a pg-boss job: walks the filtered entries by id in batches, writes them as
 * one CSV file (each entry with its GDPR fields) into the encrypted file store, and completes the
 * export row together with an `exported_logs` audit entry. A cancel between batches stops the walk;
 * a cancel that lands while the file is being stored wins too, because completing only moves a
 * still-running row, and the file of a lost race is removed again.
 */
import {
  LOG_EXPORT_COLUMNS,
  LOG_EXPORT_FOLDER,
  LOG_EXPORT_MAX_ENTRIES,
  LOG_EXPORT_MESSAGES,
  type TSystemLog,
} from '@sanad/contracts/system-logs';
import type { Logger } from 'pino';
import { appendAudit } from '../../platform/audit/audit-log';
import type { Database, Queryable } from '../../platform/db/database';
import { formatCsv, type CsvValue } from '../../platform/http/csv';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { FileVault } from '../../platform/storage/file-vault';
import { toLogFilter } from './log-filter';
import { claimLogExport, completeLogExport, failLogExport, isLogExportRunning } from './log-export.repository';
import { listSystemLogsAfter } from './system-log.repository';

export const LOG_EXPORT_JOB = 'system-logs.export';
const BATCH_SIZE = 5000;

function toCsvRecord(entry: TSystemLog): Record<(typeof LOG_EXPORT_COLUMNS)[number], CsvValue> {
  return {
    createdAt: entry.createdAt,
    user: entry.user?.name ?? '',
    email: entry.user?.email ?? null,
    type: entry.type,
    action: entry.action,
    summary: entry.summary,
    purposeOfProcessing: entry.purposeOfProcessing,
    legalBasisForProcessing: entry.legalBasisForProcessing,
    categoriesOfDataInvolved: entry.categoriesOfDataInvolved.join('; '),
    recipients: entry.recipients.join('; '),
    retentionPeriod: entry.retentionPeriod,
    locationOfProcessing: entry.locationOfProcessing,
    securityMeasures: entry.securityMeasures,
  };
}

export interface LogExportOptions {
  batchSize?: number;
  /** LOG_EXPORT_MAX_ENTRIES unless a test asks for less. */
  maxEntries?: number;
  /** Runs after each batch is read; tests cancel here to prove a cancel mid-run stops the export. */
  onBatchRead?: (batch: number) => Promise<void> | void;
}

/**
 * Runs an export to its end; safe to call again. A finished or cancelled export is left alone, and
 * a run that a crash left `running` starts over: nothing is recorded until the completing transaction.
 */
export async function runLogExport(db: Database, vault: FileVault, exportId: string, options: LogExportOptions = {}): Promise<void> {
  const run = await claimLogExport(db, exportId);
  if (!run) return;
  const { scope, onlySegment, timezoneOffset, ...filters } = run.filters;
  const filter = toLogFilter(filters, scope, onlySegment, timezoneOffset);
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const maxEntries = options.maxEntries ?? LOG_EXPORT_MAX_ENTRIES;
  const records: Array<Record<string, CsvValue>> = [];
  let after: string | null = null;
  for (let batch = 1; ; batch += 1) {
    // One entry past the cap is enough to know the selection is too large.
    const rows = await listSystemLogsAfter(db, filter, after, Math.min(batchSize, maxEntries + 1 - records.length));
    records.push(...rows.map(toCsvRecord));
    await options.onBatchRead?.(batch);
    if (!(await isLogExportRunning(db, exportId))) return;
    if (records.length > maxEntries) {
      await failLogExport(db, exportId, LOG_EXPORT_MESSAGES.tooManyEntries(maxEntries));
      return;
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) break;
    after = last._id;
  }
  const stored = await vault.store({
    body: Buffer.from(formatCsv(LOG_EXPORT_COLUMNS, records), 'utf8'),
    originalName: run.downloadName,
    contentType: 'text/csv',
    folder: LOG_EXPORT_FOLDER,
    dataSegmentId: run.dataSegmentId,
    createdBy: run.requestedBy,
  });
  const isCompleted = await db.transaction(async (tx) => {
    if (!(await completeLogExport(tx, exportId, stored.fileName, records.length))) return false;
    await appendAudit(tx, {
      dataSegmentId: run.dataSegmentId,
      // The job acts for the user who asked; there is no request of its own.
      source: { actor: { id: run.requestedBy, name: run.requestedByName }, ip: null, requestId: null },
      module: 'system_logs',
      action: 'exported_logs',
      entityType: 'system_log_export',
      entityId: exportId,
      summary: `Exported ${records.length} system log entries`,
      details: { filters },
    });
    return true;
  });
  if (!isCompleted) await vault.remove(stored.fileName);
}

export interface LogExportJobContext {
  db: Database;
  vault: FileVault;
  logger: Pick<Logger, 'error'>;
}

/**
 * The job's handler. An error is logged for the operator and shown on the export, in words for the
 * user rather than the database's; it is not retried, since an export is cheap to ask for again.
 */
export async function handleLogExportJob({ db, vault, logger }: LogExportJobContext, exportId: string): Promise<void> {
  try {
    await runLogExport(db, vault, exportId);
  } catch (error) {
    logger.error({ err: error, exportId }, 'system-log export failed');
    await failLogExport(db, exportId, LOG_EXPORT_MESSAGES.failed);
  }
}

export async function registerSystemLogJobs(jobs: JobQueue, context: LogExportJobContext): Promise<void> {
  await jobs.define<{ exportId: string }>(
    LOG_EXPORT_JOB,
    ({ exportId }) => handleLogExportJob(context, exportId),
    // Retries are for a run that never ended (its process crashed, or the job expired): pg-boss
    // hands it out again, claimLogExport takes the still-running row, and the run starts over.
    { retryLimit: 2, expireInSeconds: 30 * 60, pollingIntervalSeconds: 1 },
  );
}

/** Queues an export in the transaction that records it, so a recorded export always has its job. */
export async function enqueueLogExport(jobs: JobQueue | null, tx: Queryable, exportId: string): Promise<void> {
  await jobs?.send(LOG_EXPORT_JOB, { exportId }, { tx });
}
