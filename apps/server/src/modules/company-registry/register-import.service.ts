/**
 * Imports a register file into company_register_entries, streaming: the Companies House file is
 * about 2.5 GB and five million rows, so it is read as a stream of chunks and stored in batches, each
 * batch one transaction. Every row is an upsert by (register, company number), so an import that
 * stopped half way (a crash, a killed command) is finished by running it again, and importing the
 * same or a newer month's file leaves one row per company. Each batch also records how many rows
 * were read, so a run that takes over an interrupted one (the upload's job) starts after them. The
 * run is recorded in company_register_imports and audited once, when it ends.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { CsvSyntaxError, readCsvRows } from '@sanad/csv/csv';
import {
  REGISTER_IMPORT_MESSAGES,
  REGISTER_REFUSED_ROWS_KEPT,
  type TCompanyRegister,
  type TRegisterRefusedRow,
} from '@sanad/contracts/company-registry';
import { SYSTEM_SOURCE, appendAudit } from '../../platform/audit/audit-log';
import type { Database } from '../../platform/db/database';
import {
  readRegisterHeader,
  readRegisterRow,
  registerRowRefusal,
  RegisterFileError,
  type RegisterHeader,
  type RegisterRow,
} from './companies-house-file';
import { failRegisterImport, recordRegisterImport, startRegisterImport, upsertRegisterRows } from './company-register.repository';
import { checkZipDirectory, inflateZippedCsv, readZipEntry, ZIP_HEAD_BYTES, ZIP_TAIL_BYTES, ZipArchiveError } from './register-zip';

export interface RegisterImportResult {
  importId: string;
  stored: number;
  skipped: number;
}

/** One import run: which file into which register, where an earlier attempt stopped, and who loaded it. */
export interface RegisterImportRun {
  importId: string;
  register: TCompanyRegister;
  sourceFile: string;
  /** Data rows an earlier attempt already stored or refused (committed with its last batch); they are not read again. */
  resume?: { stored: number; skipped: number; refused: readonly TRegisterRefusedRow[] };
  /** The user who uploaded the file, named in the audit entry; null for the command line. */
  uploadedBy?: { id: string; name: string } | null;
}

export interface RegisterImportOptions {
  onProgress?: (stored: number) => void;
  batchSize?: number;
  /** Bytes of the file read so far, recorded with each batch for the progress shown. */
  bytesRead?: () => number;
}

const BATCH = 500;

function auditSourceOf(run: RegisterImportRun) {
  return run.uploadedBy ? { ...SYSTEM_SOURCE, actor: run.uploadedBy } : SYSTEM_SOURCE;
}

