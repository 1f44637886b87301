/**
 * Loading a register file from the configuration area: the upload is checked by its header before
 * anything is kept, streamed into file storage (never whole in memory), and imported by a job that
 * can stop and start again; the page follows the run. Register data is shared by every data segment,
 * so only a user of every segment may load a file (docs/decisions/company-registry.md).
 */
import {
  COMPANY_REGISTERS,
  REGISTER_FILE_MAX_MEGABYTES,
  REGISTER_IMPORT_MESSAGES,
  ZRegisterRefusedRow,
  ZRegisterUploadFields,
  type TCompanyRegister,
  type TRegisterImport,
  type TRegisterImports,
} from '@sanad/contracts/company-registry';
import { CsvSyntaxError, parseCsv } from '@sanad/csv/csv';
import type { Actor } from '../../platform/auth/access';
import type { Database } from '../../platform/db/database';
import { uniqueViolationField } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/http/app-error';
import type { JobQueue, JobSummary } from '../../platform/jobs/job-queue';
import { fileTooLarge } from '../../platform/storage/checked-upload';
import type { FileVault } from '../../platform/storage/file-vault';
import { createChunkReader, type IncomingFile } from '../../platform/storage/upload-stream';
import { readRegisterHeader, RegisterFileError } from './companies-house-file';
import {
  beginImportAttempt,
  failRegisterImport,
  findRegisterImport,
  hasUploadedImportInProcess,
  insertUploadedImport,
  listRegisterImports,
  type RegisterImportRow,
} from './company-register.repository';
import { decodedText, runRegisterImport } from './register-import.service';
import {
  inflateZipHead,
  inflateZippedCsv,
  isZipArchive,
  readZipEntry,
  withZipDirectoryChecked,
  ZIP_CONTENT_TYPE,
  ZIP_HEAD_BYTES,
  ZipArchiveError,
} from './register-zip';

export const REGISTER_IMPORT_JOB = 'company-registry.import';
/** The file storage folder of uploaded register files (global: no data segment). */
export const REGISTER_FOLDER = 'company-register';
/** Runs of one import's job (the first and its retries) before the import is given up. */
export const MAX_ATTEMPTS = 4;
const LISTED_IMPORTS = 50;
/** The header of the published file is about 1 KB; a first line longer than this is not a register header. */
const HEADER_BYTES = 64 * 1024;
const MEGABYTE = 1024 * 1024;
const STOPPED_REASON = 'The import stopped after repeated errors; the companies stored so far are kept. Upload the file again to finish it';

export interface RegisterUploadDeps {
  db: Database;
  vault: FileVault;
  /** Null where no job queue runs (API tests): the import then waits until its job is run by hand. */
  jobs: JobQueue | null;
}

