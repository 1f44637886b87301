/**
 * Bulk onboarding: the template, the import request, its progress, the job that imports the rows
 * and the file of refused rows. Every accepted row is registered through the customer service, the
 * same way a journey registers a customer (validated, deduplicated, screened, rated, alerted,
 * audited); the row's outcome is written in that registration's transaction.
 */
import {
  BULK_COLUMNS,
  BULK_MESSAGES,
  type TBulkProgress,
  type TBulkUpload,
  type TEtlTransformRequest,
} from '@sanad/contracts/bulk-onboarding';
import { formatCsv } from '@sanad/csv/csv';
import { readXlsxRows } from '@sanad/screening/importers/sanad-list-xlsx-reader';
import type { Readable } from 'node:stream';
import { SYSTEM_SOURCE, appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import type { Database, Queryable } from '../../platform/db/database';
import { uniqueViolationField } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/http/app-error';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { JobQueue, JobSummary } from '../../platform/jobs/job-queue';
import type { FileVault, StoredFile } from '../../platform/storage/file-vault';
import { canSeeSegment } from '../../platform/tenancy/scope';
import { targetSegment } from '../../platform/tenancy/target-segment';
import type { CustomerService } from '../customers/customer.service';
import {
  BulkFileError,
  inputFromRow,
  reasonFromFieldErrors,
  rowSubmissionKey,
  sheetFromCsv,
  sheetFromTable,
  type Sheet,
  type SheetRow,
} from './bulk-rows';
import {
  checkpointProgress,
  completeBulkUpload,
  countAttempt,
  doneRowNumbers,
  errorFileSegment,
  failBulkUpload,
  getBulkUploadJob,
  hasUploadInProcess,
  insertBulkUpload,
  latestBulkUpload,
  lockBulkUpload,
  markProcessing,
  recordRows,
  type BulkRowOutcome,
  refreshCustomerStatistics,
  refusedRows,
  type BulkUploadJob,
} from './bulk-upload.repository';

export const BULK_UPLOAD_JOB = 'customers.bulk-upload';
/** The folder of uploaded customers files (the files module's 'bulk' type) and of error files. */
export const BULK_FOLDER = 'bulk';
export const BULK_ERROR_FOLDER = 'bulk-error';
/** Rows registered in one transaction by default: the unit of work, progress checkpoint and crash loss. */
const DEFAULT_CHUNK_ROWS = 250;
/** Rows of an import after which the customers table's statistics are first read again (then at each doubling). */
const FIRST_ANALYSIS_ROWS = 1_000;
/** Runs of one upload's job (the first and its retries) before the upload is given up. */
export const MAX_ATTEMPTS = 4;
const STOPPED_REASON = 'The import stopped after repeated errors; the customers created so far are kept';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface BulkUploadDeps {
  db: Database;
  vault: FileVault;
  /** Null where no job queue runs (API tests): the upload then waits until its job is run by hand. */
  jobs: JobQueue | null;
  customers: Pick<CustomerService, 'registerMany'>;
  /** A test hook: stops the process at a named point (the crash tests); does nothing otherwise. */
  crashPoint?: (point: string) => void;
  /** Rows registered in one transaction (default 250; SANAD_BULK_CHUNK_ROWS). */
  chunkRows?: number;
}

export interface TemplateFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/** The percentage a progress shows: rows done of rows read (a finished upload is 100). */
function percentageOf(upload: TBulkUpload): number {
  if (upload.status === 'completed') return 100;
  if (upload.totalRows === 0) return 0;
  return Math.min(99, Math.floor((upload.processedRows / upload.totalRows) * 100));
}

/**
 * The uploader as the registrations see them: their id and name for the audit trail, and whether
 * they may open customer profiles (a duplicate's reason then names the customer). The job runs
 * after the request, possibly in another process, so this is what the request recorded.
 */
function uploaderActor(upload: BulkUploadJob): Actor {
  return {
    userId: upload.createdBy ?? '',
    sessionId: '',
    name: upload.createdByName,
    email: '',
    roleName: '',
    permissions: new Set(upload.maySeeCustomers ? ['view-customer-profile'] : []),
    segments: { all: false, ids: [upload.dataSegmentId] },
    activeSegmentId: upload.dataSegmentId,
    isActiveSegmentWhiteLabelled: false,
    account: {
      firstName: upload.createdByName,
      lastName: '',
      username: '',
      phoneNumber: null,
      avatarFileName: null,
      accountType: 'full',
      kyb: false,
      userGuide: false,
      dataSegmentIds: [upload.dataSegmentId],
      rolePermissions: [],
    },
  };
}

/** Why a registration refused a row: the field errors it gave (validation, duplicate), in column words. */
function refusalReason(error: unknown): string | null {
  if (!(error instanceof AppError)) return null;
  if (error.statusCode >= 500) return null;
  return error.fieldErrors && Object.keys(error.fieldErrors).length > 0 ? reasonFromFieldErrors(error.fieldErrors) : error.message;
}

/** The customers file as rows: XLSX by its stored content type, CSV otherwise. */
async function readSheet(stored: { file: StoredFile; body: Buffer }): Promise<Sheet> {
  if (stored.file.contentType === XLSX_TYPE) {
    const rows = await readXlsxRows(stored.body, stored.file.originalName).catch((error: unknown) => {
      throw new BulkFileError(error instanceof Error ? error.message : 'The workbook cannot be read');
    });
    return sheetFromTable(rows);
  }
  try {
    return sheetFromCsv(stored.body.toString('utf8'));
  } catch (error) {
    if (error instanceof BulkFileError) throw error;
    throw new BulkFileError(`The CSV cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function createBulkUploadService(deps: BulkUploadDeps) {
  const { db, vault } = deps;

  /** The refused rows as CSV, stored encrypted in the segment, and the upload completed, together. */
  async function complete(upload: BulkUploadJob, sheet: Sheet): Promise<TBulkUpload | null> {
    const refused = await refusedRows(db, upload._id);
    const finish = async (tx: Queryable, errorFileName: string | null): Promise<TBulkUpload | null> => {
      const locked = await lockBulkUpload(tx, upload._id);
      if (!locked || locked.status === 'completed' || locked.status === 'failed') return null;
      const done = await completeBulkUpload(tx, upload._id, errorFileName);
      await appendAudit(tx, {
        dataSegmentId: upload.dataSegmentId,
        source: { ...SYSTEM_SOURCE, actor: upload.createdBy ? { id: upload.createdBy, name: upload.createdByName } : null },
        module: 'customers',
        action: 'completed_bulk_upload',
        entityType: 'bulk_upload',
        entityId: upload._id,
        summary: `Bulk upload of ${upload.originalName}: ${done.acceptedRows} customers created, ${done.refusedRows} rows refused`,
        details: { acceptedRows: done.acceptedRows, refusedRows: done.refusedRows, errorFileName },
      });
      return done;
    };
    if (refused.length === 0) return db.transaction((tx) => finish(tx, null));

    const columns = ['row', ...sheet.headers.filter((header) => header !== ''), 'reason'];
    const csv = formatCsv(
      columns,
      refused.map((row) => ({ ...row.cells, row: row.rowNumber, reason: row.reason })),
    );
    let completed: TBulkUpload | null = null;
    const baseName = upload.originalName.replace(/\.(csv|xlsx)$/i, '');
    await vault
      .store({
        originalName: `${baseName}-refused-rows.csv`,
        contentType: 'text/csv',
        folder: BULK_ERROR_FOLDER,
        dataSegmentId: upload.dataSegmentId,
        createdBy: upload.createdBy,
        body: Buffer.from(csv, 'utf8'),
        withinTransaction: async (tx, file) => {
          completed = await finish(tx, file.fileName);
          // Another run completed it first: keep no second error file.
          if (!completed) throw new AlreadyCompleted();
        },
      })
      .catch((error: unknown) => {
        if (!(error instanceof AlreadyCompleted)) throw error;
      });
    return completed;
  }

  return {
    /** The template: the columns in order and one example row (CSV or XLSX). */
    async template(format: 'csv' | 'xlsx'): Promise<TemplateFile> {
      const columns = BULK_COLUMNS.map((column) => column.column);
      const example = Object.fromEntries(BULK_COLUMNS.map((column) => [column.column, column.example]));
      if (format === 'csv')
        return {
          body: Buffer.from(formatCsv(columns, [example]), 'utf8'),
          contentType: 'text/csv',
          fileName: 'bulk-onboarding-template.csv',
        };
      // Loaded here: exceljs is large and only the XLSX template needs it.
      const { default: excel } = await import('exceljs');
      const workbook = new excel.Workbook();
      const sheet = workbook.addWorksheet('Customers');
      sheet.addRow(columns).font = { bold: true };
      sheet.addRow(columns.map((column) => example[column] ?? ''));
      // Every cell is text, so an ID number keeps its leading zeros and a date stays as written.
      sheet.columns.forEach((column) => {
        column.numFmt = '@';
        column.width = 20;
      });
      const notes = workbook.addWorksheet('Columns');
      notes.addRow(['Column', 'Required', 'Customer field', 'How to write it']).font = { bold: true };
      for (const column of BULK_COLUMNS) notes.addRow([column.column, column.isRequired ? 'yes' : 'no', column.path, column.note]);
      const body = Buffer.from(await workbook.xlsx.writeBuffer());
      return { body, contentType: XLSX_TYPE, fileName: 'bulk-onboarding-template.xlsx' };
    },

    /**
     * POST customers/etl-transform: queues the import of an uploaded customers file. The upload row,
     * its audit entry and its job commit together; one upload per segment at a time.
     */
    async startImport(actor: Actor, request: TEtlTransformRequest, meta: RequestMeta): Promise<TBulkUpload> {
      const dataSegmentId = targetSegment(actor, request.dataSegmentId);
      const file = await vault.describe(request.fileName);
      if (!file || file.dataSegmentId !== dataSegmentId || file.folder !== BULK_FOLDER)
        throw AppError.field('fileName', BULK_MESSAGES.uploadFirst);
      try {
        return await db.transaction(async (tx) => {
          if (await hasUploadInProcess(tx, dataSegmentId)) throw AppError.conflict('fileName', BULK_MESSAGES.inProcess);
          const upload = await insertBulkUpload(tx, {
            dataSegmentId,
            fileName: file.fileName,
            originalName: file.originalName,
            createdBy: actor.userId,
            createdByName: actor.name,
            maySeeCustomers: actor.permissions.has('view-customer-profile'),
            requestIp: meta.ip,
          });
          await appendAudit(tx, {
            dataSegmentId,
            source: auditSource(actor, meta),
            module: 'customers',
            action: 'started_bulk_upload',
            entityType: 'bulk_upload',
            entityId: upload._id,
            summary: `Started a bulk upload of ${file.originalName}`,
          });
          await deps.jobs?.send(BULK_UPLOAD_JOB, { uploadId: upload._id }, { tx });
          return upload;
        });
      } catch (error) {
        // Two requests raced past the check: the partial unique index let one through.
        if (uniqueViolationField(error, { bulk_uploads_one_running: 'fileName' }))
          throw AppError.conflict('fileName', BULK_MESSAGES.inProcess);
        throw error;
      }
    },

    /** GET users/bulkUploadProgress. */
    async progress(actor: Actor, query: { onLoad: boolean; dataSegmentId?: string | undefined }): Promise<TBulkProgress> {
      const dataSegmentId = targetSegment(actor, query.dataSegmentId);
      const upload = await latestBulkUpload(db, dataSegmentId, query.onLoad);
      if (!upload) return { status: false, message: BULK_MESSAGES.noUpload, percentage: 0, data: null };
      const percentage = percentageOf(upload);
      if (upload.status === 'failed')
        return { status: false, message: upload.failureReason ?? 'The file was refused', percentage, data: upload };
      const message = upload.status === 'completed' && upload.finishedAt ? `Bulk upload completed` : 'Bulk upload in process';
      return { status: true, message, percentage, data: upload };
    },

    /** GET files/bulk-error/{name}: only an error file of a bulk upload of the caller's segments. */
    async readErrorFile(actor: Actor, errorFileName: string): Promise<{ file: StoredFile; body: Readable }> {
      const segment = await errorFileSegment(db, errorFileName);
      if (!segment || !canSeeSegment(actor.segments, segment)) throw AppError.notFound();
      const read = await vault.readStream(errorFileName);
      if (!read || read.file.folder !== BULK_ERROR_FOLDER || read.file.dataSegmentId !== segment) throw AppError.notFound();
      return read;
    },

    /**
     * The job. Restartable: rows already done (their outcome row exists) are skipped; a row cut off
     * mid-registration left nothing (one transaction) or is found by its submission key.
     */
    async processUpload(uploadId: string): Promise<JobSummary> {
      const upload = await getBulkUploadJob(db, uploadId);
      if (!upload || upload.status === 'completed' || upload.status === 'failed') return { items: 0, note: 'already finished' };
      // A run that keeps failing (the job's retries, or a process killed again and again) must not hold
      // the segment's one upload slot for ever: past the last attempt the upload is failed, its done rows kept.
      const attempt = await countAttempt(db, uploadId);
      if (attempt > MAX_ATTEMPTS) {
        await failBulkUpload(db, uploadId, STOPPED_REASON);
        return { items: 0, note: `bulk upload ${uploadId} stopped after ${MAX_ATTEMPTS} attempts` };
      }
      const stored = await vault.read(upload.fileName);
      if (!stored || stored.file.dataSegmentId !== upload.dataSegmentId) {
        await failBulkUpload(db, uploadId, 'The uploaded file is no longer available');
        return { items: 0, note: `bulk upload ${uploadId}: file missing` };
      }
      let sheet: Sheet;
      try {
        sheet = await readSheet(stored);
      } catch (error) {
        if (!(error instanceof BulkFileError)) throw error;
        await failBulkUpload(db, uploadId, error.message);
        return { items: 0, note: `bulk upload ${uploadId} refused: ${error.message}` };
      }
      await markProcessing(db, uploadId, sheet.rows.length);
      const done = await doneRowNumbers(db, uploadId);
      const actor = uploaderActor(upload);
      const { dataSegmentId } = upload;
      const meta: RequestMeta = { ip: upload.requestIp, userAgent: null, requestId: `bulk-upload:${uploadId}`, timezoneOffset: 0 };
      let handled = 0;
      // The rows left, a chunk at a time. A chunk is one transaction: its customers (each registered
      // exactly as a journey registers one) and the outcome of each of its rows commit together, so
      // a crash loses the chunk in flight and nothing else, and the next run starts at that chunk.
      // Duplicates are judged against the segment and the earlier rows of the file, in file order.
      const chunkRows = Math.max(1, deps.chunkRows ?? DEFAULT_CHUNK_ROWS);
      const left = sheet.rows.filter((row) => !done.has(row.rowNumber));
      async function importChunk(chunk: SheetRow[]): Promise<void> {
        const mapped = chunk.map((row) => ({ row, mapped: inputFromRow(row, dataSegmentId, rowSubmissionKey(uploadId, row.rowNumber)) }));
        const valid = mapped.flatMap(({ row, mapped: result }) => ('input' in result ? [{ row, input: result.input }] : []));
        await deps.customers.registerMany(
          actor,
          dataSegmentId,
          valid.map((item) => item.input),
          meta,
          {
            source: 'bulk-upload',
            withinTransaction: async (tx, outcomes) => {
              const outcomeOf = new Map(valid.map((item, index) => [item.row.rowNumber, outcomes[index]]));
              const rows = mapped.map(({ row, mapped: result }): BulkRowOutcome => {
                if ('reason' in result) return { rowNumber: row.rowNumber, outcome: 'refused', reason: result.reason, cells: row.cells };
                const outcome = outcomeOf.get(row.rowNumber);
                if (!outcome) throw new Error(`row ${row.rowNumber} has no outcome`);
                if (outcome.outcome === 'created') return { rowNumber: row.rowNumber, outcome: 'created', customerId: outcome.customerId };
                const reason = refusalReason(outcome.error);
                if (reason === null) throw outcome.error;
                return { rowNumber: row.rowNumber, outcome: 'refused', reason, cells: row.cells };
              });
              await recordRows(tx, uploadId, rows);
              await checkpointProgress(tx, uploadId);
            },
          },
        );
        handled += chunk.length;
        for (const row of chunk) deps.crashPoint?.(`bulk-upload-row-${row.rowNumber}`);
      }
      // The table's statistics are read again each time the job's own rows double (1,000, 2,000,
      // 4,000 …): a handful of analyses however long the file, and the duplicate checks keep their index.
      let nextAnalysisAt = FIRST_ANALYSIS_ROWS;
      try {
        for (let start = 0; start < left.length; start += chunkRows) {
          await importChunk(left.slice(start, start + chunkRows));
          if (handled >= nextAnalysisAt) {
            await refreshCustomerStatistics(db);
            nextAnalysisAt *= 2;
          }
        }
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS) await failBulkUpload(db, uploadId, STOPPED_REASON);
        throw error;
      }
      const completed = await complete(upload, sheet);
      return {
        items: handled,
        note: completed
          ? `bulk upload ${uploadId}: ${completed.acceptedRows} created, ${completed.refusedRows} refused`
          : `bulk upload ${uploadId} already completed`,
      };
    },
  };
}

class AlreadyCompleted extends Error {
  override name = 'AlreadyCompleted';
}

export type BulkUploadService = ReturnType<typeof createBulkUploadService>;
