/**
 * Ongoing screening's side of the lists: what one stored list version changed, and a matcher over
 * only those entities. The loop is inverted on purpose: instead of screening each customer against
 * the whole list (an index of every listed name), the changed entities (a delta is typically a few
 * hundred) make a small index of their own and each customer's name is run through it, which costs
 * little more than normalising the name.
 */
import { ScreeningIndex } from '@sanad/screening/matching/screening-index';
import type { ScreeningQuery } from '@sanad/screening/matching/screening-types';
import { diffEntityLists } from '@sanad/screening/versions/version-diff';
import type { Database } from '../../platform/db/database';
import type { CustomerScreeningHit } from './screening.service';
import type { ScreeningWordsSource } from './screening-words.port';
import { getScreeningThresholds } from './screening-settings.repository';
import { activeListIdsForSegment } from './watch-list.repository';
import {
  findVersionOfList,
  listLiveSegmentIds,
  loadChangedEntities,
  loadRemovedEntityIds,
  type ChangedEntity,
  type VersionOfList,
} from './list-delta.repository';

export interface EntityChangeNote {
  entityId: string;
  name: string;
  change: 'added' | 'changed';
  /** The entity's fields that differ from the previous version (empty for an added one). */
  fields: string[];
}

export interface ListDelta {
  version: VersionOfList;
  changed: ChangedEntity[];
  removedIds: string[];
  /** Why each changed entity is in the delta, by entity id. */
  notes: ReadonlyMap<string, EntityChangeNote>;
  /** The segments that screen against the list (its own segment, or every segment using a shared list). */
  segmentIds: string[];
  /** A matcher over the changed entities with the segment's words and thresholds. */
  screenerFor(dataSegmentId: string): Promise<(query: ScreeningQuery) => CustomerScreeningHit[]>;
}

export function createListDeltaService({ db, words }: { db: Database; words: ScreeningWordsSource }) {
  return {
    /** The delta of one stored version; null when the version does not exist. */
    async deltaOf(versionId: string): Promise<ListDelta | null> {
      const version = await findVersionOfList(db, versionId);
      if (!version) return null;
      const [changed, removedIds] = await Promise.all([
        loadChangedEntities(db, versionId, version.previousVersionId),
        loadRemovedEntityIds(db, versionId, version.previousVersionId),
      ]);
      const notes = new Map<string, EntityChangeNote>();
      for (const item of changed) {
        const fields = item.previous ? (diffEntityLists([item.previous], [item.entity]).changed[0]?.fields ?? []) : [];
        notes.set(item.entity.id, {
          entityId: item.entity.id,
          name: item.entity.names[0]?.full ?? item.entity.id,
          change: item.change,
          fields,
        });
      }
      const candidates = version.dataSegmentId ? [version.dataSegmentId] : await listLiveSegmentIds(db);
      const segmentIds: string[] = [];
      for (const segmentId of candidates)
        if ((await activeListIdsForSegment(db, segmentId)).includes(version.listId)) segmentIds.push(segmentId);

      // One index per set of words: segments with the same stop-words and variants share it.
      const indexes = new Map<string, ScreeningIndex>();
      const entities = changed.map((item) => item.entity);
      return {
        version,
        changed,
        removedIds,
        notes,
        segmentIds,
        async screenerFor(dataSegmentId) {
          const [segmentWords, thresholds] = await Promise.all([words.wordsFor(dataSegmentId), getScreeningThresholds(db, dataSegmentId)]);
          let index = indexes.get(segmentWords.version);
          if (!index) {
            index = ScreeningIndex.build(entities, {
              stopWords: [...segmentWords.stopWords],
              variantWords: Object.fromEntries(segmentWords.variantWords),
            });
            indexes.set(segmentWords.version, index);
          }
          const built = index;
          return (query) =>
            entities.length === 0
              ? []
              : built.screen(query, { thresholds, maxHits: 20 }).map((hit) => ({
                  ...hit,
                  list: version.listKey,
                  listTitle: version.listTitle,
                  listPublisher: version.publisher,
                  entity: { ...hit.entity, list: version.listKey },
                }));
        },
      };
    },
  };
}

export type ListDeltaService = ReturnType<typeof createListDeltaService>;
