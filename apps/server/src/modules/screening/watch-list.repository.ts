import type { WatchlistEntity } from '@sanad/screening/model';
import type { ListVersion } from '@sanad/screening/versions/list-version';
import type { ReferenceLists } from '@sanad/screening/importers/import-result';
import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';
import type { TenantScope } from '../../platform/tenancy/scope';
import { segmentCondition } from '../../platform/tenancy/scope';

export interface WatchListRow {
  id: string;
  key: string;
  data_segment_id: string | null;
  title: string;
  format: string;
  publisher: string;
  status: 'active' | 'archived';
  current_version_id: string | null;
}

export interface VersionRow {
  id: string;
  list_id: string;
  version_no: number;
  as_of: string | null;
  source: string;
  file_name: string | null;
  entity_count: number;
  content_hash: string;
  added_count: number;
  changed_count: number;
  removed_count: number;
  created_at: Date;
}

const CHUNK = 2000;

export async function findWatchList(db: Queryable, key: string, dataSegmentId: string | null): Promise<WatchListRow | null> {
  return queryOne<WatchListRow>(
    db,
    `select id, key, data_segment_id, title, format, publisher, status, current_version_id from watch_lists
      where key = $1 and data_segment_id is not distinct from $2::uuid`,
    [key, dataSegmentId],
  );
}

export async function getWatchList(db: Queryable, id: string): Promise<WatchListRow | null> {
  return queryOne<WatchListRow>(
    db,
    'select id, key, data_segment_id, title, format, publisher, status, current_version_id from watch_lists where id = $1',
    [id],
  );
}

export async function ensureWatchList(
  tx: Queryable,
  input: { key: string; dataSegmentId: string | null; title: string; format: string; publisher?: string },
): Promise<WatchListRow> {
  const existing = await findWatchList(tx, input.key, input.dataSegmentId);
  if (existing) return existing;
  const row = await queryOne<WatchListRow>(
    tx,
    `insert into watch_lists (key, data_segment_id, title, format, publisher) values ($1, $2, $3, $4, $5)
     returning id, key, data_segment_id, title, format, publisher, status, current_version_id`,
    [input.key, input.dataSegmentId, input.title, input.format, input.publisher ?? ''],
  );
  if (!row) throw new Error('watch list insert returned nothing');
  return row;
}

/** Entity hashes of a stored version, keyed by the list's own ids. */
export async function loadVersionHashes(db: Queryable, versionId: string): Promise<Map<string, string>> {
  const result = await db.query<{ entity_id: string; hash: string }>(
    'select entity_id, hash from list_version_entities where version_id = $1',
    [versionId],
  );
  return new Map(result.rows.map((row) => [row.entity_id, row.hash]));
}

export async function loadVersionEntities(db: Queryable, versionId: string): Promise<WatchlistEntity[]> {
  const result = await db.query<{ entity: WatchlistEntity }>(
    'select e.entity from list_version_entities v join screening_entities e on e.hash = v.hash where v.version_id = $1 order by v.entity_id',
    [versionId],
  );
  return result.rows.map((row) => row.entity);
}

/**
 * Stores a new version: the entities not yet stored (by content hash), the version row with its
 * change counts, the version's membership, and moves the list to it. Runs in the caller's
 * transaction, so a failure leaves the previous version current and nothing half-stored.
 */
export async function insertListVersion(
  tx: Queryable,
  input: {
    listId: string;
    version: ListVersion;
    entities: readonly WatchlistEntity[];
    counts: { added: number; changed: number; removed: number };
    source: 'starter' | 'upload' | 'delta' | 'edit';
    fileName: string | null;
    importedBy: string | null;
  },
): Promise<VersionRow> {
  const byId = new Map(input.entities.map((entity) => [entity.id, entity]));
  const ids = [...input.version.entityHashes.keys()];
  for (let start = 0; start < ids.length; start += CHUNK) {
    const slice = ids.slice(start, start + CHUNK);
    await tx.query(
      `insert into screening_entities (hash, entity)
       select hash, entity::jsonb from unnest($1::text[], $2::text[]) as incoming (hash, entity)
       on conflict (hash) do nothing`,
      [slice.map((id) => input.version.entityHashes.get(id)), slice.map((id) => JSON.stringify(byId.get(id)))],
    );
  }
  const version = await queryOne<VersionRow>(
    tx,
    `insert into list_versions (list_id, version_no, as_of, source, file_name, entity_count, content_hash, added_count, changed_count, removed_count, imported_by)
     values ($1, coalesce((select max(version_no) from list_versions where list_id = $1), 0) + 1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     returning id, list_id, version_no, as_of, source, file_name, entity_count, content_hash, added_count, changed_count, removed_count, created_at`,
    [
      input.listId,
      input.version.asOf ?? null,
      input.source,
      input.fileName,
      input.version.entityCount,
      input.version.contentHash,
      input.counts.added,
      input.counts.changed,
      input.counts.removed,
      input.importedBy,
    ],
  );
  if (!version) throw new Error('list version insert returned nothing');
  for (let start = 0; start < ids.length; start += CHUNK) {
    const slice = ids.slice(start, start + CHUNK);
    await tx.query(
      `insert into list_version_entities (version_id, entity_id, hash)
       select $1, entity_id, hash from unnest($2::text[], $3::text[]) as incoming (entity_id, hash)`,
      [version.id, slice, slice.map((id) => input.version.entityHashes.get(id))],
    );
  }
  await tx.query('update watch_lists set current_version_id = $2, updated_at = now() where id = $1', [input.listId, version.id]);
  return version;
}