const unsupported = (message: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', message, { file: [message] });
const zipRefusal = (error: ZipArchiveError) => (error.isUnsupported ? unsupported(error.message) : AppError.field('file', error.message));

function registerOf(value: string): TCompanyRegister {
  const register = COMPANY_REGISTERS.find((code) => code === value);
  if (!register) throw new Error(`company_register_imports holds an unknown register ${value}`);
  return register;
}

function percentageOf(row: RegisterImportRow): number {
  if (row.status === 'completed') return 100;
  if (!row.sizeBytes) return 0;
  return Math.min(99, Math.floor((row.bytesRead / row.sizeBytes) * 100));
}

const refusedRowsOf = (row: RegisterImportRow) => ZRegisterRefusedRow.array().catch([]).parse(row.refusedRows);

export function toRegisterImport(row: RegisterImportRow): TRegisterImport {
  return {
    _id: row.id,
    register: registerOf(row.register),
    sourceFile: row.sourceFile,
    status: row.status,
    source: row.fileName ? 'upload' : 'command-line',
    rowsStored: row.rowsStored,
    rowsRefused: row.rowsSkipped,
    refusedRows: refusedRowsOf(row),
    sizeBytes: row.sizeBytes,
    percentage: percentageOf(row),
    error: row.error,
    createdByName: row.createdByName,
    startedAt: new Date(row.startedAt).toISOString(),
    finishedAt: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
  };
}

/** The first line must be a register header: checked before a byte is stored, so a wrong file costs nothing. */
function assertRegisterHeader(head: Buffer, isWhole: boolean): void {
  if (head.length === 0) throw AppError.field('file', REGISTER_IMPORT_MESSAGES.empty);
  const text = head.toString('utf8');
  const end = text.search(/\r?\n/);
  if (end < 0 && !isWhole) throw AppError.field('file', REGISTER_IMPORT_MESSAGES.noHeader);
  try {
    const [first] = parseCsv(end < 0 ? text : text.slice(0, end));
    readRegisterHeader(first?.fields ?? []);
  } catch (error) {
    if (error instanceof RegisterFileError) throw AppError.field('file', error.message);
    if (error instanceof CsvSyntaxError) throw AppError.field('file', REGISTER_IMPORT_MESSAGES.noHeader);
    throw error;
  }
}

interface CheckedRegisterFile {
  /** The upload's bytes, cut off at the size limit as they stream. */
  body: AsyncIterable<Buffer>;
  contentType: string;
}

/**
 * A ZIP archive's first entry must be a readable CSV whose first line is a register header, checked
 * from the first bytes; the rest of the archive (one entry only) is checked as its last bytes pass.
 */
async function checkedZipFile(reader: ReturnType<typeof createChunkReader>): Promise<CheckedRegisterFile> {
  const head = await reader.head(ZIP_HEAD_BYTES);
  try {
    const entry = readZipEntry(head);
    if (!entry) throw new ZipArchiveError(REGISTER_IMPORT_MESSAGES.zipDamaged);
    const text = inflateZipHead(head, entry, HEADER_BYTES);
    assertRegisterHeader(text, reader.isComplete() && text.length < HEADER_BYTES);
    const limited = reader.limited(REGISTER_FILE_MAX_MEGABYTES * MEGABYTE, () => fileTooLarge(REGISTER_FILE_MAX_MEGABYTES));
    return { body: withZipDirectoryChecked(limited, entry), contentType: ZIP_CONTENT_TYPE };
  } catch (error) {
    throw error instanceof ZipArchiveError ? zipRefusal(error) : error;
  }
}

/**
 * The upload once its name, kind and header passed. The name and the first bytes must agree: a CSV
 * file, or a ZIP archive holding one (as Companies House publishes it).
 */
async function checkedRegisterFile(file: IncomingFile): Promise<CheckedRegisterFile> {
  const isZipName = /\.zip$/i.test(file.fileName);
  if (!isZipName && !/\.csv$/i.test(file.fileName)) throw unsupported(REGISTER_IMPORT_MESSAGES.csvOnly);
  const reader = createChunkReader(file.chunks);
  const head = await reader.head(HEADER_BYTES);
  if (head.length === 0) throw AppError.field('file', REGISTER_IMPORT_MESSAGES.empty);
  const isZip = isZipArchive(head);
  if (isZipName !== isZip) throw unsupported(isZip ? REGISTER_IMPORT_MESSAGES.zipNamedCsv : REGISTER_IMPORT_MESSAGES.notZip);
  if (isZip) return checkedZipFile(reader);
  assertRegisterHeader(head, reader.isComplete());
  return {
    body: reader.limited(REGISTER_FILE_MAX_MEGABYTES * MEGABYTE, () => fileTooLarge(REGISTER_FILE_MAX_MEGABYTES)),
    contentType: 'text/csv',
  };
}

/** The stored file as CSV text (a ZIP inflated as it is read), counting the stored bytes read for the progress shown. */
function storedText(body: AsyncIterable<Buffer>, contentType: string, onBytes: (count: number) => void): AsyncGenerator<string> {
  if (contentType === ZIP_CONTENT_TYPE) return decodedText(inflateZippedCsv(body, onBytes));
  return decodedText(
    (async function* counted() {
      for await (const chunk of body) {
        onBytes(chunk.length);
        yield chunk;
      }
    })(),
  );
}

export function createRegisterUploadService(deps: RegisterUploadDeps) {
  const { db, vault } = deps;

  /**
   * The stored copy is only needed until the run ends. Removing it again is harmless, so every way
   * a run ends (and a late delivery of a finished one) removes it.
   */
  const removeStoredFile = (fileName: string) => vault.remove(fileName).catch(() => undefined);

  return {
    /** GET company-registers/imports. */
    async list(actor: Actor): Promise<TRegisterImports> {
      const rows = await listRegisterImports(db, LISTED_IMPORTS);
      return { imports: rows.map(toRegisterImport), mayImport: actor.segments.all };
    },

    /** GET company-registers/imports/:id. */
    async get(id: string): Promise<TRegisterImport> {
      const row = await findRegisterImport(db, id);
      if (!row) throw AppError.notFound();
      return toRegisterImport(row);
    },

    /**
     * POST company-registers/imports: stores the uploaded file and queues its import. The import row
     * and its job commit with the stored file's record, so none of the three exists without the others.
     */
    async upload(actor: Actor, file: IncomingFile): Promise<TRegisterImport> {
      if (!actor.segments.all) throw AppError.forbidden(REGISTER_IMPORT_MESSAGES.allSegmentsOnly);
      const fields = ZRegisterUploadFields.safeParse(file.fields);
      if (!fields.success) throw AppError.field('register', fields.error.issues[0]?.message ?? REGISTER_IMPORT_MESSAGES.csvOnly);
      // Checked before the upload is read, so a second file is not streamed in only to be refused.
      if (await hasUploadedImportInProcess(db)) throw AppError.conflict('file', REGISTER_IMPORT_MESSAGES.inProcess);
      const { body, contentType } = await checkedRegisterFile(file);
      // Assigned in the file's transaction; declared wide, since TypeScript does not follow assignments made in a callback.
      let created = null as RegisterImportRow | null;
      try {
        await vault.storeStream({
          body,
          originalName: file.fileName,
          contentType,
          folder: REGISTER_FOLDER,
          dataSegmentId: null,
          createdBy: actor.userId,
          withinTransaction: async (tx, stored) => {
            created = await insertUploadedImport(tx, {
              register: fields.data.register,
              sourceFile: stored.originalName,
              fileName: stored.fileName,
              sizeBytes: stored.sizeBytes,
              createdBy: actor.userId,
              createdByName: actor.name,
            });
            await deps.jobs?.send(REGISTER_IMPORT_JOB, { importId: created.id }, { tx });
          },
        });
      } catch (error) {
        // A ZIP whose directory (at its end) is refused: thrown as its last bytes passed, before the file's record.
        if (error instanceof ZipArchiveError) throw zipRefusal(error);
        // Two uploads raced past the check: the partial unique index let one through.
        if (uniqueViolationField(error, { company_register_imports_one_uploaded: 'file' }))
          throw AppError.conflict('file', REGISTER_IMPORT_MESSAGES.inProcess);
        throw error;
      }
      if (!created) throw new Error('the register import was not recorded');
      return toRegisterImport(created);
    },

    /**
     * The job. Restartable: each batch records the rows read with the rows stored, so a run that
     * takes over after a crash starts after them; rows stored twice are upserts, harmless.
     */
    async runImport(importId: string): Promise<JobSummary> {
      const row = await findRegisterImport(db, importId);
      if (!row?.fileName) return { items: 0, note: 'already finished' };
      if (row.status === 'completed' || row.status === 'failed') {
        // A run that ended before its copy was removed (the process died in between) has it removed now.
        await removeStoredFile(row.fileName);
        return { items: 0, note: 'already finished' };
      }
      const attempt = await beginImportAttempt(db, importId);
      // A run that keeps failing must not hold the one import slot for ever.
      if (attempt > MAX_ATTEMPTS) {
        await failRegisterImport(db, importId, STOPPED_REASON);
        await removeStoredFile(row.fileName);
        return { items: 0, note: `register import ${importId} stopped after ${MAX_ATTEMPTS} attempts` };
      }
      const read = await vault.readStream(row.fileName);
      if (!read) {
        await failRegisterImport(db, importId, 'The uploaded file is no longer available');
        await removeStoredFile(row.fileName);
        return { items: 0, note: `register import ${importId}: file missing` };
      }
      let bytesRead = 0;
      const run = {
        importId,
        register: registerOf(row.register),
        sourceFile: row.sourceFile,
        resume: { stored: row.rowsStored, skipped: row.rowsSkipped, refused: refusedRowsOf(row) },
        uploadedBy: row.createdBy ? { id: row.createdBy, name: row.createdByName ?? '' } : null,
      };
      try {
        const result = await runRegisterImport(
          db,
          run,
          storedText(read.body, read.file.contentType, (count) => {
            bytesRead += count;
          }),
          { bytesRead: () => bytesRead },
        );
        await removeStoredFile(row.fileName);
        return {
          items: result.stored - row.rowsStored,
          note: `register import ${importId}: ${result.stored} stored, ${result.skipped} refused`,
        };
      } catch (error) {
        if (error instanceof RegisterFileError) {
          await removeStoredFile(row.fileName);
          return { items: 0, note: `register import ${importId} refused: ${error.message}` };
        }
        if (attempt >= MAX_ATTEMPTS) {
          await failRegisterImport(db, importId, STOPPED_REASON);
          await removeStoredFile(row.fileName);
        }
        throw error;
      } finally {
        read.body.destroy();
      }
    },
  };
}

export type RegisterUploadService = ReturnType<typeof createRegisterUploadService>;
