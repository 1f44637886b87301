import type { WatchlistEntity } from '../model';
import { fieldTexts } from './entity-hash';
import { createListVersion, type ListVersion, sortIds } from './list-version';

export interface EntityChange {
  id: string;
  /** Top-level fields of WatchlistEntity whose content differs, in alphabetical order. */
  fields: string[];
}

/** What changed between two versions of one list, keyed by the list's own ids, in a fixed order. */
export interface ListDiff {
  list: string;
  added: string[];
  removed: string[];
  changed: EntityChange[];
  unchangedCount: number;
}

/**
 * Compares two versions of a list entity by entity: ids only in `after` are added, only in
 * `before` removed, in both with a different content hash changed (with the fields that differ).
 * Reordered aliases or addresses are no change. Customers are re-screened against added and
 * changed entities; removed ones close their open hits.
 */
export function diffEntityLists(before: readonly WatchlistEntity[], after: readonly WatchlistEntity[]): ListDiff {
  const list = after[0]?.list ?? before[0]?.list ?? '';
  return diffListVersions(createListVersion({ list, entities: before }), createListVersion({ list, entities: after }), { before, after });
}

/**
 * The same comparison from stored versions: the server keeps each version's entity hashes, so
 * only the new import is hashed. The changed fields are named when both versions' entities are
 * given; otherwise `fields` is empty.
 */
export function diffListVersions(
  before: ListVersion,
  after: ListVersion,
  entities: { before?: readonly WatchlistEntity[]; after?: readonly WatchlistEntity[] } = {},
): ListDiff {
  if (before.list !== after.list) throw new Error(`cannot compare list ${before.list} with list ${after.list}`);
  const added: string[] = [];
  const changedIds: string[] = [];
  let unchangedCount = 0;
  for (const [id, hash] of after.entityHashes) {
    const previous = before.entityHashes.get(id);
    if (previous === undefined) added.push(id);
    else if (previous !== hash) changedIds.push(id);
    else unchangedCount += 1;
  }
  const removed = [...before.entityHashes.keys()].filter((id) => !after.entityHashes.has(id));
  const beforeById = new Map(entities.before?.map((entity) => [entity.id, entity]));
  const afterById = new Map(entities.after?.map((entity) => [entity.id, entity]));
  const changed = sortIds(changedIds).map((id) => {
    const old = beforeById.get(id);
    const current = afterById.get(id);
    return { id, fields: old && current ? changedFields(old, current) : [] };
  });
  return { list: after.list, added: sortIds(added), removed: sortIds(removed), changed, unchangedCount };
}

function changedFields(before: WatchlistEntity, after: WatchlistEntity): string[] {
  const old = fieldTexts(before);
  const current = fieldTexts(after);
  const fields = new Set([...old.keys(), ...current.keys()]);
  return [...fields].filter((field) => old.get(field) !== current.get(field)).toSorted();
}
