/**
 * The in-memory screening index over one or more watch lists. Build it once from the entities of
 * every active list (a rebuild is cheap: rebuild when a list version changes), then call `screen`
 * for each customer. Names are kept as word ids in typed arrays with postings per word; the
 * entities themselves are referenced, not copied.
 */
import type { NameType, WatchlistEntity } from '../model';
import { splitNameAlternatives } from '../normalize/name-alternatives';
import { NameNormalizer } from '../normalize/name-normalizer';
import type { NameKind, NameToken, NormalizationOptions, NormalizedName } from '../normalize/name-types';
import {
  CandidateRetriever,
  isPairToken,
  toQueryWordMatch,
  type CandidateFilter,
  type IndexedNames,
  type QueryWordMatch,
  type QueryWordMatches,
} from './candidate-retrieval';
import { ExactNameIndex } from './exact-name-index';
import { buildHit, hitEvidence, type NameMatch } from './hit-building';
import { alignNames, type NameAlignment, type WordComparer } from './name-alignment';
import { normalizeIdNumber, possibleQualifierBonus, readQueryFacts, type QueryFacts } from './qualifier-scoring';
import type { ScreeningHit, ScreeningOptions, ScreeningQuery, Thresholds } from './screening-types';
import { DEFAULT_THRESHOLDS, lowestThreshold, resolveThresholds } from './thresholds';
import type { TokenSimilarity } from './token-similarity';
import { TokenVocabulary } from './token-vocabulary';
import { PAIR_DISTINCTIVE, PAIR_SECONDARY, WordPairIndex } from './word-pair-index';

export interface ScreeningIndexOptions extends NormalizationOptions {
  /** Default thresholds per hit type for this index; DEFAULT_THRESHOLDS otherwise. */
  thresholds?: Partial<Thresholds>;
  /** Names scored per query at most (default 300): bounds the cost of very common names. */
  maxCandidates?: number;
}

export interface ScreeningIndexStats {
  entities: number;
  names: number;
  words: number;
  lists: string[];
  /** Bytes held in typed arrays and the word-lookup structures (an estimate for the word objects). */
  approximateBytes: number;
}

const NAME_TYPES: readonly NameType[] = ['primary', 'aka', 'fka', 'weak'];
/**
 * A low-quality alias (OFAC 'weak') is not enough to identify anyone: a perfect match on one
 * scores 75, below every default threshold, and alerts only when a date of birth or another fact
 * supports it.
 */
const WEAK_ALIAS_FACTOR = 0.75;
const DEFAULT_MAX_HITS = 20;
const SIMILAR_WORDS_CACHE_LIMIT = 50_000;
const NO_MATCH: TokenSimilarity = { similarity: 0, how: 'typo' };
const NO_WORDS: QueryWordMatch = toQueryWordMatch([]);
/** Word-id readings of a query tried in the exact-name index at most (a word spelled like several listed words multiplies them). */
const MAX_EXACT_READINGS = 16;

/** One way of reading the query: its words, their vocabulary matches, and the kind of names it is compared with. */
interface QueryReading {
  normalized: NormalizedName;
  wordMatches: QueryWordMatches;
  /** unknown: names of every kind. */
  filterKind: NameKind;
}

class GrowableUint32 {
  values = new Uint32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Uint32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  toArray(): Uint32Array {
    return this.values.slice(0, this.length);
  }
}

/** How a word takes part in the word-pair index: distinctive, secondary, or not at all (initials, numbers). */
function pairRoleOf(word: NameToken): number {
  if (isPairToken(word)) return PAIR_DISTINCTIVE;
  return word.kind === 'initial' || word.kind === 'number' ? 0 : PAIR_SECONDARY;
}

function kindOfEntity(entity: WatchlistEntity): NameKind {
  return entity.type === 'person' ? 'person' : 'organisation';
}