export async function replaceReferences(tx: Queryable, listId: string, references: ReferenceLists): Promise<void> {
  await tx.query('delete from screening_references where list_id = $1', [listId]);
  for (const [page, entries] of Object.entries(references)) {
    for (let start = 0; start < entries.length; start += CHUNK) {
      const slice = entries.slice(start, start + CHUNK);
      await tx.query(
        `insert into screening_references (list_id, page, code, name, parent_code, record_type, attributes)
         select $1, $2, code, name, parent_code, record_type, attributes::jsonb
           from unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) as incoming (code, name, parent_code, record_type, attributes)
         on conflict (list_id, page, code) do update set name = excluded.name`,
        [
          listId,
          page,
          slice.map((entry) => entry.code),
          slice.map((entry) => entry.name),
          slice.map((entry) => entry.parentCode ?? null),
          slice.map((entry) => entry.recordType ?? null),
          slice.map((entry) => JSON.stringify(entry.attributes ?? {})),
        ],
      );
    }
  }
}

export interface ScreenableList {
  id: string;
  key: string;
  data_segment_id: string | null;
  current_version_id: string;
}

/** Lists with a current version: the shared ones and every segment's own (the index holds all of them). */
export async function listScreenableLists(db: Queryable): Promise<ScreenableList[]> {
  const result = await db.query<ScreenableList>(
    `select id, key, data_segment_id, current_version_id from watch_lists
      where status = 'active' and current_version_id is not null order by key, id`,
  );
  return result.rows;
}

/** The list ids a segment screens against: active shared lists it has not switched off, and its own. */
export async function activeListIdsForSegment(db: Queryable, dataSegmentId: string): Promise<string[]> {
  const result = await db.query<{ id: string }>(
    `select l.id from watch_lists l
       left join segment_watch_lists s on s.list_id = l.id and s.data_segment_id = $1
      where l.status = 'active' and l.current_version_id is not null
        and (l.data_segment_id = $1 or (l.data_segment_id is null and coalesce(s.is_active, true)))`,
    [dataSegmentId],
  );
  return result.rows.map((row) => row.id);
}

export interface ListOverviewRow extends WatchListRow {
  is_active: boolean;
  version_no: number | null;
  as_of: string | null;
  entity_count: number | null;
  version_created_at: Date | null;
  total: number;
}

/** The lists a segment sees (shared ones and its own), with their current version, for the screening-list page. */
export async function listWatchListsForSegment(db: Queryable, scope: TenantScope, dataSegmentId: string): Promise<ListOverviewRow[]> {
  const params: unknown[] = [dataSegmentId];
  const owned = segmentCondition(scope, 'l.data_segment_id', params);
  const result = await db.query<ListOverviewRow>(
    `select l.id, l.key, l.data_segment_id, l.title, l.format, l.publisher, l.status, l.current_version_id,
            coalesce(s.is_active, true) as is_active, v.version_no, v.as_of, v.entity_count, v.created_at as version_created_at,
            count(*) over ()::int as total
       from watch_lists l
       left join segment_watch_lists s on s.list_id = l.id and s.data_segment_id = $1
       left join list_versions v on v.id = l.current_version_id
      where l.data_segment_id is null or (l.data_segment_id = $1 and ${owned})
      order by l.data_segment_id nulls first, l.title`,
    params,
  );
  return result.rows;
}

export async function setSegmentListActive(tx: Queryable, dataSegmentId: string, listId: string, isActive: boolean): Promise<void> {
  await tx.query(
    `insert into segment_watch_lists (data_segment_id, list_id, is_active) values ($1, $2, $3)
     on conflict (data_segment_id, list_id) do update set is_active = excluded.is_active`,
    [dataSegmentId, listId, isActive],
  );
}

export async function listVersions(db: Queryable, listId: string): Promise<VersionRow[]> {
  const result = await db.query<VersionRow>(
    `select id, list_id, version_no, as_of, source, file_name, entity_count, content_hash, added_count, changed_count, removed_count, created_at
       from list_versions where list_id = $1 order by version_no desc`,
    [listId],
  );
  return result.rows;
}

export async function getVersion(db: Queryable, versionId: string): Promise<VersionRow | null> {
  return queryOne<VersionRow>(
    db,
    `select id, list_id, version_no, as_of, source, file_name, entity_count, content_hash, added_count, changed_count, removed_count, created_at
       from list_versions where id = $1`,
    [versionId],
  );
}
