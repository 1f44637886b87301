import type { TListQuery } from '@sanad/contracts/http';
import type { WatchlistEntity } from '@sanad/screening/model';
import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';
import { keywordPattern, orderByClause, pageClause } from '../../platform/http/list-query';
import type { Page } from '../../platform/http/envelope';

export interface BlacklistRow {
  id: string;
  data_segment_id: string;
  entity_id: string;
  status: 'active' | 'archived';
  entity: WatchlistEntity;
  reason: string;
  updated_at: Date;
}

const COLUMNS = 'id, data_segment_id, entity_id, status, entity, reason, updated_at';
const SORTABLE = {
  name: "entity->'names'->0->>'full'",
  entityId: 'entity_id',
  hitType: "entity->>'hitType'",
  status: 'status',
  updatedAt: 'updated_at',
} as const;

/** Entries of one segment's black-list; the caller has checked the segment is the actor's. */
export async function listBlacklistEntries(
  db: Queryable,
  dataSegmentId: string,
  query: TListQuery,
  onlyHitType: string | null,
): Promise<Page<BlacklistRow>> {
  const params: unknown[] = [dataSegmentId];
  const conditions = ['data_segment_id = $1'];
  if (query.status === 'active' || query.status === 'archived') {
    params.push(query.status);
    conditions.push(`status = $${params.length}`);
  }
  if (onlyHitType) {
    params.push(onlyHitType);
    conditions.push(`entity->>'hitType' = $${params.length}`);
  }
  if (query.keyword) {
    params.push(keywordPattern(query.keyword));
    conditions.push(`(entity_id ilike $${params.length} or entity->>'names' ilike $${params.length} or reason ilike $${params.length})`);
  }
  const order = orderByClause(query, SORTABLE, { column: 'updated_at', order: 'desc' });
  const page = pageClause(query, params);
  const result = await db.query<BlacklistRow & { total: number }>(
    `select ${COLUMNS}, count(*) over ()::int as total from blacklist_entries where ${conditions.join(' and ')} ${order} ${page}`,
    params,
  );
  return { rows: result.rows, total: result.rows[0]?.total ?? 0 };
}

export async function getBlacklistEntry(db: Queryable, dataSegmentId: string, id: string): Promise<BlacklistRow | null> {
  return queryOne<BlacklistRow>(db, `select ${COLUMNS} from blacklist_entries where id = $1 and data_segment_id = $2`, [id, dataSegmentId]);
}

export async function insertBlacklistEntry(
  tx: Queryable,
  input: { dataSegmentId: string; entity: WatchlistEntity; reason: string; createdBy: string | null },
): Promise<BlacklistRow> {
  const row = await queryOne<BlacklistRow>(
    tx,
    `insert into blacklist_entries (data_segment_id, entity_id, entity, reason, created_by) values ($1, $2, $3::jsonb, $4, $5)
     returning ${COLUMNS}`,
    [input.dataSegmentId, input.entity.id, JSON.stringify(input.entity), input.reason, input.createdBy],
  );
  if (!row) throw new Error('black-list insert returned nothing');
  return row;
}

export async function updateBlacklistEntry(
  tx: Queryable,
  input: { dataSegmentId: string; id: string; entity: WatchlistEntity; reason: string; status: 'active' | 'archived' },
): Promise<BlacklistRow | null> {
  return queryOne<BlacklistRow>(
    tx,
    `update blacklist_entries set entity = $3::jsonb, reason = $4, status = $5, updated_at = now()
      where id = $1 and data_segment_id = $2 returning ${COLUMNS}`,
    [input.id, input.dataSegmentId, JSON.stringify(input.entity), input.reason, input.status],
  );
}

/** Adds or replaces entries by the list's own id (imports and deltas), active again if archived. */
export async function upsertBlacklistEntities(
  tx: Queryable,
  dataSegmentId: string,
  entities: readonly WatchlistEntity[],
  createdBy: string | null,
): Promise<void> {
  for (let start = 0; start < entities.length; start += 1000) {
    const slice = entities.slice(start, start + 1000);
    await tx.query(
      `insert into blacklist_entries (data_segment_id, entity_id, entity, reason, created_by)
       select $1, entity_id, entity::jsonb, coalesce(entity::jsonb->>'remarks', ''), $4 from unnest($2::text[], $3::text[]) as incoming (entity_id, entity)
       on conflict (data_segment_id, entity_id) do update
         set entity = excluded.entity, reason = excluded.reason, status = 'active', updated_at = now()`,
      [dataSegmentId, slice.map((entity) => entity.id), slice.map((entity) => JSON.stringify(entity)), createdBy],
    );
  }
}

/** Archives the entries with these ids, or all entries whose id is not in `keep` when `keep` is given. */
export async function archiveBlacklistEntries(
  tx: Queryable,
  dataSegmentId: string,
  selection: { ids: readonly string[] } | { keep: readonly string[] },
): Promise<number> {
  const result =
    'ids' in selection
      ? await tx.query(
          `update blacklist_entries set status = 'archived', updated_at = now() where data_segment_id = $1 and entity_id = any($2::text[]) and status = 'active'`,
          [dataSegmentId, [...selection.ids]],
        )
      : await tx.query(
          `update blacklist_entries set status = 'archived', updated_at = now() where data_segment_id = $1 and not (entity_id = any($2::text[])) and status = 'active'`,
          [dataSegmentId, [...selection.keep]],
        );
  return result.rowCount;
}

export async function activeBlacklistEntities(db: Queryable, dataSegmentId: string): Promise<WatchlistEntity[]> {
  const result = await db.query<{ entity: WatchlistEntity }>(
    `select entity from blacklist_entries where data_segment_id = $1 and status = 'active' order by entity_id`,
    [dataSegmentId],
  );
  return result.rows.map((row) => row.entity);
}