export class ScreeningIndex {
  readonly normalizer: NameNormalizer;
  private readonly entities: readonly WatchlistEntity[];
  private readonly lists: string[];
  private readonly names: IndexedNames;
  private readonly nameType: Uint8Array;
  /** Position of each indexed name in its entity's `names` (empty and repeated names are skipped). */
  private readonly nameSource: Uint16Array;
  /** Names of entity e: entityNameStart[e] .. entityNameStart[e + 1]. */
  private readonly entityNameStart: Uint32Array;
  private readonly identifiers: Map<string, number[]>;
  private readonly thresholds: Thresholds;
  private readonly maxCandidates: number;
  private readonly retriever: CandidateRetriever;
  private readonly exactNames: ExactNameIndex;
  private readonly similarWords = new Map<NameToken, QueryWordMatch>();
  private readonly comparer = new CachedWordComparer();

  private constructor(entities: readonly WatchlistEntity[], options: ScreeningIndexOptions) {
    this.entities = entities;
    this.normalizer = new NameNormalizer(options);
    this.thresholds = resolveThresholds(DEFAULT_THRESHOLDS, { thresholds: options.thresholds ?? {} });
    this.maxCandidates = options.maxCandidates ?? 300;
    const vocabulary = new TokenVocabulary();
    const listIndex = new Map<string, number>();
    const entityList = new Uint16Array(entities.length);
    const entityNameStart = new Uint32Array(entities.length + 1);
    const tokenStart = new GrowableUint32();
    const tokenWords = new GrowableUint32();
    const nameEntity = new GrowableUint32();
    const nameTypes: number[] = [];
    const nameSources: number[] = [];
    const nameIsPerson: number[] = [];
    const nameWeights: number[] = [];
    this.identifiers = new Map();

    entities.forEach((entity, entityIndex) => {
      let list = listIndex.get(entity.list);
      if (list === undefined) listIndex.set(entity.list, (list = listIndex.size));
      entityList[entityIndex] = list;
      entityNameStart[entityIndex] = nameEntity.length;
      const kind = kindOfEntity(entity);
      const seen = new Set<string>();
      entity.names.forEach((name, position) => {
        for (const text of [name.full, ...splitNameAlternatives(name.full)]) {
          const tokens = this.normalizer.normalize(text, kind).tokens;
          if (tokens.length === 0) continue;
          const ids = tokens.map((token) => vocabulary.intern(token));
          const signature = ids.join(',');
          if (seen.has(signature)) continue;
          seen.add(signature);
          tokenStart.push(tokenWords.length);
          for (const id of ids) tokenWords.push(id);
          nameEntity.push(entityIndex);
          nameTypes.push(Math.max(0, NAME_TYPES.indexOf(name.type)));
          nameIsPerson.push(kind === 'person' ? 1 : 0);
          nameWeights.push(tokens.reduce((total, token) => total + token.weight, 0));
          nameSources.push(Math.min(position, 65_535));
        }
      });
      for (const identifier of entity.identifiers) {
        const value = normalizeIdNumber(identifier.value);
        if (value.length === 0) continue;
        const holders = this.identifiers.get(value);
        if (!holders) this.identifiers.set(value, [entityIndex]);
        else if (holders.at(-1) !== entityIndex) holders.push(entityIndex);
      }
    });
    entityNameStart[entities.length] = nameEntity.length;
    tokenStart.push(tokenWords.length);
    vocabulary.seal();

    const words = tokenWords.toArray();
    const starts = tokenStart.toArray();
    const nameWeight = Float32Array.from(nameWeights);
    const { postingStart, postings } = buildPostings(words, starts, nameWeight, vocabulary.size);
    this.lists = [...listIndex.keys()];
    this.entityNameStart = entityNameStart;
    this.nameType = Uint8Array.from(nameTypes);
    this.nameSource = Uint16Array.from(nameSources);
    const isPairWord = Uint8Array.from(vocabulary.words, pairRoleOf);
    this.names = {
      wordPairs: WordPairIndex.build(starts, words, isPairWord),
      isPairWord,
      nameCount: nameEntity.length,
      tokenStart: starts,
      tokenWords: words,
      postingStart,
      postings,
      nameEntity: nameEntity.toArray(),
      nameIsPerson: Uint8Array.from(nameIsPerson),
      nameWeight,
      entityList,
      vocabulary,
    };
    this.retriever = new CandidateRetriever(this.names);
    this.exactNames = ExactNameIndex.build(starts, words);
  }

