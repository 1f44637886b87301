import { sql } from 'kysely';
import type { TListImport } from '@sanad/contracts/screening';
import type { Queryable } from '../../platform/db/database';
import { inSegments } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import { isUuid } from '../../platform/http/id-params';
import type { TenantScope } from '../../platform/tenancy/scope';

export type ListImportStatus = TListImport['status'];

/** What the import job needs to know of an import. */
export interface ListImportJob {
  id: string;
  dataSegmentId: string;
  kind: 'full' | 'delta';
  format: string;
  fileName: string;
  status: ListImportStatus;
  createdBy: string | null;
  mayRefreshShared: boolean;
}

/** Imports as the import panel and the recent-imports table show them (TListImport). */
function selectImports(db: Queryable) {
  return sqlOf(db)
    .selectFrom('listImports as i')
    .leftJoin('watchLists as l', 'l.id', 'i.listId')
    .leftJoin('listVersions as v', 'v.id', 'i.versionId')
    .select([
      'i.id as _id',
      'i.kind',
      'i.format',
      'i.status',
      'i.percentage',
      'i.errorRow',
      'i.errorReason',
      'i.warningCount',
      'l.key as listKey',
      'v.versionNo',
      'i.createdAt',
      'i.finishedAt',
    ]);
}

export async function insertListImport(
  tx: Queryable,
  input: { dataSegmentId: string; kind: 'full' | 'delta'; format: string; fileName: string; createdBy: string; mayRefreshShared: boolean },
): Promise<string> {
  const row = await sqlOf(tx)
    .insertInto('listImports')
    .values({
      dataSegmentId: input.dataSegmentId,
      kind: input.kind,
      format: input.format,
      fileName: input.fileName,
      createdBy: input.createdBy,
      mayRefreshShared: input.mayRefreshShared,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function getListImport(db: Queryable, id: string): Promise<TListImport | null> {
  return (await selectImports(db).where('i.id', '=', id).executeTakeFirst()) ?? null;
}

export async function getListImportInScope(db: Queryable, scope: TenantScope, id: string): Promise<TListImport | null> {
  if (!isUuid(id)) return null;
  return (await selectImports(db).where('i.id', '=', id).where(inSegments('i.dataSegmentId', scope)).executeTakeFirst()) ?? null;
}

export async function listRecentImports(db: Queryable, dataSegmentId: string, limit = 20): Promise<TListImport[]> {
  return selectImports(db).where('i.dataSegmentId', '=', dataSegmentId).orderBy('i.createdAt', 'desc').limit(limit).execute();
}

const JOB_COLUMNS = ['id', 'dataSegmentId', 'kind', 'format', 'fileName', 'status', 'createdBy', 'mayRefreshShared'] as const;

export async function getListImportJob(db: Queryable, id: string): Promise<ListImportJob | null> {
  return (await sqlOf(db).selectFrom('listImports').select(JOB_COLUMNS).where('id', '=', id).executeTakeFirst()) ?? null;
}

/**
 * The import, locked until the transaction ends: two runs of the same import (a job taken back
 * after a crash while the first still finishes) store its version once, the second sees it done.
 */
export async function lockListImport(tx: Queryable, id: string): Promise<ListImportJob | null> {
  return (await sqlOf(tx).selectFrom('listImports').select(JOB_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst()) ?? null;
}

/** Whether the segment has an import queued or running: a second one is refused meanwhile. */
export async function hasImportInProgress(db: Queryable, dataSegmentId: string): Promise<boolean> {
  const row = await sqlOf(db)
    .selectFrom('listImports')
    .select('id')
    .where('dataSegmentId', '=', dataSegmentId)
    .where('status', 'in', ['queued', 'processing'])
    .where('createdAt', '>', sql<string>`now() - interval '2 hours'`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Progress of a running import; an import already finished is left as it is. */
export async function markImportProgress(db: Queryable, id: string, percentage: number): Promise<void> {
  await sqlOf(db)
    .updateTable('listImports')
    .set({ status: 'processing', percentage })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'processing'])
    .execute();
}

export async function completeListImport(
  tx: Queryable,
  id: string,
  outcome: { listId: string | null; versionId: string | null; warningCount: number },
): Promise<void> {
  await sqlOf(tx)
    .updateTable('listImports')
    .set({
      status: 'completed',
      percentage: 100,
      listId: outcome.listId,
      versionId: outcome.versionId,
      warningCount: outcome.warningCount,
      finishedAt: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** Refuses an import with the row and reason; an import another run completed stays completed. */
export async function failListImport(db: Queryable, id: string, failure: { row: number | null; reason: string }): Promise<void> {
  await sqlOf(db)
    .updateTable('listImports')
    .set({ status: 'failed', errorRow: failure.row, errorReason: failure.reason, finishedAt: sql`now()` })
    .where('id', '=', id)
    .where('status', '<>', 'completed')
    .execute();
}
