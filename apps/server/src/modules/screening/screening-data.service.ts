import type { TListQuery } from '@sanad/contracts/http';
import type { TListVersion, TWatchListOverview } from '@sanad/contracts/screening';
import type { Database } from '../../platform/db/database';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { AppError } from '../../platform/http/app-error';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { targetSegment } from '../../platform/tenancy/target-segment';
import { listReferences, type ReferenceRow } from './reference.repository';
import { getWatchList, listVersions, listWatchListsForSegment, setSegmentListActive, type WatchListRow } from './watch-list.repository';

/** A list the segment may see: a shared one, or one of its own. */
function isVisibleTo(list: WatchListRow | null, dataSegmentId: string): list is WatchListRow {
  return list !== null && (list.dataSegmentId === null || list.dataSegmentId === dataSegmentId);
}

export function createScreeningDataService({ db }: { db: Database }) {
  return {
    /** Reference entries of the vendor lists the segment can see (shared or its own). */
    listReferences(actor: Actor, page: string, query: TListQuery): Promise<Page<ReferenceRow>> {
      return listReferences(db, page, targetSegment(actor, query.dataSegmentId), query);
    },

    /**
     * The lists of the segment, each with its owner: shared by the installation, or the segment's
     * own. A segment's own copy of a shared list replaces it, so no list shows (or screens) twice.
     */
    async listWatchLists(actor: Actor, requested: string | undefined): Promise<TWatchListOverview[]> {
      const rows = await listWatchListsForSegment(db, actor.segments, targetSegment(actor, requested));
      return rows.map((row) => ({
        ...row,
        owner: row.isShared ? 'shared' : 'segment',
        status: row.isActive ? 'active' : 'inactive',
      }));
    },

    /**
     * Switches a list on or off for screening in the segment (the segment's own lists included).
     * The screening index holds every list and each screening reads the segment's active ones, so
     * nothing needs rebuilding.
     */
    async setListActive(
      actor: Actor,
      listId: string,
      input: { isActive: boolean; dataSegmentId?: string | undefined },
      meta: RequestMeta,
    ): Promise<void> {
      const dataSegmentId = targetSegment(actor, input.dataSegmentId);
      const list = await getWatchList(db, listId);
      if (!isVisibleTo(list, dataSegmentId)) throw AppError.notFound();
      await db.transaction(async (tx) => {
        await setSegmentListActive(tx, dataSegmentId, listId, input.isActive);
        await appendAudit(tx, {
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'screening_data',
          action: input.isActive ? 'activated_screening_list' : 'deactivated_screening_list',
          entityType: 'watch_list',
          entityId: listId,
          summary: `${input.isActive ? 'Activated' : 'Deactivated'} ${list.title}`,
        });
      });
    },

    async listVersions(actor: Actor, listId: string, requested: string | undefined): Promise<TListVersion[]> {
      const list = await getWatchList(db, listId);
      if (!isVisibleTo(list, targetSegment(actor, requested))) throw AppError.notFound();
      return listVersions(db, listId);
    },
  };
}

export type ScreeningDataService = ReturnType<typeof createScreeningDataService>;