  /** Builds an index over the entities of one or more lists (each entity carries its `list`). */
  static build(entities: readonly WatchlistEntity[], options: ScreeningIndexOptions = {}): ScreeningIndex {
    return new ScreeningIndex(entities, options);
  }

  get stats(): ScreeningIndexStats {
    const arrays = [this.names.tokenStart, this.names.tokenWords, this.names.postingStart, this.names.postings, this.names.nameEntity];
    const arrayBytes =
      arrays.reduce((total, array) => total + array.byteLength, 0) +
      this.names.nameIsPerson.byteLength +
      this.names.nameWeight.byteLength +
      this.nameType.byteLength +
      this.nameSource.byteLength;
    return {
      entities: this.entities.length,
      names: this.names.nameCount,
      words: this.names.vocabulary.size,
      lists: [...this.lists],
      approximateBytes:
        arrayBytes +
        this.names.vocabulary.byteEstimate +
        this.names.wordPairs.byteSize +
        this.exactNames.byteSize +
        this.entityNameStart.byteLength,
    };
  }

  /** The thresholds this index applies when a query gives none. */
  get defaultThresholds(): Thresholds {
    return this.thresholds;
  }

  /** Screens one customer: hits at or above their hit type's threshold, best first. */
  screen(query: ScreeningQuery, options: ScreeningOptions = {}): ScreeningHit[] {
    const thresholds = resolveThresholds(this.thresholds, options);
    const facts = readQueryFacts(query, this.normalizer);
    const maxBonus = possibleQualifierBonus(facts);
    const minSimilarity = Math.max(0, (lowestThreshold(thresholds) - maxBonus) / 100);

    const best = new Map<number, { match: NameMatch; reading: QueryReading }>();
    const readings = this.readQuery(query);
    for (const reading of readings) {
      const { normalized, wordMatches } = reading;
      const filter = this.buildFilter(reading.filterKind, options);
      const candidates =
        normalized.tokens.length === 0 ? [] : this.retriever.retrieve(normalized, wordMatches, filter, minSimilarity, this.maxCandidates);
      for (const name of this.exactCandidates(normalized, filter)) candidates.push(name);
      for (const name of candidates) {
        const match = this.matchName(normalized, wordMatches, name);
        const entity = this.names.nameEntity[name]!;
        const current = best.get(entity);
        if (!current || match.similarity > current.match.similarity) best.set(entity, { match, reading });
      }
    }
    for (const entity of this.entitiesById(facts, this.buildFilter('unknown', options))) {
      if (best.has(entity)) continue;
      const reading = this.readingFor(readings, entity);
      best.set(entity, { match: this.bestNameOf(entity, reading.normalized, reading.wordMatches), reading });
    }

    const hits: ScreeningHit[] = [];
    for (const [entityIndex, { match, reading }] of best) {
      const hit = buildHit(this.entities[entityIndex]!, match, reading.normalized, facts, this.normalizer, thresholds, maxBonus);
      if (hit) hits.push(hit);
    }
    const evidence = new Map(hits.map((hit) => [hit, hitEvidence(hit)]));
    hits.sort(
      (a, b) =>
        b.score - a.score ||
        evidence.get(b)! - evidence.get(a)! ||
        b.explanation.name.score - a.explanation.name.score ||
        a.list.localeCompare(b.list) ||
        a.id.localeCompare(b.id),
    );
    return hits.slice(0, options.maxHits ?? DEFAULT_MAX_HITS);
  }

  /**
   * The query as the index reads it. A query of stated kind is read once and compared with names of
   * that kind. A query of unknown kind whose words suggest a kind (a legal form: an organisation; a
   * leading title: a person) is read that way for names of that kind, and also as the other kind
   * for the other names: the guess must never hide a listed name, because the suggesting word is
   * often a short name word ('Khun Sa', 'Iyad ag Ghali', 'Yu Rong Du' hold words that are legal
   * forms somewhere; 'General Petroleum Corporation' and 'MS-13' start with a title).
   */
  private readQuery(query: ScreeningQuery): QueryReading[] {
    const kind: NameKind = query.type ?? 'unknown';
    const normalized = this.normalizer.normalize(query.name, kind);
    const first = this.reading(normalized, normalized.kind);
    if (kind !== 'unknown' || normalized.kind === 'unknown') return [first];
    const otherKind = normalized.kind === 'person' ? 'organisation' : 'person';
    return [first, this.reading(this.normalizer.normalize(query.name, otherKind), otherKind)];
  }