/** The file's rows, a CSV that cannot be read reported as a register file error (it is the file, not the run). */
async function* registerRecords(text: AsyncIterable<string> | string) {
  try {
    yield* readCsvRows(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw new RegisterFileError(`The file cannot be read as CSV${error.line ? ` at line ${error.line}` : ''}: ${error.message}`);
    throw error;
  }
}

/**
 * Runs an import already recorded. A file that is not a register file fails the run (recorded and
 * audited) and throws RegisterFileError; any other error (the database gone) is thrown as it is and
 * leaves the run as its last batch left it, for another attempt.
 */
export async function runRegisterImport(
  db: Database,
  run: RegisterImportRun,
  text: AsyncIterable<string> | string,
  options: RegisterImportOptions = {},
): Promise<RegisterImportResult> {
  const { importId, register } = run;
  const batchSize = options.batchSize ?? BATCH;
  const alreadyRead = (run.resume?.stored ?? 0) + (run.resume?.skipped ?? 0);
  let header: RegisterHeader | null = null;
  let batch: RegisterRow[] = [];
  let stored = run.resume?.stored ?? 0;
  let skipped = run.resume?.skipped ?? 0;
  const refused: TRegisterRefusedRow[] = [...(run.resume?.refused ?? [])];
  let dataRows = 0;
  const flush = async () => {
    const rows = batch;
    batch = [];
    await db.transaction(async (tx) => {
      await upsertRegisterRows(tx, register, run.sourceFile, rows);
      await recordRegisterImport(tx, importId, {
        stored: stored + rows.length,
        skipped,
        refused,
        ...(options.bytesRead ? { bytesRead: options.bytesRead() } : {}),
      });
    });
    stored += rows.length;
    options.onProgress?.(stored);
  };
  try {
    for await (const { fields, line } of registerRecords(text)) {
      if (!header) {
        header = readRegisterHeader(fields);
        continue;
      }
      dataRows += 1;
      if (dataRows <= alreadyRead) continue;
      const row = readRegisterRow(header, fields);
      if (!row) {
        skipped += 1;
        if (refused.length < REGISTER_REFUSED_ROWS_KEPT)
          refused.push({ line, reason: registerRowRefusal(header, fields) ?? 'Not readable' });
        continue;
      }
      batch.push(row);
      if (batch.length >= batchSize) await flush();
    }
    if (!header) throw new RegisterFileError('The file is empty');
    await flush();
  } catch (error) {
    if (!(error instanceof RegisterFileError)) throw error;
    await db.transaction(async (tx) => {
      await recordRegisterImport(tx, importId, { stored, skipped, status: 'failed', error: error.message });
      await appendAudit(tx, {
        dataSegmentId: null,
        source: auditSourceOf(run),
        module: 'screening_data',
        action: 'failed_company_register_import',
        entityType: 'company_register_import',
        entityId: importId,
        summary: `The ${register} register file ${run.sourceFile} was refused: ${error.message}`,
        details: { register, sourceFile: run.sourceFile, stored, skipped, error: error.message },
      });
    });
    throw error;
  }
  await db.transaction(async (tx) => {
    await recordRegisterImport(tx, importId, {
      stored,
      skipped,
      refused,
      status: 'completed',
      ...(options.bytesRead ? { bytesRead: options.bytesRead() } : {}),
    });
    await appendAudit(tx, {
      dataSegmentId: null,
      source: auditSourceOf(run),
      module: 'screening_data',
      action: 'imported_company_register',
      entityType: 'company_register_import',
      entityId: importId,
      summary: `Imported ${stored} companies into the ${register} register from ${run.sourceFile}${skipped > 0 ? ` (${skipped} rows without a number or name skipped)` : ''}`,
      details: { register, sourceFile: run.sourceFile, stored, skipped },
    });
  });
  return { importId, stored, skipped };
}

/** Records a new run and imports the file (the command line, and tests); a run that errors is recorded as failed. */
export async function importRegisterFile(
  db: Database,
  register: TCompanyRegister,
  source: { name: string; text: AsyncIterable<string> | string },
  options: RegisterImportOptions = {},
): Promise<RegisterImportResult> {
  const importId = await startRegisterImport(db, register, source.name);
  try {
    return await runRegisterImport(db, { importId, register, sourceFile: source.name }, source.text, options);
  } catch (error) {
    // The command line does not retry: a run it leaves behind is over.
    if (!(error instanceof RegisterFileError))
      await failRegisterImport(db, importId, error instanceof Error ? error.message : String(error)).catch(() => undefined);
    throw error;
  }
}

/** Bytes as text, decoded across chunk boundaries. */
export async function* decodedText(body: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of body) yield decoder.decode(chunk, { stream: true });
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** A ZIP on disk is checked whole (its first entry and its directory) before the run starts, as an upload is. */
async function assertZipFileAt(path: string): Promise<void> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(Math.min(size, ZIP_HEAD_BYTES));
    await file.read(head, 0, head.length, 0);
    const entry = readZipEntry(head);
    if (!entry) throw new ZipArchiveError(REGISTER_IMPORT_MESSAGES.zipDamaged);
    const tail = Buffer.alloc(Math.min(size, ZIP_TAIL_BYTES));
    await file.read(tail, 0, tail.length, size - tail.length);
    checkZipDirectory(tail, size, entry);
  } finally {
    await file.close();
  }
}

/** The file at a path, streamed: a CSV file, or a ZIP archive holding one (inflated as it is read). */
export async function importRegisterFileAt(db: Database, register: TCompanyRegister, path: string, onProgress?: (stored: number) => void) {
  const isZip = /\.zip$/i.test(path);
  if (isZip) await assertZipFileAt(path);
  const text = isZip ? decodedText(inflateZippedCsv(createReadStream(path))) : createReadStream(path, { encoding: 'utf8' });
  return importRegisterFile(db, register, { name: basename(path), text }, onProgress ? { onProgress } : {});
}
