import { sql } from 'kysely';
import type { Queryable } from '../db/database';
import { sqlOf } from '../db/query-builder';

/** The rows of stored files and of the data keys that seal them. */

export interface FileRow {
  fileName: string;
  originalName: string;
  contentType: string;
  sizeBytes: number;
  folder: string;
  dataSegmentId: string | null;
  keyId: string;
  createdBy: string | null;
  onboardingLinkId: string | null;
  encryption: 'whole' | 'chunked';
  createdAt: string;
}

const FILE_COLUMNS = [
  'fileName',
  'originalName',
  'contentType',
  'sizeBytes',
  'folder',
  'dataSegmentId',
  'keyId',
  'createdBy',
  'onboardingLinkId',
  sql<'whole' | 'chunked'>`encryption`.as('encryption'),
  'createdAt',
] as const;

/** The wrapped key of `keyId`, creating it first when it does not exist (two processes may race: the first insert wins). */
export async function ensureWrappedKey(db: Queryable, keyId: string, fresh: string): Promise<string> {
  await sqlOf(db)
    .insertInto('dataKeys')
    .values({ keyId, wrappedKey: fresh })
    .onConflict((conflict) => conflict.column('keyId').doNothing())
    .execute();
  const row = await sqlOf(db).selectFrom('dataKeys').select('wrappedKey').where('keyId', '=', keyId).executeTakeFirst();
  if (!row) throw new Error(`data key ${keyId} vanished`);
  return row.wrappedKey;
}

export async function findFile(db: Queryable, fileName: string): Promise<FileRow | null> {
  return (await sqlOf(db).selectFrom('files').select(FILE_COLUMNS).where('fileName', '=', fileName).executeTakeFirst()) ?? null;
}

export interface NewFileRow {
  fileName: string;
  originalName: string;
  contentType: string;
  sizeBytes: number;
  folder: string;
  dataSegmentId: string | null;
  keyId: string;
  createdBy: string | null;
  onboardingLinkId: string | null;
  encryption: 'whole' | 'chunked';
}

export async function insertFile(tx: Queryable, row: NewFileRow): Promise<FileRow> {
  return sqlOf(tx).insertInto('files').values(row).returning(FILE_COLUMNS).executeTakeFirstOrThrow();
}

/** Moves a file from one folder to another when it is still in the first; answers whether it moved. */
export async function moveFileFolder(tx: Queryable, fileName: string, from: string, to: string): Promise<boolean> {
  const moved = await sqlOf(tx)
    .updateTable('files')
    .set({ folder: to })
    .where('fileName', '=', fileName)
    .where('folder', '=', from)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}

export async function deleteFileRow(db: Queryable, fileName: string): Promise<void> {
  await sqlOf(db).deleteFrom('files').where('fileName', '=', fileName).execute();
}

/**
 * Up to `limit` files of a folder stored before `olderThan`, oldest first, locked for the caller's
 * transaction; rows another transaction holds (a save moving a draft) are skipped, not waited for.
 */
export async function lockStaleFiles(tx: Queryable, folder: string, olderThan: Date, limit: number): Promise<FileRow[]> {
  return sqlOf(tx)
    .selectFrom('files')
    .select(FILE_COLUMNS)
    .where('folder', '=', folder)
    .where('createdAt', '<', olderThan.toISOString())
    .orderBy('createdAt')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function deleteFileRows(tx: Queryable, fileNames: readonly string[]): Promise<void> {
  if (fileNames.length > 0) await sqlOf(tx).deleteFrom('files').where('fileName', 'in', fileNames).execute();
}

/**
 * Bytes of files a segment keeps, read after taking the segment's storage lock: concurrent uploads
 * into one segment check the quota one after the other, so together they cannot exceed it.
 */
export async function lockedSegmentUsage(tx: Queryable, dataSegmentId: string): Promise<number> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`files:${dataSegmentId}`}, 0))`.execute(sqlOf(tx));
  return segmentUsage(tx, dataSegmentId);
}

export async function segmentUsage(db: Queryable, dataSegmentId: string): Promise<number> {
  const row = await sqlOf(db)
    .selectFrom('files')
    .select(sql<string>`coalesce(sum(size_bytes), 0)::bigint`.as('used'))
    .where('dataSegmentId', '=', dataSegmentId)
    .executeTakeFirstOrThrow();
  return Number(row.used);
}