  private reading(normalized: NormalizedName, filterKind: NameKind): QueryReading {
    const wordMatches = normalized.tokens.map((token) => (token.kind === 'initial' ? NO_WORDS : this.findSimilarWords(token)));
    return { normalized, wordMatches, filterKind };
  }

  /**
   * Names made of exactly the query's words, in any order: they are scored whatever the bounded
   * candidate search kept, so an exact listed name is never lost among namesakes of common words.
   */
  private exactCandidates(query: NormalizedName, filter: CandidateFilter): number[] {
    const { vocabulary, nameIsPerson, nameEntity, entityList } = this.names;
    const choices: number[][] = [];
    let readings = 1;
    for (const token of query.tokens) {
      const ids = vocabulary.findBySpelling(token.text).filter((id) => vocabulary.words[id]!.text === token.text);
      readings *= ids.length;
      if (readings === 0 || readings > MAX_EXACT_READINGS) return [];
      choices.push(ids);
    }
    const found: number[] = [];
    const wanted = filter.kind === 'person' ? 1 : 0;
    const collect = (position: number, chosen: number[]): void => {
      if (position === choices.length) {
        this.exactNames.collectNames(
          chosen.toSorted((a, b) => a - b),
          found,
        );
        return;
      }
      for (const id of choices[position]!) collect(position + 1, [...chosen, id]);
    };
    collect(0, []);
    return found.filter(
      (name) =>
        (filter.kind === 'any' || nameIsPerson[name] === wanted) &&
        (!filter.allowedLists || filter.allowedLists[entityList[nameEntity[name]!]!] === 1),
    );
  }

  /** The reading meant for an entity's kind (the first when the query was read once). */
  private readingFor(readings: readonly QueryReading[], entity: number): QueryReading {
    const kind = kindOfEntity(this.entities[entity]!);
    return readings.find((reading) => reading.filterKind === kind) ?? readings[0]!;
  }

  /**
   * Customer files repeat first names and surnames, so the vocabulary words resembling a query
   * word are remembered (the normaliser hands out one token object per distinct word), with the
   * lists retrieval reads, in one entry bounded by SIMILAR_WORDS_CACHE_LIMIT.
   */
  private findSimilarWords(token: NameToken): QueryWordMatch {
    const cached = this.similarWords.get(token);
    if (cached) return cached;
    const found = toQueryWordMatch(this.names.vocabulary.findSimilar(token));
    if (this.similarWords.size >= SIMILAR_WORDS_CACHE_LIMIT) this.similarWords.clear();
    this.similarWords.set(token, found);
    return found;
  }

  private buildFilter(kind: NameKind, options: ScreeningOptions): CandidateFilter {
    const filter: CandidateFilter = { kind: kind === 'unknown' ? 'any' : kind };
    if (options.lists) {
      const allowed = new Uint8Array(Math.max(1, this.lists.length));
      for (const list of options.lists) {
        const index = this.lists.indexOf(list);
        if (index >= 0) allowed[index] = 1;
      }
      filter.allowedLists = allowed;
    }
    return filter;
  }

  private entitiesById(facts: QueryFacts, filter: CandidateFilter): number[] {
    if (!facts.idNumber) return [];
    return (this.identifiers.get(facts.idNumber) ?? []).filter(
      (entity) => !filter.allowedLists || filter.allowedLists[this.names.entityList[entity]!] === 1,
    );
  }

