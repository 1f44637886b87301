import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';
import type { TenantScope } from '../../platform/tenancy/scope';
import { segmentCondition } from '../../platform/tenancy/scope';

export interface ListImportRow {
  id: string;
  data_segment_id: string;
  kind: 'full' | 'delta';
  format: string;
  file_name: string;
  list_id: string | null;
  status: 'queued' | 'processing' | 'completed' | 'failed';
  percentage: number;
  error_row: number | null;
  error_reason: string | null;
  warning_count: number;
  version_id: string | null;
  created_by: string | null;
  created_at: Date;
  finished_at: Date | null;
  list_key: string | null;
  version_no: number | null;
}

const SELECT = `select i.id, i.data_segment_id, i.kind, i.format, i.file_name, i.list_id, i.status, i.percentage, i.error_row, i.error_reason,
       i.warning_count, i.version_id, i.created_by, i.created_at, i.finished_at, l.key as list_key, v.version_no
  from list_imports i left join watch_lists l on l.id = i.list_id left join list_versions v on v.id = i.version_id`;

export async function insertListImport(
  tx: Queryable,
  input: { dataSegmentId: string; kind: 'full' | 'delta'; format: string; fileName: string; createdBy: string },
): Promise<string> {
  const row = await queryOne<{ id: string }>(
    tx,
    'insert into list_imports (data_segment_id, kind, format, file_name, created_by) values ($1, $2, $3, $4, $5) returning id',
    [input.dataSegmentId, input.kind, input.format, input.fileName, input.createdBy],
  );
  if (!row) throw new Error('list import insert returned nothing');
  return row.id;
}

export async function getListImport(db: Queryable, id: string): Promise<ListImportRow | null> {
  return queryOne<ListImportRow>(db, `${SELECT} where i.id = $1`, [id]);
}

export async function getListImportInScope(db: Queryable, scope: TenantScope, id: string): Promise<ListImportRow | null> {
  const params: unknown[] = [id];
  const condition = segmentCondition(scope, 'i.data_segment_id', params);
  return queryOne<ListImportRow>(db, `${SELECT} where i.id = $1 and ${condition}`, params);
}

export async function listRecentImports(db: Queryable, dataSegmentId: string, limit = 20): Promise<ListImportRow[]> {
  const result = await db.query<ListImportRow>(`${SELECT} where i.data_segment_id = $1 order by i.created_at desc limit $2`, [
    dataSegmentId,
    limit,
  ]);
  return result.rows;
}

/** Whether the segment has an import queued or running: a second one is refused meanwhile. */
export async function hasImportInProgress(db: Queryable, dataSegmentId: string): Promise<boolean> {
  const row = await queryOne<{ busy: boolean }>(
    db,
    `select exists (select 1 from list_imports where data_segment_id = $1 and status in ('queued', 'processing')
                      and created_at > now() - interval '2 hours') as busy`,
    [dataSegmentId],
  );
  return row?.busy ?? false;
}

export async function markImport(
  db: Queryable,
  id: string,
  change: {
    status?: ListImportRow['status'];
    percentage?: number;
    errorRow?: number | null;
    errorReason?: string | null;
    listId?: string;
    versionId?: string | null;
    warningCount?: number;
  },
): Promise<void> {
  await db.query(
    `update list_imports set
        status = coalesce($2, status),
        percentage = coalesce($3, percentage),
        error_row = case when $4::boolean then $5 else error_row end,
        error_reason = case when $4::boolean then $6 else error_reason end,
        list_id = coalesce($7, list_id),
        version_id = coalesce($8, version_id),
        warning_count = coalesce($9, warning_count),
        finished_at = case when coalesce($2, status) in ('completed', 'failed') then now() else finished_at end
      where id = $1`,
    [
      id,
      change.status ?? null,
      change.percentage ?? null,
      change.errorReason !== undefined,
      change.errorRow ?? null,
      change.errorReason ?? null,
      change.listId ?? null,
      change.versionId ?? null,
      change.warningCount ?? null,
    ],
  );
}
