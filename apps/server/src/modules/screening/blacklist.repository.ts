import { sql } from 'kysely';
import type { TBlacklistQuery } from '@sanad/contracts/screening';
import type { WatchlistEntity } from '@sanad/screening/model';
import type { Queryable } from '../../platform/db/database';
import { keywordLike, pageOf, sortOf, totalRows } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import type { Page } from '../../platform/http/envelope';
import { isUuid } from '../../platform/http/id-params';

const CHUNK = 1000;

export interface BlacklistRow {
  id: string;
  entityId: string;
  status: 'active' | 'archived';
  entity: WatchlistEntity;
  reason: string;
  updatedAt: string;
}

function selectEntries(db: Queryable) {
  return sqlOf(db)
    .selectFrom('blacklistEntries as b')
    .select(['b.id', 'b.entityId', 'b.status', sql<WatchlistEntity>`b.entity`.as('entity'), 'b.reason', 'b.updatedAt']);
}

const BLACKLIST_SORT = {
  name: sql`b.entity->'names'->0->>'full'`,
  entityId: sql`b.entity_id`,
  hitType: sql`b.entity->>'hitType'`,
  status: sql`b.status`,
  updatedAt: sql`b.updated_at`,
};

/** Entries of one segment's own list; the caller has checked the segment is the actor's. */
export async function listBlacklistEntries(db: Queryable, dataSegmentId: string, query: TBlacklistQuery): Promise<Page<BlacklistRow>> {
  const sort = sortOf(query, BLACKLIST_SORT, { expression: BLACKLIST_SORT.updatedAt, direction: 'desc' });
  const { limit, offset } = pageOf(query);
  const keyword = query.keyword ? keywordLike(query.keyword) : null;
  const rows = await selectEntries(db)
    .select(totalRows())
    .where('b.dataSegmentId', '=', dataSegmentId)
    .$if(query.status !== undefined, (qb) => qb.where('b.status', '=', query.status ?? 'active'))
    .$if(query.hitType !== undefined, (qb) => qb.where(sql<boolean>`b.entity->>'hitType' = ${query.hitType ?? ''}`))
    .$if(keyword !== null, (qb) =>
      qb.where(sql<boolean>`(b.entity_id ilike ${keyword} or b.entity->>'names' ilike ${keyword} or b.reason ilike ${keyword})`),
    )
    .orderBy(sql`${sort.expression} ${sql.raw(sort.direction)} nulls last`)
    .orderBy('b.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

export async function getBlacklistEntry(db: Queryable, dataSegmentId: string, id: string): Promise<BlacklistRow | null> {
  if (!isUuid(id)) return null;
  return (await selectEntries(db).where('b.id', '=', id).where('b.dataSegmentId', '=', dataSegmentId).executeTakeFirst()) ?? null;
}

export async function insertBlacklistEntry(
  tx: Queryable,
  input: { dataSegmentId: string; entity: WatchlistEntity; reason: string; createdBy: string | null },
): Promise<string> {
  const row = await sqlOf(tx)
    .insertInto('blacklistEntries')
    .values({
      dataSegmentId: input.dataSegmentId,
      entityId: input.entity.id,
      entity: JSON.stringify(input.entity),
      reason: input.reason,
      createdBy: input.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces an entry's content and status; false when the segment has no such entry. */
export async function updateBlacklistEntry(
  tx: Queryable,
  input: { dataSegmentId: string; id: string; entity: WatchlistEntity; reason: string; status: 'active' | 'archived' },
): Promise<boolean> {
  const result = await sqlOf(tx)
    .updateTable('blacklistEntries')
    .set({ entity: JSON.stringify(input.entity), reason: input.reason, status: input.status, updatedAt: sql`now()` })
    .where('id', '=', input.id)
    .where('dataSegmentId', '=', input.dataSegmentId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function getBlacklistEntryById(db: Queryable, id: string): Promise<BlacklistRow> {
  return selectEntries(db).where('b.id', '=', id).executeTakeFirstOrThrow();
}

/** Adds or replaces entries by the list's own id (imports and deltas), active again if archived. */
export async function upsertBlacklistEntities(
  tx: Queryable,
  dataSegmentId: string,
  entities: readonly WatchlistEntity[],
  createdBy: string | null,
): Promise<void> {
  for (let start = 0; start < entities.length; start += CHUNK) {
    const slice = entities.slice(start, start + CHUNK);
    await sql`insert into blacklist_entries (data_segment_id, entity_id, entity, reason, created_by)
      select ${dataSegmentId}, entity_id, entity::jsonb, coalesce(entity::jsonb->>'remarks', ''), ${createdBy}::uuid
        from unnest(${slice.map((entity) => entity.id)}::text[], ${slice.map((entity) => JSON.stringify(entity))}::text[]) as incoming (entity_id, entity)
      on conflict (data_segment_id, entity_id) do update
        set entity = excluded.entity, reason = excluded.reason, status = 'active', updated_at = now()`.execute(sqlOf(tx));
  }
}

/** Archives the entries with these ids, or every entry whose id is not in `keep` when `keep` is given. */
export async function archiveBlacklistEntries(
  tx: Queryable,
  dataSegmentId: string,
  selection: { ids: readonly string[] } | { keep: readonly string[] },
): Promise<number> {
  const result = await sqlOf(tx)
    .updateTable('blacklistEntries')
    .set({ status: 'archived', updatedAt: sql`now()` })
    .where('dataSegmentId', '=', dataSegmentId)
    .where('status', '=', 'active')
    .where(
      'ids' in selection
        ? sql<boolean>`entity_id = any(${[...selection.ids]}::text[])`
        : sql<boolean>`not (entity_id = any(${[...selection.keep]}::text[]))`,
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function activeBlacklistEntities(db: Queryable, dataSegmentId: string): Promise<WatchlistEntity[]> {
  const rows = await sqlOf(db)
    .selectFrom('blacklistEntries')
    .select(sql<WatchlistEntity>`entity`.as('entity'))
    .where('dataSegmentId', '=', dataSegmentId)
    .where('status', '=', 'active')
    .orderBy('entityId')
    .execute();
  return rows.map((row) => row.entity);
}

/** Every entry of the segment's own list, archived ones too, by the list's own id (a delta changes them). */
export async function blacklistEntitiesById(db: Queryable, dataSegmentId: string): Promise<Map<string, WatchlistEntity>> {
  const rows = await sqlOf(db)
    .selectFrom('blacklistEntries')
    .select(['entityId', sql<WatchlistEntity>`entity`.as('entity')])
    .where('dataSegmentId', '=', dataSegmentId)
    .execute();
  return new Map(rows.map((row) => [row.entityId, row.entity]));
}
