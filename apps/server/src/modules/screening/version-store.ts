import type { WatchlistEntity } from '@sanad/screening/model';
import { createListVersion } from '@sanad/screening/versions/list-version';
import { diffListVersions } from '@sanad/screening/versions/version-diff';
import type { Queryable } from '../../platform/db/database';
import {
  getVersion,
  insertListVersion,
  loadVersionHashes,
  type VersionRow,
  type VersionSource,
  type WatchListRow,
} from './watch-list.repository';

export interface StoredVersion {
  /** Null when the content equals the current version: no new version is made. */
  version: VersionRow | null;
  counts: { added: number; changed: number; removed: number };
}

/**
 * Makes the entities the list's next version, compared with the current one by content hash so
 * that the version records how many entities were added, changed and removed (the re-screening of
 * customers works from that difference).
 */
export async function storeNewVersion(
  tx: Queryable,
  list: WatchListRow,
  input: {
    entities: readonly WatchlistEntity[];
    asOf?: string | undefined;
    source: VersionSource;
    fileName: string | null;
    importedBy: string | null;
  },
): Promise<StoredVersion> {
  const entities = input.entities.map((entity) => (entity.list === list.key ? entity : { ...entity, list: list.key }));
  const next = createListVersion({ list: list.key, entities, ...(input.asOf ? { asOf: input.asOf } : {}) });
  let counts = { added: next.entityCount, changed: 0, removed: 0 };
  if (list.currentVersionId) {
    const current = await getVersion(tx, list.currentVersionId);
    if (current && current.contentHash === next.contentHash) return { version: null, counts: { added: 0, changed: 0, removed: 0 } };
    const hashes = await loadVersionHashes(tx, list.currentVersionId);
    const diff = diffListVersions(
      { list: list.key, entityCount: hashes.size, contentHash: current?.contentHash ?? '', entityHashes: hashes },
      next,
    );
    counts = { added: diff.added.length, changed: diff.changed.length, removed: diff.removed.length };
  }
  const version = await insertListVersion(tx, {
    listId: list.id,
    version: next,
    entities,
    counts,
    source: input.source,
    fileName: input.fileName,
    importedBy: input.importedBy,
  });
  return { version, counts };
}
