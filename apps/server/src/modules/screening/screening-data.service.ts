import type { TListQuery } from '@sanad/contracts/http';
import type { TListVersion, TWatchListOverview } from '@sanad/contracts/screening';
import type { Database } from '../../platform/db/database';
import { appendAudit } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { AppError } from '../../platform/http/app-error';
import type { Page } from '../../platform/http/envelope';
import { keywordPattern, orderByClause, pageClause } from '../../platform/http/list-query';
import type { RequestMeta } from '../../platform/http/request-meta';
import { targetSegment } from '../../platform/tenancy/target-segment';
import { getWatchList, listVersions, listWatchListsForSegment, setSegmentListActive } from './watch-list.repository';

export interface ReferenceRow {
  _id: string;
  code: string;
  name: string;
  parentCode: string | null;
  recordType: string | null;
  source: string;
}

export function createScreeningDataService({ db, onListsChanged }: { db: Database; onListsChanged: () => void }) {
  return {
    /** Reference entries of the vendor lists the segment can see (shared or its own). */
    async listReferences(actor: Actor, page: string, query: TListQuery): Promise<Page<ReferenceRow>> {
      const dataSegmentId = targetSegment(actor, query.dataSegmentId);
      const params: unknown[] = [page, dataSegmentId];
      let keyword = '';
      if (query.keyword) {
        params.push(keywordPattern(query.keyword));
        keyword = `and (r.code ilike $${params.length} or r.name ilike $${params.length})`;
      }
      const order = orderByClause(
        query,
        { code: 'r.code', name: 'r.name', source: 'l.title' },
        { column: 'r.name', order: 'asc' },
        'r.code',
      );
      const limit = pageClause(query, params);
      const result = await db.query<ReferenceRow & { total: number }>(
        `select l.id || ':' || r.code as "_id", r.code, r.name, r.parent_code as "parentCode", r.record_type as "recordType", l.title as source,
                count(*) over ()::int as total
           from screening_references r join watch_lists l on l.id = r.list_id
          where r.page = $1 and (l.data_segment_id is null or l.data_segment_id = $2) ${keyword}
          ${order} ${limit}`,
        params,
      );
      return { rows: result.rows.map(({ total: _total, ...row }) => row), total: result.rows[0]?.total ?? 0 };
    },

    async listWatchLists(actor: Actor, requested: string | undefined): Promise<TWatchListOverview[]> {
      const dataSegmentId = targetSegment(actor, requested);
      const rows = await listWatchListsForSegment(db, actor.segments, dataSegmentId);
      return rows.map((row) => ({
        _id: row.id,
        key: row.key,
        title: row.title,
        format: row.format,
        publisher: row.publisher,
        isShared: row.data_segment_id === null,
        isActive: row.is_active,
        status: row.is_active ? 'active' : 'inactive',
        versionNo: row.version_no,
        asOf: row.as_of,
        entityCount: row.entity_count,
        updatedAt: row.version_created_at?.toISOString() ?? null,
      }));
    },

    /** Switches a list on or off for screening in the segment (the segment's own lists included). */
    async setListActive(
      actor: Actor,
      listId: string,
      input: { isActive: boolean; dataSegmentId?: string | undefined },
      meta: RequestMeta,
    ): Promise<void> {
      const dataSegmentId = targetSegment(actor, input.dataSegmentId);
      const list = await getWatchList(db, listId);
      if (!list || (list.data_segment_id !== null && list.data_segment_id !== dataSegmentId)) throw AppError.notFound();
      await db.transaction(async (tx) => {
        await setSegmentListActive(tx, dataSegmentId, listId, input.isActive);
        await appendAudit(tx, {
          dataSegmentId,
          actor: { id: actor.userId, name: actor.name },
          module: 'screening_data',
          action: input.isActive ? 'activated_screening_list' : 'deactivated_screening_list',
          entityType: 'watch_list',
          entityId: listId,
          summary: `${input.isActive ? 'Activated' : 'Deactivated'} ${list.title}`,
          ip: meta.ip,
          requestId: meta.requestId,
        });
      });
      onListsChanged();
    },

    async listVersions(actor: Actor, listId: string, requested: string | undefined): Promise<TListVersion[]> {
      const dataSegmentId = targetSegment(actor, requested);
      const list = await getWatchList(db, listId);
      if (!list || (list.data_segment_id !== null && list.data_segment_id !== dataSegmentId)) throw AppError.notFound();
      return (await listVersions(db, listId)).map((row) => ({
        _id: row.id,
        versionNo: row.version_no,
        asOf: row.as_of,
        source: row.source,
        fileName: row.file_name,
        entityCount: row.entity_count,
        added: row.added_count,
        changed: row.changed_count,
        removed: row.removed_count,
        createdAt: row.created_at.toISOString(),
      }));
    },
  };
}

export type ScreeningDataService = ReturnType<typeof createScreeningDataService>;
