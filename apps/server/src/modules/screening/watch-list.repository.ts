import { sql } from 'kysely';
import type { TListVersion } from '@sanad/contracts/screening';
import type { WatchlistEntity } from '@sanad/screening/model';
import type { ListVersion } from '@sanad/screening/versions/list-version';
import type { Queryable } from '../../platform/db/database';
import { inSegments } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import type { TenantScope } from '../../platform/tenancy/scope';

export const LISTS_CHANGED_CHANNEL = 'sanad_screening_lists';

export interface WatchListRow {
  id: string;
  key: string;
  dataSegmentId: string | null;
  title: string;
  format: string;
  publisher: string;
  status: 'active' | 'archived';
  currentVersionId: string | null;
}

export interface VersionRow {
  id: string;
  listId: string;
  versionNo: number;
  contentHash: string;
}

export type VersionSource = 'starter' | 'upload' | 'delta' | 'edit';

const CHUNK = 2000;

const WATCH_LIST_COLUMNS = ['id', 'key', 'dataSegmentId', 'title', 'format', 'publisher', 'status', 'currentVersionId'] as const;

export async function findWatchList(db: Queryable, key: string, dataSegmentId: string | null): Promise<WatchListRow | null> {
  const row = await sqlOf(db)
    .selectFrom('watchLists')
    .select(WATCH_LIST_COLUMNS)
    .where('key', '=', key)
    .where(sql<boolean>`data_segment_id is not distinct from ${dataSegmentId}::uuid`)
    .executeTakeFirst();
  return row ?? null;
}

