import type { LogExportStatus, TSystemLogFilters } from '@sanad/contracts/system-logs';
import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';

/** What an export needs to run again exactly as requested: the filters and the requester's scope then. */
export interface StoredExportFilters extends TSystemLogFilters {
  timezoneOffset: number;
  scope: { all: boolean; ids: string[] };
  onlySegment: string | null;
}

export interface LogExportRow {
  id: string;
  data_segment_id: string;
  requested_by: string;
  filters: StoredExportFilters;
  status: LogExportStatus;
  file_name: string | null;
  entries: number | null;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

const COLUMNS = 'id, data_segment_id, requested_by, filters, status, file_name, entries, error, created_at, finished_at';

export async function insertLogExport(
  db: Queryable,
  input: { dataSegmentId: string; requestedBy: string; filters: StoredExportFilters },
): Promise<LogExportRow> {
  const row = await queryOne<LogExportRow>(
    db,
    `insert into system_log_exports (data_segment_id, requested_by, filters) values ($1, $2, $3::jsonb) returning ${COLUMNS}`,
    [input.dataSegmentId, input.requestedBy, JSON.stringify(input.filters)],
  );
  if (!row) throw new Error('export insert returned nothing');
  return row;
}

export async function getLogExport(db: Queryable, id: string): Promise<LogExportRow | null> {
  return queryOne<LogExportRow>(db, `select ${COLUMNS} from system_log_exports where id = $1`, [id]);
}

export async function listLogExportsOf(db: Queryable, requestedBy: string, limit = 10): Promise<LogExportRow[]> {
  const result = await db.query<LogExportRow>(
    `select ${COLUMNS} from system_log_exports where requested_by = $1 order by created_at desc, id desc limit $2`,
    [requestedBy, limit],
  );
  return result.rows;
}

/** Moves a pending (or, on a retried job, running) export to running; null when it was cancelled or ended. */
export async function claimLogExport(db: Queryable, id: string): Promise<LogExportRow | null> {
  return queryOne<LogExportRow>(
    db,
    `update system_log_exports set status = 'running' where id = $1 and status in ('pending', 'running') returning ${COLUMNS}`,
    [id],
  );
}

export async function isLogExportRunning(db: Queryable, id: string): Promise<boolean> {
  const row = await queryOne<{ status: string }>(db, 'select status from system_log_exports where id = $1', [id]);
  return row?.status === 'running';
}

/** Completes a running export; false when it was cancelled meanwhile, so the caller drops its file. */
export async function completeLogExport(db: Queryable, id: string, fileName: string, entries: number): Promise<boolean> {
  const row = await queryOne<{ id: string }>(
    db,
    `update system_log_exports set status = 'completed', file_name = $2, entries = $3, finished_at = now()
      where id = $1 and status = 'running' returning id`,
    [id, fileName, entries],
  );
  return row !== null;
}

export async function failLogExport(db: Queryable, id: string, error: string): Promise<void> {
  await db.query(
    `update system_log_exports set status = 'failed', error = $2, finished_at = now() where id = $1 and status in ('pending', 'running')`,
    [id, error.slice(0, 500)],
  );
}

/** Cancels the requester's own pending or running export; the row as it was, or null when none matched. */
export async function cancelLogExport(db: Queryable, id: string, requestedBy: string): Promise<LogExportRow | null> {
  return queryOne<LogExportRow>(
    db,
    `update system_log_exports set status = 'cancelled', finished_at = now()
      where id = $1 and requested_by = $2 and status in ('pending', 'running') returning ${COLUMNS}`,
    [id, requestedBy],
  );
}
