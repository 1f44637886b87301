/**
 * Imports a register file into company_register_entries, streaming: the Companies House file is
 * about 2.5 GB and five million rows, so it is read as a stream of chunks and stored in batches, each
 * batch one transaction. Every row is an upsert by (register, company number), so an import that
 * stopped half way (a crash, a killed command) is finished by running it again, and importing the
 * same or a newer month's file leaves one row per company. The run is recorded in
 * company_register_imports and audited when it ends.
 */
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { readCsvRows } from '@sanad/csv/csv';
import type { TCompanyRegister } from '@sanad/contracts/company-registry';
import { SYSTEM_SOURCE, appendAudit } from '../../platform/audit/audit-log';
import type { Database } from '../../platform/db/database';
import { readRegisterHeader, readRegisterRow, RegisterFileError, type RegisterHeader, type RegisterRow } from './companies-house-file';
import { recordRegisterImport, startRegisterImport, upsertRegisterRows } from './company-register.repository';

export interface RegisterImportResult {
  importId: string;
  stored: number;
  skipped: number;
}

const BATCH = 500;

export async function importRegisterFile(
  db: Database,
  register: TCompanyRegister,
  source: { name: string; text: AsyncIterable<string> | string },
  options: { onProgress?: (stored: number) => void; batchSize?: number } = {},
): Promise<RegisterImportResult> {
  const importId = await startRegisterImport(db, register, source.name);
  const batchSize = options.batchSize ?? BATCH;
  let header: RegisterHeader | null = null;
  let batch: RegisterRow[] = [];
  let stored = 0;
  let skipped = 0;
  const flush = async () => {
    const rows = batch;
    batch = [];
    await db.transaction(async (tx) => {
      await upsertRegisterRows(tx, register, source.name, rows);
      await recordRegisterImport(tx, importId, { stored: stored + rows.length, skipped });
    });
    stored += rows.length;
    options.onProgress?.(stored);
  };
  try {
    for await (const { fields } of readCsvRows(source.text)) {
      if (!header) {
        header = readRegisterHeader(fields);
        continue;
      }
      const row = readRegisterRow(header, fields);
      if (!row) {
        skipped += 1;
        continue;
      }
      batch.push(row);
      if (batch.length >= batchSize) await flush();
    }
    if (!header) throw new RegisterFileError('The file is empty');
    await flush();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordRegisterImport(db, importId, { stored, skipped, status: 'failed', error: message });
    throw error;
  }
  await db.transaction(async (tx) => {
    await recordRegisterImport(tx, importId, { stored, skipped, status: 'completed' });
    await appendAudit(tx, {
      dataSegmentId: null,
      source: SYSTEM_SOURCE,
      module: 'screening_data',
      action: 'imported_company_register',
      entityType: 'company_register_import',
      entityId: importId,
      summary: `Imported ${stored} companies into the ${register} register from ${source.name}${skipped > 0 ? ` (${skipped} rows without a number or name skipped)` : ''}`,
      details: { register, sourceFile: source.name, stored, skipped },
    });
  });
  return { importId, stored, skipped };
}

/** The file at a path, streamed. */
export function importRegisterFileAt(db: Database, register: TCompanyRegister, path: string, onProgress?: (stored: number) => void) {
  return importRegisterFile(
    db,
    register,
    { name: basename(path), text: createReadStream(path, { encoding: 'utf8' }) },
    onProgress ? { onProgress } : {},
  );
}