  private bestNameOf(entity: number, query: NormalizedName, wordMatches: QueryWordMatches): NameMatch {
    let best: NameMatch | undefined;
    for (let name = this.entityNameStart[entity]!; name < this.entityNameStart[entity + 1]!; name += 1) {
      const match = this.matchName(query, wordMatches, name);
      if (!best || match.similarity > best.similarity) best = match;
    }
    return best ?? { alignment: emptyAlignment(query), similarity: 0, listedName: '', listedNameType: 'primary', listedTokens: [] };
  }

  private matchName(query: NormalizedName, wordMatches: QueryWordMatches, name: number): NameMatch {
    const { tokenStart, tokenWords, vocabulary, nameEntity, nameIsPerson } = this.names;
    const start = tokenStart[name]!;
    const end = tokenStart[name + 1]!;
    const listedTokens: NameToken[] = [];
    for (let index = start; index < end; index += 1) listedTokens.push(vocabulary.words[tokenWords[index]!]!);
    this.comparer.prepare(wordMatches, tokenWords, start);
    const isPerson = query.kind === 'person' || nameIsPerson[name] === 1;
    const alignment = alignNames(query.tokens, listedTokens, this.comparer, isPerson);
    const nameType = NAME_TYPES[this.nameType[name]!] ?? 'primary';
    const entity = this.entities[nameEntity[name]!]!;
    const listedName = entity.names[this.nameSource[name]!]?.full ?? entity.names[0]?.full ?? '';
    const similarity = nameType === 'weak' ? alignment.similarity * WEAK_ALIAS_FACTOR : alignment.similarity;
    return { alignment, similarity, listedName, listedNameType: nameType, listedTokens };
  }
}

/**
 * Answers word similarities from the query's vocabulary matches. The lookup already found every
 * word resembling each query word (same spelling, equivalence key, skeleton, or within the deletion
 * index's edits); anything else is no match. One instance is reused for every candidate name.
 */
class CachedWordComparer implements WordComparer {
  private wordMatches: QueryWordMatches = [];
  private tokenWords: Uint32Array = new Uint32Array(0);
  private start = 0;

  prepare(wordMatches: QueryWordMatches, tokenWords: Uint32Array, start: number): void {
    this.wordMatches = wordMatches;
    this.tokenWords = tokenWords;
    this.start = start;
  }

  compare(queryIndex: number, candidateIndex: number): TokenSimilarity {
    return this.wordMatches[queryIndex]!.byWordId.get(this.tokenWords[this.start + candidateIndex]!) ?? NO_MATCH;
  }
}

function emptyAlignment(query: NormalizedName): NameAlignment {
  return { similarity: 0, pairs: [], unmatchedQuery: query.tokens.map((_, index) => index), unmatchedCandidate: [] };
}

/**
 * Postings per word, each list ordered by the name's total word weight (light, short names first,
 * then by name id), so that retrieval can stop reading a list where names grow too long to match.
 */
function buildPostings(
  words: Uint32Array,
  starts: Uint32Array,
  nameWeight: Float32Array,
  wordCount: number,
): { postingStart: Uint32Array; postings: Uint32Array } {
  const nameCount = nameWeight.length;
  const counts = new Uint32Array(wordCount + 1);
  const lastName = new Int32Array(wordCount).fill(-1);
  for (let name = 0; name < nameCount; name += 1) {
    for (let index = starts[name]!; index < starts[name + 1]!; index += 1) {
      const word = words[index]!;
      if (lastName[word] === name) continue;
      lastName[word] = name;
      counts[word + 1] = counts[word + 1]! + 1;
    }
  }
  for (let word = 0; word < wordCount; word += 1) counts[word + 1] = counts[word + 1]! + counts[word]!;
  const postingStart = counts;
  const postings = new Uint32Array(postingStart[wordCount]!);
  const cursor = postingStart.slice(0, wordCount);
  const byWeight = Uint32Array.from({ length: nameCount }, (_, name) => name).toSorted((a, b) => nameWeight[a]! - nameWeight[b]! || a - b);
  lastName.fill(-1);
  for (const name of byWeight) {
    for (let index = starts[name]!; index < starts[name + 1]!; index += 1) {
      const word = words[index]!;
      if (lastName[word] === name) continue;
      lastName[word] = name;
      postings[cursor[word]!++] = name;
    }
  }
  return { postingStart, postings };
}
