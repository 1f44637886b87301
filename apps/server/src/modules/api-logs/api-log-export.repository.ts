import { sql } from 'kysely';
import type { TApiLogExport, TApiLogFilters } from '@sanad/contracts/api-logs';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';

/**
 * API-log exports, the same life cycle as system-log exports (system-logs/log-export.repository.ts):
 * pending → running → completed, or cancelled / failed; completing only moves a running row.
 */

/** What an export needs to run again exactly as requested: the filters and the requester's scope then. */
export interface StoredApiLogExportFilters extends TApiLogFilters {
  timezoneOffset: number;
  scope: { all: boolean; ids: string[] };
  onlySegment: string | null;
}

export interface ApiLogExportRun {
  id: string;
  dataSegmentId: string;
  requestedBy: string;
  requestedByName: string;
  filters: StoredApiLogExportFilters;
  downloadName: string;
}

const DOWNLOAD_NAME = sql<string>`'api-logs-' || to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24-MI-SS') || '.csv'`;

function selectExports(db: Queryable) {
  return sqlOf(db)
    .selectFrom('apiLogExports')
    .select([
      'id as _id',
      'status',
      // The requester's scope and time zone stay on the server.
      sql<TApiLogExport['filters']>`filters - 'timezoneOffset' - 'scope' - 'onlySegment'`.as('filters'),
      sql<string | null>`case when status = 'completed' then file_name end`.as('fileName'),
      DOWNLOAD_NAME.as('downloadName'),
      'entries',
      'error',
      'createdAt',
      'finishedAt',
    ])
    .$castTo<TApiLogExport>();
}

export async function insertApiLogExport(
  tx: Queryable,
  input: { dataSegmentId: string; requestedBy: string; requestedByName: string; filters: StoredApiLogExportFilters },
): Promise<TApiLogExport> {
  const { id } = await sqlOf(tx)
    .insertInto('apiLogExports')
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

export async function listApiLogExportsOf(db: Queryable, requestedBy: string, limit = 10): Promise<TApiLogExport[]> {
  return selectExports(db).where('requestedBy', '=', requestedBy).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Moves a pending (or, on a retried job, running) export to running; null when it was cancelled or ended. */
export async function claimApiLogExport(db: Queryable, id: string): Promise<ApiLogExportRun | null> {
  const row = await sqlOf(db)
    .updateTable('apiLogExports')
    .set({ status: 'running' })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'running'])
    .returning(['id', 'dataSegmentId', 'requestedBy', 'requestedByName', 'filters', DOWNLOAD_NAME.as('downloadName')])
    .executeTakeFirst();
  return row ? { ...row, filters: row.filters as StoredApiLogExportFilters } : null;
}

export async function isApiLogExportRunning(db: Queryable, id: string): Promise<boolean> {
  const row = await sqlOf(db).selectFrom('apiLogExports').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status === 'running';
}

export async function completeApiLogExport(tx: Queryable, id: string, fileName: string, entries: number): Promise<boolean> {
  const row = await sqlOf(tx)
    .updateTable('apiLogExports')
    .set({ status: 'completed', fileName, entries, finishedAt: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function failApiLogExport(db: Queryable, id: string, error: string): Promise<void> {
  await sqlOf(db)
    .updateTable('apiLogExports')
    .set({ status: 'failed', error: error.slice(0, 500), finishedAt: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'running'])
    .execute();
}

/** Cancels the requester's own pending or running export; its segment, or null when none matched. */
export async function cancelApiLogExport(
  tx: Queryable,
  id: string,
  requestedBy: string,
): Promise<{ id: string; dataSegmentId: string } | null> {
  const row = await sqlOf(tx)
    .updateTable('apiLogExports')
    .set({ status: 'cancelled', finishedAt: sql`now()` })
    .where('id', '=', id)
    .where('requestedBy', '=', requestedBy)
    .where('status', 'in', ['pending', 'running'])
    .returning(['id', 'dataSegmentId'])
    .executeTakeFirst();
  return row ?? null;
}
