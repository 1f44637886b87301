import { sql, type Selectable } from 'kysely';
import type { TCompanyRegister, TRegisterAddress, TRegisterEntry, TRegisterRefusedRow } from '@sanad/contracts/company-registry';
import type { Queryable } from '../../platform/db/database';
import type { CompanyRegisterImportsTable } from '../../db/schema.generated';
import { sqlOf } from '../../platform/db/query-builder';
import type { RegisterRow } from './companies-house-file';

/**
 * The imported register entries (public reference data, one row per register and company number,
 * the same for every data segment) and the import runs.
 */

/** Stores a batch of rows: a company already imported is replaced by the newer row (idempotent). */
export async function upsertRegisterRows(
  tx: Queryable,
  register: TCompanyRegister,
  sourceFile: string,
  rows: readonly RegisterRow[],
): Promise<void> {
  if (rows.length === 0) return;
  // One company number twice in a batch would make the upsert touch a row twice: the last wins.
  const unique = [...new Map(rows.map((row) => [row.registrationNumber, row])).values()];
  await sqlOf(tx)
    .insertInto('companyRegisterEntries')
    .values(
      unique.map((row) => ({
        register,
        registrationNumber: row.registrationNumber,
        legalName: row.legalName,
        formerNames: JSON.stringify(row.formerNames),
        status: row.status,
        category: row.category,
        countryOfOrigin: row.countryOfOrigin,
        incorporationDate: row.incorporationDate,
        dissolutionDate: row.dissolutionDate,
        registeredAddress: JSON.stringify(row.registeredAddress),
        sicCodes: row.sicCodes,
        accountsNextDueDate: row.accountsNextDueDate,
        accountsLastMadeUpDate: row.accountsLastMadeUpDate,
        accountsCategory: row.accountsCategory,
        confirmationStatementNextDueDate: row.confirmationStatementNextDueDate,
        confirmationStatementLastMadeUpDate: row.confirmationStatementLastMadeUpDate,
        sourceFile,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['register', 'registrationNumber']).doUpdateSet((update) => ({
        legalName: update.ref('excluded.legalName'),
        formerNames: update.ref('excluded.formerNames'),
        status: update.ref('excluded.status'),
        category: update.ref('excluded.category'),
        countryOfOrigin: update.ref('excluded.countryOfOrigin'),
        incorporationDate: update.ref('excluded.incorporationDate'),
        dissolutionDate: update.ref('excluded.dissolutionDate'),
        registeredAddress: update.ref('excluded.registeredAddress'),
        sicCodes: update.ref('excluded.sicCodes'),
        accountsNextDueDate: update.ref('excluded.accountsNextDueDate'),
        accountsLastMadeUpDate: update.ref('excluded.accountsLastMadeUpDate'),
        accountsCategory: update.ref('excluded.accountsCategory'),
        confirmationStatementNextDueDate: update.ref('excluded.confirmationStatementNextDueDate'),
        confirmationStatementLastMadeUpDate: update.ref('excluded.confirmationStatementLastMadeUpDate'),
        sourceFile: update.ref('excluded.sourceFile'),
        importedAt: sql<Date>`now()`,
      })),
    )
    .execute();
}

const isoDate = (value: Date | string | null): string | null =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

export async function findRegisterEntry(
  db: Queryable,
  register: TCompanyRegister,
  registrationNumber: string,
): Promise<TRegisterEntry | null> {
  const row = await sqlOf(db)
    .selectFrom('companyRegisterEntries')
    .selectAll()
    .where('register', '=', register)
    .where('registrationNumber', '=', registrationNumber)
    .executeTakeFirst();
  if (!row) return null;
  return {
    register,
    registrationNumber: row.registrationNumber,
    legalName: row.legalName,
    formerNames: row.formerNames as TRegisterEntry['formerNames'],
    status: row.status,
    category: row.category,
    countryOfOrigin: row.countryOfOrigin,
    incorporationDate: isoDate(row.incorporationDate),
    dissolutionDate: isoDate(row.dissolutionDate),
    registeredAddress: row.registeredAddress as TRegisterAddress,
    sicCodes: row.sicCodes,
    accountsNextDueDate: isoDate(row.accountsNextDueDate),
    accountsLastMadeUpDate: isoDate(row.accountsLastMadeUpDate),
    accountsCategory: row.accountsCategory,
    confirmationStatementNextDueDate: isoDate(row.confirmationStatementNextDueDate),
    confirmationStatementLastMadeUpDate: isoDate(row.confirmationStatementLastMadeUpDate),
    importedAt: new Date(row.importedAt).toISOString(),
    sourceFile: row.sourceFile,
  };
}

export async function startRegisterImport(db: Queryable, register: TCompanyRegister, sourceFile: string): Promise<string> {
  const row = await sqlOf(db)
    .insertInto('companyRegisterImports')
    .values({ register, sourceFile })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface RegisterImportProgress {
  stored: number;
  skipped: number;
  /** The first refused rows with their reasons, as many as are kept. */
  refused?: readonly TRegisterRefusedRow[];
  bytesRead?: number;
  status?: 'completed' | 'failed';
  error?: string;
}

export async function recordRegisterImport(db: Queryable, id: string, progress: RegisterImportProgress): Promise<void> {
  await sqlOf(db)
    .updateTable('companyRegisterImports')
    .set({
      rowsStored: progress.stored,
      rowsSkipped: progress.skipped,
      ...(progress.refused ? { refusedRows: JSON.stringify(progress.refused) } : {}),
      ...(progress.bytesRead !== undefined ? { bytesRead: progress.bytesRead } : {}),
      ...(progress.status ? { status: progress.status, finishedAt: sql<Date>`now()` } : {}),
      ...(progress.error ? { error: progress.error.slice(0, 500) } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Ends a run that cannot go on (not a file error: those are recorded with their counts), keeping what it stored. */
export async function failRegisterImport(db: Queryable, id: string, error: string): Promise<void> {
  await sqlOf(db)
    .updateTable('companyRegisterImports')
    .set({ status: 'failed', error: error.slice(0, 500), finishedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .execute();
}

/** An uploaded register file waiting for its job: recorded in the transaction that records the file. */
export async function insertUploadedImport(
  tx: Queryable,
  upload: { register: TCompanyRegister; sourceFile: string; fileName: string; sizeBytes: number; createdBy: string; createdByName: string },
): Promise<RegisterImportRow> {
  return sqlOf(tx)
    .insertInto('companyRegisterImports')
    .values({ ...upload, status: 'queued' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type RegisterImportRow = Selectable<CompanyRegisterImportsTable>;

export async function findRegisterImport(db: Queryable, id: string): Promise<RegisterImportRow | null> {
  return (await sqlOf(db).selectFrom('companyRegisterImports').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function listRegisterImports(db: Queryable, limit: number): Promise<RegisterImportRow[]> {
  return sqlOf(db).selectFrom('companyRegisterImports').selectAll().orderBy('startedAt', 'desc').limit(limit).execute();
}

/** Whether an uploaded register file is queued or being imported (runs of the command line are not counted). */
export async function hasUploadedImportInProcess(db: Queryable): Promise<boolean> {
  const row = await sqlOf(db)
    .selectFrom('companyRegisterImports')
    .select('id')
    .where('fileName', 'is not', null)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return row !== undefined;
}

/** The job took the import: it is running, and this is its attempt number. */
export async function beginImportAttempt(db: Queryable, id: string): Promise<number> {
  const row = await sqlOf(db)
    .updateTable('companyRegisterImports')
    .set((update) => ({ status: 'running' as const, attempts: sql<number>`${update.ref('attempts')} + 1` }))
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}
