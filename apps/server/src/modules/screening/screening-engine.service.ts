import { ScreeningIndex } from '@sanad/screening/matching/screening-index';
import type { ScreeningHit, ScreeningQuery, Thresholds } from '@sanad/screening/matching/screening-types';
import type { WatchlistEntity } from '@sanad/screening/model';
import type { Database } from '../../platform/db/database';
import type { ScreeningWords, ScreeningWordsSource } from './screening-words.port';
import {
  LISTS_CHANGED_CHANNEL,
  activeListIdsForSegment,
  listScreenableLists,
  loadVersionEntities,
  type ScreenableList,
} from './watch-list.repository';
import { getScreeningThresholds } from './screening-settings.repository';

/** Lists a segment owns share their key with other segments' lists: the index keys them apart. */
export function indexListKey(list: Pick<ScreenableList, 'key' | 'dataSegmentId'>): string {
  return list.dataSegmentId ? `${list.key}@${list.dataSegmentId}` : list.key;
}

export interface ScreeningResult {
  hits: Array<Omit<ScreeningHit, 'list'> & { list: string; listTitle: string }>;
  thresholds: Thresholds;
}

interface LoadedLists {
  entities: WatchlistEntity[];
  byId: Map<string, ScreenableList & { indexKey: string }>;
}

/**
 * Name screening for the whole process. The entities of every list are loaded once and indexed;
 * each set of stop-words and variant words (a data segment's risk configuration) gets its own index,
 * shared by every segment with the same words. A list change anywhere (a NOTIFY from any process)
 * drops everything, and the next screening waits for the rebuild rather than answer from an index
 * that may miss a newly listed name.
 */
export function createScreeningEngine({ db, words }: { db: Database; words: ScreeningWordsSource }) {
  let generation = 0;
  let lists: { generation: number; promise: Promise<LoadedLists> } | null = null;
  const indexes = new Map<string, { generation: number; promise: Promise<ScreeningIndex> }>();
  let stopListening: (() => Promise<void>) | null = null;

  async function loadLists(): Promise<LoadedLists> {
    const entities: WatchlistEntity[] = [];
    const byId = new Map<string, ScreenableList & { indexKey: string }>();
    for (const row of await listScreenableLists(db)) {
      const indexKey = indexListKey(row);
      byId.set(row.id, { ...row, indexKey });
      for (const entity of await loadVersionEntities(db, row.currentVersionId)) entities.push({ ...entity, list: indexKey });
    }
    return { entities, byId };
  }

  function currentLists(): Promise<LoadedLists> {
    if (!lists || lists.generation !== generation) {
      const promise = loadLists();
      lists = { generation, promise };
      promise.catch(() => {
        lists = null;
      });
    }
    return lists.promise;
  }

  async function indexFor(segmentWords: ScreeningWords): Promise<ScreeningIndex> {
    const cached = indexes.get(segmentWords.version);
    if (cached && cached.generation === generation) return cached.promise;
    const built = generation;
    const promise = currentLists().then(({ entities }) =>
      ScreeningIndex.build(entities, {
        stopWords: [...segmentWords.stopWords],
        variantWords: Object.fromEntries(segmentWords.variantWords),
      }),
    );
    indexes.set(segmentWords.version, { generation: built, promise });
    promise.catch(() => indexes.delete(segmentWords.version));
    return promise;
  }

  async function screenEach(
    dataSegmentId: string,
    queries: readonly ScreeningQuery[],
    options: { maxHits?: number },
  ): Promise<ScreeningResult[]> {
    const [index, loaded, listIds, thresholds] = await Promise.all([
      words.wordsFor(dataSegmentId).then(indexFor),
      currentLists(),
      activeListIdsForSegment(db, dataSegmentId),
      getScreeningThresholds(db, dataSegmentId),
    ]);
    const keys = listIds.map((id) => loaded.byId.get(id)?.indexKey).filter((key): key is string => Boolean(key));
    if (keys.length === 0) return queries.map(() => ({ hits: [], thresholds }));
    const titles = new Map([...loaded.byId.values()].map((list) => [list.indexKey, { key: list.key, title: list.title }]));
    return queries.map((query) => ({
      thresholds,
      hits: index.screen(query, { lists: keys, thresholds, maxHits: options.maxHits ?? 20 }).map((hit) => {
        const list = titles.get(hit.list);
        return {
          ...hit,
          list: list?.key ?? hit.list,
          listTitle: list?.title ?? hit.list,
          entity: { ...hit.entity, list: list?.key ?? hit.entity.list },
        };
      }),
    }));
  }

  function invalidate(): void {
    generation += 1;
    indexes.clear();
  }

  return {
    /** Follows list changes made by any process; the first answer after a change waits for the rebuild. */
    async start(): Promise<void> {
      stopListening = await db.listen(LISTS_CHANGED_CHANNEL, invalidate);
    },

    invalidate,

    /** Screens one name and its facts against the segment's active lists, at the segment's thresholds. */
    async screen(dataSegmentId: string, query: ScreeningQuery, options: { maxHits?: number } = {}): Promise<ScreeningResult> {
      const [result] = await screenEach(dataSegmentId, [query], options);
      if (!result) throw new Error('screening returned no result');
      return result;
    },

    /**
     * Screens many names of one segment (a bulk import's chunk): the segment's index, active lists
     * and thresholds are read once, then every query is matched in memory. Results in query order.
     */
    screenMany: (dataSegmentId: string, queries: readonly ScreeningQuery[], options: { maxHits?: number } = {}) =>
      screenEach(dataSegmentId, queries, options),

    async close(): Promise<void> {
      await stopListening?.();
      stopListening = null;
    },
  };
}

export type ScreeningEngine = ReturnType<typeof createScreeningEngine>;
