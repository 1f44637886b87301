import { sql } from 'kysely';
import type { TBulkUpload } from '@sanad/contracts/bulk-onboarding';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';

/** What the import job needs to know of an upload, beyond what the progress shows. */
export interface BulkUploadJob extends TBulkUpload {
  createdBy: string | null;
  createdByName: string;
  maySeeCustomers: boolean;
  requestIp: string;
}

function selectUploads(db: Queryable) {
  return sqlOf(db)
    .selectFrom('bulkUploads')
    .select([
      'id as _id',
      'dataSegmentId',
      'fileName',
      'originalName',
      'status',
      'totalRows',
      'processedRows',
      'acceptedRows',
      'refusedRows',
      'errorFileName',
      'failureReason',
      'createdAt',
      'finishedAt',
    ]);
}

export async function insertBulkUpload(
  tx: Queryable,
  input: {
    dataSegmentId: string;
    fileName: string;
    originalName: string;
    createdBy: string;
    createdByName: string;
    maySeeCustomers: boolean;
    requestIp: string;
  },
): Promise<TBulkUpload> {
  const { id } = await sqlOf(tx).insertInto('bulkUploads').values(input).returning('id').executeTakeFirstOrThrow();
  return selectUploads(tx).where('id', '=', id).executeTakeFirstOrThrow();
}

/** Whether the segment has an upload queued or running (the unique index is the final word). */
export async function hasUploadInProcess(db: Queryable, dataSegmentId: string): Promise<boolean> {
  const row = await sqlOf(db)
    .selectFrom('bulkUploads')
    .select('id')
    .where('dataSegmentId', '=', dataSegmentId)
    .where('status', 'in', ['queued', 'processing'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The segment's latest upload; with isRunningOnly, only one queued or running. */
export async function latestBulkUpload(db: Queryable, dataSegmentId: string, isRunningOnly: boolean): Promise<TBulkUpload | null> {
  let query = selectUploads(db).where('dataSegmentId', '=', dataSegmentId);
  if (isRunningOnly) query = query.where('status', 'in', ['queued', 'processing']);
  return (await query.orderBy('createdAt', 'desc').limit(1).executeTakeFirst()) ?? null;
}

export async function getBulkUploadJob(db: Queryable, id: string): Promise<BulkUploadJob | null> {
  const row = await selectUploads(db)
    .select(['createdBy', 'createdByName', 'maySeeCustomers', 'requestIp'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** The upload locked until the transaction ends: two runs of one upload complete it once. */
export async function lockBulkUpload(tx: Queryable, id: string): Promise<{ status: TBulkUpload['status'] } | null> {
  return (await sqlOf(tx).selectFrom('bulkUploads').select('status').where('id', '=', id).forUpdate().executeTakeFirst()) ?? null;
}

/** Counts one more run of the upload's job and answers which run this is (1 for the first). */
export async function countAttempt(db: Queryable, id: string): Promise<number> {
  const row = await sqlOf(db)
    .updateTable('bulkUploads')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts ?? 0;
}

export async function markProcessing(db: Queryable, id: string, totalRows: number): Promise<void> {
  await sqlOf(db)
    .updateTable('bulkUploads')
    .set({ status: 'processing', totalRows })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'processing'])
    .execute();
}

/** The row numbers of the upload already done (created or refused). */
export async function doneRowNumbers(db: Queryable, id: string): Promise<Set<number>> {
  const rows = await sqlOf(db).selectFrom('bulkUploadRows').select('rowNumber').where('bulkUploadId', '=', id).execute();
  return new Set(rows.map((row) => row.rowNumber));
}

export type BulkRowOutcome =
  | { rowNumber: number; outcome: 'created'; customerId: string }
  | { rowNumber: number; outcome: 'refused'; reason: string; cells: Record<string, string> };

/**
 * Records the outcome of a chunk's rows in one statement, in the chunk's transaction (with its
 * customers); a row already recorded (a run that replays it after a crash) is left as it is.
 */
export async function recordRows(tx: Queryable, bulkUploadId: string, rows: readonly BulkRowOutcome[]): Promise<void> {
  if (rows.length === 0) return;
  await sqlOf(tx)
    .insertInto('bulkUploadRows')
    .values(
      rows.map((row) => ({
        bulkUploadId,
        rowNumber: row.rowNumber,
        outcome: row.outcome,
        customerId: row.outcome === 'created' ? row.customerId : null,
        reason: row.outcome === 'refused' ? row.reason : null,
        cells: row.outcome === 'refused' ? JSON.stringify(row.cells) : null,
      })),
    )
    .onConflict((conflict) => conflict.columns(['bulkUploadId', 'rowNumber']).doNothing())
    .execute();
}

/** The progress checkpoint: rows done so far, counted from the rows table. */
export async function checkpointProgress(db: Queryable, id: string): Promise<void> {
  await sql`
    update bulk_uploads u
       set processed_rows = c.done, accepted_rows = c.created, refused_rows = c.refused
      from (select count(*)::int as done,
                   count(*) filter (where outcome = 'created')::int as created,
                   count(*) filter (where outcome = 'refused')::int as refused
              from bulk_upload_rows where bulk_upload_id = ${id}) c
     where u.id = ${id} and u.status = 'processing'`.execute(sqlOf(db));
}

export async function refusedRows(
  db: Queryable,
  id: string,
): Promise<{ rowNumber: number; reason: string; cells: Record<string, string> }[]> {
  const rows = await sqlOf(db)
    .selectFrom('bulkUploadRows')
    .select(['rowNumber', 'reason', 'cells'])
    .where('bulkUploadId', '=', id)
    .where('outcome', '=', 'refused')
    .orderBy('rowNumber')
    .execute();
  return rows.map((row) => ({ rowNumber: row.rowNumber, reason: row.reason ?? '', cells: (row.cells ?? {}) as Record<string, string> }));
}

export async function completeBulkUpload(tx: Queryable, id: string, errorFileName: string | null): Promise<TBulkUpload> {
  await checkpointProgress(tx, id);
  await sqlOf(tx)
    .updateTable('bulkUploads')
    .set({ status: 'completed', errorFileName, finishedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
  return selectUploads(tx).where('id', '=', id).executeTakeFirstOrThrow();
}

/** Refuses the whole file (unreadable, unknown columns); an upload another run completed stays completed. */
export async function failBulkUpload(db: Queryable, id: string, reason: string): Promise<void> {
  await sqlOf(db)
    .updateTable('bulkUploads')
    .set({ status: 'failed', failureReason: reason, finishedAt: sql`now()` })
    .where('id', '=', id)
    .where('status', '<>', 'completed')
    .execute();
}

/** Whether a bulk error file belongs to an upload of one of these segments. */
export async function errorFileSegment(db: Queryable, errorFileName: string): Promise<string | null> {
  const row = await sqlOf(db)
    .selectFrom('bulkUploads')
    .select('dataSegmentId')
    .where('errorFileName', '=', errorFileName)
    .executeTakeFirst();
  return row?.dataSegmentId ?? null;
}

/**
 * Has PostgreSQL read the customers table's statistics again. An import grows the table faster than
 * autovacuum reads them (and an installation may run with autovacuum off): planned on the statistics
 * of a much smaller table, each chunk's duplicate checks read the whole segment instead of their index.
 */
export async function refreshCustomerStatistics(db: Queryable): Promise<void> {
  await sql`analyze customers`.execute(sqlOf(db));
}
