import type { LogAction } from '@sanad/contracts/log-modules';
import type { TBlacklistEntry, TBlacklistEntryInput, TBlacklistQuery } from '@sanad/contracts/screening';
import type { Database, Queryable } from '../../platform/db/database';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { AppError } from '../../platform/http/app-error';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { targetSegment } from '../../platform/tenancy/target-segment';
import {
  activeBlacklistEntities,
  getBlacklistEntry,
  getBlacklistEntryById,
  insertBlacklistEntry,
  listBlacklistEntries,
  updateBlacklistEntry,
} from './blacklist.repository';
import { SANAD_LIST_KEY, applyEntryInput, entityFromInput, newEntityId, toBlacklistEntry } from './blacklist-entry';
import { storeNewVersion } from './version-store';
import { ensureWatchList, notifyListsChanged } from './watch-list.repository';

/**
 * Snapshots the segment's active black-list entries as the next version of its sanad-list, so the
 * screening index, version history and re-screening treat it like any other list.
 */
export async function snapshotBlacklist(
  tx: Queryable,
  dataSegmentId: string,
  meta: { source: 'edit' | 'upload' | 'delta'; fileName: string | null; importedBy: string | null },
) {
  const list = await ensureWatchList(tx, {
    key: SANAD_LIST_KEY,
    dataSegmentId,
    title: 'Sanad list (own black-list)',
    format: 'csv',
    publisher: 'This organisation',
  });
  return storeNewVersion(tx, list, { entities: await activeBlacklistEntities(tx, dataSegmentId), ...meta });
}

/**
 * The firm's own list, entry by entry. Each change is one transaction: the entry, the list's next
 * version, the audit entry and the notice that tells every process to rebuild its index.
 */
export function createBlacklistService({
  db,
  onListsChanged,
  onVersionStored,
}: {
  db: Database;
  onListsChanged: () => void;
  /** Called in the transaction that stored a new version of the list: the customers' re-screening is asked for there. */
  onVersionStored?: (tx: Queryable, versionId: string) => Promise<void>;
}) {
  async function save(
    actor: Actor,
    meta: RequestMeta,
    dataSegmentId: string,
    change: (tx: Queryable) => Promise<string>,
    action: LogAction,
  ): Promise<TBlacklistEntry> {
    const row = await db.transaction(async (tx) => {
      const saved = await getBlacklistEntryById(tx, await change(tx));
      const stored = await snapshotBlacklist(tx, dataSegmentId, { source: 'edit', fileName: null, importedBy: actor.userId });
      if (stored.version) await onVersionStored?.(tx, stored.version.id);
      await appendAudit(tx, {
        dataSegmentId,
        source: auditSource(actor, meta),
        module: 'screening_data',
        action,
        entityType: 'blacklist_entry',
        entityId: saved.entityId,
        summary: `${action.replace(/_/g, ' ')}: ${saved.entity.names[0]?.full ?? saved.entityId}`,
      });
      await notifyListsChanged(tx);
      return saved;
    });
    onListsChanged();
    return toBlacklistEntry(row);
  }

  return {
    async list(actor: Actor, query: TBlacklistQuery): Promise<Page<TBlacklistEntry>> {
      const page = await listBlacklistEntries(db, targetSegment(actor, query.dataSegmentId), query);
      return { rows: page.rows.map(toBlacklistEntry), total: page.total };
    },

    create(
      actor: Actor,
      input: TBlacklistEntryInput & { dataSegmentId?: string | undefined },
      meta: RequestMeta,
    ): Promise<TBlacklistEntry> {
      const dataSegmentId = targetSegment(actor, input.dataSegmentId);
      const entityId = newEntityId();
      return save(
        actor,
        meta,
        dataSegmentId,
        (tx) =>
          insertBlacklistEntry(tx, {
            dataSegmentId,
            entity: entityFromInput(entityId, input),
            reason: input.reason,
            createdBy: actor.userId,
          }),
        'added_blacklist_entry',
      );
    },

    /** Edits an entry of one of the actor's segments; the whole item comes back, status included. */
    async update(
      actor: Actor,
      id: string,
      input: TBlacklistEntryInput & { dataSegmentId?: string | undefined },
      meta: RequestMeta,
    ): Promise<TBlacklistEntry> {
      const dataSegmentId = targetSegment(actor, input.dataSegmentId);
      const existing = await getBlacklistEntry(db, dataSegmentId, id);
      if (!existing) throw AppError.notFound();
      const status = input.status ?? existing.status;
      const action =
        status !== existing.status
          ? status === 'archived'
            ? 'archived_blacklist_entry'
            : 'activated_blacklist_entry'
          : 'updated_blacklist_entry';
      return save(
        actor,
        meta,
        dataSegmentId,
        async (tx) => {
          const isUpdated = await updateBlacklistEntry(tx, {
            dataSegmentId,
            id,
            entity: applyEntryInput(existing.entity, input),
            reason: input.reason,
            status,
          });
          if (!isUpdated) throw AppError.notFound();
          return id;
        },
        action,
      );
    },
  };
}

export type BlacklistService = ReturnType<typeof createBlacklistService>;