export async function getWatchList(db: Queryable, id: string): Promise<WatchListRow | null> {
  return (await sqlOf(db).selectFrom('watchLists').select(WATCH_LIST_COLUMNS).where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function ensureWatchList(
  tx: Queryable,
  input: { key: string; dataSegmentId: string | null; title: string; format: string; publisher?: string },
): Promise<WatchListRow> {
  const existing = await findWatchList(tx, input.key, input.dataSegmentId);
  if (existing) return existing;
  return sqlOf(tx)
    .insertInto('watchLists')
    .values({
      key: input.key,
      dataSegmentId: input.dataSegmentId,
      title: input.title,
      format: input.format,
      publisher: input.publisher ?? '',
    })
    .returning(WATCH_LIST_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Whether any list is shared by every segment yet (the starter bundle loads them on the first start). */
export async function hasSharedLists(db: Queryable): Promise<boolean> {
  const row = await sqlOf(db).selectFrom('watchLists').select('id').where('dataSegmentId', 'is', null).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Entity hashes of a stored version, keyed by the list's own ids. */
export async function loadVersionHashes(db: Queryable, versionId: string): Promise<Map<string, string>> {
  const rows = await sqlOf(db).selectFrom('listVersionEntities').select(['entityId', 'hash']).where('versionId', '=', versionId).execute();
  return new Map(rows.map((row) => [row.entityId, row.hash]));
}

export async function loadVersionEntities(db: Queryable, versionId: string): Promise<WatchlistEntity[]> {
  const rows = await sqlOf(db)
    .selectFrom('listVersionEntities as v')
    .innerJoin('screeningEntities as e', 'e.hash', 'v.hash')
    .select(sql<WatchlistEntity>`e.entity`.as('entity'))
    .where('v.versionId', '=', versionId)
    .orderBy('v.entityId')
    .execute();
  return rows.map((row) => row.entity);
}

export async function getVersion(db: Queryable, versionId: string): Promise<VersionRow | null> {
  const row = await sqlOf(db)
    .selectFrom('listVersions')
    .select(['id', 'listId', 'versionNo', 'contentHash'])
    .where('id', '=', versionId)
    .executeTakeFirst();
  return row ?? null;
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
    source: VersionSource;
    fileName: string | null;
    importedBy: string | null;
  },
): Promise<VersionRow> {
  const db = sqlOf(tx);
  const byId = new Map(input.entities.map((entity) => [entity.id, entity]));
  const ids = [...input.version.entityHashes.keys()];
  const hashOf = (id: string) => input.version.entityHashes.get(id) ?? '';
  for (let start = 0; start < ids.length; start += CHUNK) {
    const slice = ids.slice(start, start + CHUNK);
    await sql`insert into screening_entities (hash, entity)
      select hash, entity::jsonb from unnest(${slice.map(hashOf)}::text[], ${slice.map((id) => JSON.stringify(byId.get(id)))}::text[]) as incoming (hash, entity)
      on conflict (hash) do nothing`.execute(db);
  }
  const version = await db
    .insertInto('listVersions')
    .values({
      listId: input.listId,
      versionNo: sql<number>`coalesce((select max(version_no) from list_versions where list_id = ${input.listId}), 0) + 1`,
      asOf: input.version.asOf ?? null,
      source: input.source,
      fileName: input.fileName,
      entityCount: input.version.entityCount,
      contentHash: input.version.contentHash,
      addedCount: input.counts.added,
      changedCount: input.counts.changed,
      removedCount: input.counts.removed,
      importedBy: input.importedBy,
    })
    .returning(['id', 'listId', 'versionNo', 'contentHash'])
    .executeTakeFirstOrThrow();
  for (let start = 0; start < ids.length; start += CHUNK) {
    const slice = ids.slice(start, start + CHUNK);
    await sql`insert into list_version_entities (version_id, entity_id, hash)
      select ${version.id}, entity_id, hash from unnest(${slice}::text[], ${slice.map(hashOf)}::text[]) as incoming (entity_id, hash)`.execute(
      db,
    );
  }
  await db
    .updateTable('watchLists')
    .set({ currentVersionId: version.id, updatedAt: sql`now()` })
    .where('id', '=', input.listId)
    .execute();
  return version;
}

export interface ScreenableList {
  id: string;
  key: string;
  dataSegmentId: string | null;
  title: string;
  currentVersionId: string;
}

/** The publisher of each list key a segment screens against (its own list of a key before a shared one). */
export async function listPublishers(db: Queryable, dataSegmentId: string, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await sqlOf(db)
    .selectFrom('watchLists')
    .select(['key', 'publisher', 'dataSegmentId'])
    .where('key', 'in', [...keys])
    .where((eb) => eb.or([eb('dataSegmentId', 'is', null), eb('dataSegmentId', '=', dataSegmentId)]))
    .execute();
  const publishers = new Map<string, string>();
  for (const row of rows.toSorted((a, b) => Number(a.dataSegmentId === null) - Number(b.dataSegmentId === null)))
    if (!publishers.has(row.key)) publishers.set(row.key, row.publisher);
  return publishers;
}

/** Lists with a current version: the shared ones and every segment's own (the index holds all of them). */
export async function listScreenableLists(db: Queryable): Promise<ScreenableList[]> {
  const rows = await sqlOf(db)
    .selectFrom('watchLists')
    .select(['id', 'key', 'dataSegmentId', 'title', sql<string>`current_version_id`.as('currentVersionId')])
    .where('status', '=', 'active')
    .where('currentVersionId', 'is not', null)
    .orderBy('key')
    .orderBy('id')
    .execute();
  return rows;
}

/**
 * A shared list the segment holds its own copy of (the same key): the copy replaces it for the
 * segment, so the list is neither screened twice nor shown twice.
 */
const replacedForSegment = (dataSegmentId: string) =>
  sql<boolean>`exists (select 1 from watch_lists own where own.key = l.key and own.data_segment_id = ${dataSegmentId}::uuid)`;

/** The list ids a segment screens against: its own active lists, and the shared ones it has neither switched off nor replaced. */
export async function activeListIdsForSegment(db: Queryable, dataSegmentId: string): Promise<string[]> {
  const rows = await sqlOf(db)
    .selectFrom('watchLists as l')
    .leftJoin('segmentWatchLists as s', (join) => join.onRef('s.listId', '=', 'l.id').on('s.dataSegmentId', '=', dataSegmentId))
    .select('l.id')
    .where('l.status', '=', 'active')
    .where('l.currentVersionId', 'is not', null)
    .where(sql<boolean>`coalesce(s.is_active, true)`)
    .where((eb) =>
      eb.or([
        eb('l.dataSegmentId', '=', dataSegmentId),
        eb.and([eb('l.dataSegmentId', 'is', null), eb.not(replacedForSegment(dataSegmentId))]),
      ]),
    )
    .execute();
  return rows.map((row) => row.id);
}

export interface ListOverviewRow {
  _id: string;
  key: string;
  title: string;
  format: string;
  publisher: string;
  isShared: boolean;
  replacesShared: boolean;
  isActive: boolean;
  versionNo: number | null;
  asOf: string | null;
  entityCount: number | null;
  updatedAt: string | null;
}

/**
 * The lists a segment sees, for the screening-list page: the shared ones it has not replaced, then
 * its own (each marked when it replaces a shared copy), with their current version.
 */
export async function listWatchListsForSegment(db: Queryable, scope: TenantScope, dataSegmentId: string): Promise<ListOverviewRow[]> {
  return sqlOf(db)
    .selectFrom('watchLists as l')
    .leftJoin('segmentWatchLists as s', (join) => join.onRef('s.listId', '=', 'l.id').on('s.dataSegmentId', '=', dataSegmentId))
    .leftJoin('listVersions as v', 'v.id', 'l.currentVersionId')
    .select([
      'l.id as _id',
      'l.key',
      'l.title',
      'l.format',
      'l.publisher',
      sql<boolean>`l.data_segment_id is null`.as('isShared'),
      sql<boolean>`l.data_segment_id is not null and exists (select 1 from watch_lists shared where shared.key = l.key and shared.data_segment_id is null)`.as(
        'replacesShared',
      ),
      sql<boolean>`coalesce(s.is_active, true)`.as('isActive'),
      'v.versionNo',
      'v.asOf',
      'v.entityCount',
      'v.createdAt as updatedAt',
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb('l.dataSegmentId', 'is', null), eb.not(replacedForSegment(dataSegmentId))]),
        eb.and([eb('l.dataSegmentId', '=', dataSegmentId), inSegments('l.dataSegmentId', scope)]),
      ]),
    )
    .orderBy(sql`l.data_segment_id nulls first`)
    .orderBy('l.title')
    .execute();
}

export async function setSegmentListActive(tx: Queryable, dataSegmentId: string, listId: string, isActive: boolean): Promise<void> {
  await sqlOf(tx)
    .insertInto('segmentWatchLists')
    .values({ dataSegmentId, listId, isActive })
    .onConflict((conflict) => conflict.columns(['dataSegmentId', 'listId']).doUpdateSet({ isActive }))
    .execute();
}

export async function listVersions(db: Queryable, listId: string): Promise<TListVersion[]> {
  return sqlOf(db)
    .selectFrom('listVersions')
    .select([
      'id as _id',
      'versionNo',
      'asOf',
      'source',
      'fileName',
      'entityCount',
      'addedCount as added',
      'changedCount as changed',
      'removedCount as removed',
      'createdAt',
    ])
    .where('listId', '=', listId)
    .orderBy('versionNo', 'desc')
    .execute();
}

/**
 * Tells every process (API replicas and workers) that a list version changed, so each rebuilds its
 * in-memory screening index. Sent inside the change's transaction: PostgreSQL delivers it when the
 * transaction commits, and never for one that rolls back.
 */
export async function notifyListsChanged(tx: Queryable): Promise<void> {
  await sql`select pg_notify(${LISTS_CHANGED_CHANNEL}, '')`.execute(sqlOf(tx));
}
