import { sql } from 'kysely';
import type { WatchlistEntity } from '@sanad/screening/model';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';

/**
 * What one stored list version changed against the version before it, read from the version
 * membership the importer keeps (`list_version_entities`: each entity id with its content hash):
 * an id new in the version is added, an id whose hash differs is changed, an id that is gone is
 * removed. Only SQL; the re-screening works from these rows.
 */

export interface VersionOfList {
  versionId: string;
  versionNo: number;
  listId: string;
  listKey: string;
  listTitle: string;
  publisher: string;
  dataSegmentId: string | null;
  previousVersionId: string | null;
}

export interface ChangedEntity {
  entity: WatchlistEntity;
  change: 'added' | 'changed';
  /** The entity as the previous version listed it (changed entities only). */
  previous: WatchlistEntity | null;
}

export async function findVersionOfList(db: Queryable, versionId: string): Promise<VersionOfList | null> {
  const row = await sqlOf(db)
    .selectFrom('listVersions as v')
    .innerJoin('watchLists as l', 'l.id', 'v.listId')
    .leftJoin('listVersions as p', (join) => join.onRef('p.listId', '=', 'v.listId').on(sql<boolean>`p.version_no = v.version_no - 1`))
    .select([
      'v.id as versionId',
      'v.versionNo',
      'l.id as listId',
      'l.key as listKey',
      'l.title as listTitle',
      'l.publisher',
      'l.dataSegmentId',
      'p.id as previousVersionId',
    ])
    .where('v.id', '=', versionId)
    .executeTakeFirst();
  return row ?? null;
}

/** Entities added or changed by the version (every entity of a list's first version). */
export async function loadChangedEntities(db: Queryable, versionId: string, previousVersionId: string | null): Promise<ChangedEntity[]> {
  const rows = await sql<{ entity: WatchlistEntity; previous: WatchlistEntity | null }>`
    select e.entity, pe.entity as previous
    from list_version_entities v
    join screening_entities e on e.hash = v.hash
    left join list_version_entities p on p.version_id = ${previousVersionId}::uuid and p.entity_id = v.entity_id
    left join screening_entities pe on pe.hash = p.hash
    where v.version_id = ${versionId}::uuid and (p.hash is null or p.hash <> v.hash)
    order by v.entity_id`.execute(sqlOf(db));
  return rows.rows.map((row) => ({ entity: row.entity, previous: row.previous, change: row.previous ? 'changed' : 'added' }));
}

/** Entity ids the previous version listed and this one no longer does. */
export async function loadRemovedEntityIds(db: Queryable, versionId: string, previousVersionId: string | null): Promise<string[]> {
  if (!previousVersionId) return [];
  const rows = await sql<{ entityId: string }>`
    select p.entity_id as "entityId" from list_version_entities p
    where p.version_id = ${previousVersionId}::uuid
      and not exists (select 1 from list_version_entities v where v.version_id = ${versionId}::uuid and v.entity_id = p.entity_id)
    order by p.entity_id`.execute(sqlOf(db));
  return rows.rows.map((row) => row.entityId);
}

/** Every data segment that is not archived: the candidates a shared list may reach. */
export async function listLiveSegmentIds(db: Queryable): Promise<string[]> {
  const rows = await sqlOf(db).selectFrom('dataSegments').select('id').where('status', '<>', 'archived').orderBy('id').execute();
  return rows.map((row) => row.id);
}
