/**
 * A system-log export as a pg-boss job: walks the filtered entries by id in batches, writes them as
 * one CSV file (each entry with its GDPR fields) into the encrypted file store, and completes the
 * export row together with an `exported_logs` audit entry. A cancel between batches stops the walk;
 * a cancel that lands while the file is being stored wins too, because completing only moves a
 * still-running row, and the file of a lost race is removed again.
 */
import { LOG_EXPORT_COLUMNS, LOG_EXPORT_FOLDER, LOG_EXPORT_MAX_ENTRIES, LOG_EXPORT_MESSAGES } from '@sanad/contracts/system-logs';
import type { Logger } from 'pino';
import { appendAudit } from '../../platform/audit/audit-log';
import type { Database } from '../../platform/db/database';
import { formatCsv, type CsvValue } from '../../platform/http/csv';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { FileVault } from '../../platform/storage/file-vault';
import { getAccountUser } from '../passwords/password.repository';
import { toLogFilter } from './log-filter';
import { claimLogExport, completeLogExport, failLogExport, isLogExportRunning, type LogExportRow } from './log-export.repository';
import { listSystemLogsAfter, type SystemLogRow } from './system-log.repository';

export const LOG_EXPORT_JOB = 'system-logs.export';
const BATCH_SIZE = 5000;

export function exportDownloadName(row: Pick<LogExportRow, 'created_at'>): string {
  return `system-logs-${row.created_at.toISOString().slice(0, 19).replaceAll(':', '-')}.csv`;
}

function toCsvRecord(row: SystemLogRow): Record<(typeof LOG_EXPORT_COLUMNS)[number], CsvValue> {
  return {
    createdAt: row.created_at.toISOString(),
    user: row.actor_name,
    email: row.email,
    type: row.module,
    action: row.action,
    summary: row.summary,
    purposeOfProcessing: row.purpose_of_processing,
    legalBasisForProcessing: row.legal_basis_for_processing,
    categoriesOfDataInvolved: row.categories_of_data_involved.join('; '),
    recipients: row.recipients.join('; '),
    retentionPeriod: row.retention_period,
    locationOfProcessing: row.location_of_processing,
    securityMeasures: row.security_measures,
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
    after = last.id;
  }
  const stored = await vault.store({
    body: Buffer.from(formatCsv(LOG_EXPORT_COLUMNS, records), 'utf8'),
    originalName: exportDownloadName(run),
    contentType: 'text/csv',
    folder: LOG_EXPORT_FOLDER,
    dataSegmentId: run.data_segment_id,
    createdBy: run.requested_by,
  });
  const isCompleted = await db.transaction(async (tx) => {
    if (!(await completeLogExport(tx, exportId, stored.fileName, records.length))) return false;
    const requester = await getAccountUser(tx, run.requested_by);
    await appendAudit(tx, {
      dataSegmentId: run.data_segment_id,
      actor: { id: run.requested_by, name: requester ? `${requester.firstName} ${requester.lastName}`.trim() : '' },
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

/** Queues an export; call after the transaction that recorded it has committed. */
export async function enqueueLogExport(jobs: JobQueue | null, exportId: string): Promise<void> {
  await jobs?.send(LOG_EXPORT_JOB, { exportId });
}
