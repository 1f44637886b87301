import { sql } from 'kysely';
import type { TLogExport, TSystemLogFilters } from '@sanad/contracts/system-logs';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';

/** What an export needs to run again exactly as requested: the filters and the requester's scope then. */
export interface StoredExportFilters extends TSystemLogFilters {
  timezoneOffset: number;
  scope: { all: boolean; ids: string[] };
  onlySegment: string | null;
}

export interface LogExportRun {
  id: string;
  dataSegmentId: string;
  requestedBy: string;
  requestedByName: string;
  filters: StoredExportFilters;
  downloadName: string;
}

/** `system-logs-2026-11-26T14-05-00.csv`: the name a finished file downloads under (the request's UTC time). */
const DOWNLOAD_NAME = sql<string>`'system-logs-' || to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24-MI-SS') || '.csv'`;

/** An export as the screen shows it; the stored file is named only once the export has completed. */
function selectExports(db: Queryable) {
  return sqlOf(db)
    .selectFrom('systemLogExports')
    .select([
      'id as _id',
      'status',
      // The requester's scope and time zone stay on the server.
      sql<TLogExport['filters']>`filters - 'timezoneOffset' - 'scope' - 'onlySegment'`.as('filters'),
      sql<string | null>`case when status = 'completed' then file_name end`.as('fileName'),
      DOWNLOAD_NAME.as('downloadName'),
      'entries',
      'error',
      'createdAt',
      'finishedAt',
    ]);
}

export async function insertLogExport(
  tx: Queryable,
  input: { dataSegmentId: string; requestedBy: string; requestedByName: string; filters: StoredExportFilters },
): Promise<TLogExport> {
  const { id } = await sqlOf(tx)
    .insertInto('systemLogExports')
    .values({
      dataSegmentId: input.dataSegmentId,
      requestedBy: input.requestedBy,
      requestedByName: input.requestedByName,
      filters: JSON.stringify(input.filters),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return selectExports(tx).where('id', '=', id).executeTakeFirstOrThrow();
}

export async function listLogExportsOf(db: Queryable, requestedBy: string, limit = 10): Promise<TLogExport[]> {
  return selectExports(db).where('requestedBy', '=', requestedBy).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Moves a pending (or, on a retried job, running) export to running; null when it was cancelled or ended. */
export async function claimLogExport(db: Queryable, id: string): Promise<LogExportRun | null> {
  const row = await sqlOf(db)
    .updateTable('systemLogExports')
    .set({ status: 'running' })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'running'])
    .returning(['id', 'dataSegmentId', 'requestedBy', 'requestedByName', 'filters', DOWNLOAD_NAME.as('downloadName')])
    .executeTakeFirst();
  return row ? { ...row, filters: row.filters as StoredExportFilters } : null;
}

export async function isLogExportRunning(db: Queryable, id: string): Promise<boolean> {
  const row = await sqlOf(db).selectFrom('systemLogExports').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status === 'running';
}

/** Completes a running export; false when it was cancelled meanwhile, so the caller drops its file. */
export async function completeLogExport(tx: Queryable, id: string, fileName: string, entries: number): Promise<boolean> {
  const row = await sqlOf(tx)
    .updateTable('systemLogExports')
    .set({ status: 'completed', fileName, entries, finishedAt: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function failLogExport(db: Queryable, id: string, error: string): Promise<void> {
  await sqlOf(db)
    .updateTable('systemLogExports')
    .set({ status: 'failed', error: error.slice(0, 500), finishedAt: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'running'])
    .execute();
}

/** Cancels the requester's own pending or running export; its segment, or null when none matched. */
export async function cancelLogExport(
  tx: Queryable,
  id: string,
  requestedBy: string,
): Promise<{ id: string; dataSegmentId: string } | null> {
  const row = await sqlOf(tx)
    .updateTable('systemLogExports')
    .set({ status: 'cancelled', finishedAt: sql`now()` })
    .where('id', '=', id)
    .where('requestedBy', '=', requestedBy)
    .where('status', 'in', ['pending', 'running'])
    .returning(['id', 'dataSegmentId'])
    .executeTakeFirst();
  return row ?? null;
}
