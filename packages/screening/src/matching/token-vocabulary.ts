/**
 * The distinct words of every listed name, each with an integer id, and the lookups that find the
 * words similar to a query word: same spelling, same equivalence key (variants, nicknames, legal
 * forms), same consonant skeleton, or within a couple of edits (deletion index). Matching works on
 * word ids, so a word is compared with a query word once per query, not once per name.
 */
import type { NameToken } from '../normalize/name-types';
import { skeletonOfLetters } from '../normalize/abjad-reading';
import { skeletonReadings } from '../normalize/phonetic-form';
import { DeletionIndex } from './deletion-index';
import { MIN_WORD_SIMILARITY } from './name-alignment';
import { compareTokens, type TokenSimilarity } from './token-similarity';

export interface WordMatchCandidate {
  wordId: number;
  match: TokenSimilarity;
}

function wordKey(token: NameToken): string {
  return `${token.kind}|${token.spellings.join(',')}|${token.skeleton}|${token.letters}|${token.isAbjad ? 1 : 0}|${token.keys.join(',')}`;
}

function push(map: Map<string, number[]>, key: string, id: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [id]);
  else if (list.at(-1) !== id) list.push(id);
}

/**
 * A reading without its final vowel mark, for a mark one side may leave unwritten or write with
 * another letter (compareTokens scores the difference: 'Swe' / سوي reads in full, 'sE' / 'sI').
 */
function withoutFinalMark(reading: string): string[] {
  return /[AIUE]$/.test(reading) && reading.length >= 2 ? [reading, reading.slice(0, -1)] : [reading];
}

/**
 * Where a word's skeleton is filed: under each of its readings, and a Latin final 'e' (mark 'E'),
 * silent in an abjad, also under the bare consonants.
 */
function skeletonKeys(skeleton: string): string[] {
  return skeletonReadings(skeleton).flatMap((reading) => (reading.endsWith('E') ? [reading, reading.slice(0, -1)] : [reading]));
}

/** The skeletons to look up for a query word: each reading, with and without its final vowel mark. */
function skeletonsToLookUp(skeleton: string): string[] {
  return skeletonReadings(skeleton).flatMap(withoutFinalMark);
}

export class TokenVocabulary {
  readonly words: NameToken[] = [];
  private readonly idByToken = new Map<NameToken, number>();
  private readonly idByKey = new Map<string, number>();
  private readonly bySpelling = new Map<string, number[]>();
  private readonly byEquivalence = new Map<string, number[]>();
  private readonly bySkeleton = new Map<string, number[]>();
  private readonly abjadBySkeleton = new Map<string, number[]>();
  private deletions: DeletionIndex | undefined;
  private stamps = new Uint32Array(0);
  /** First letter code of each word, and the same only for initials (0 for other words). */
  firstLetters = new Uint16Array(0);
  initialLetters = new Uint16Array(0);
  private stampEpoch = 0;

  /** The id of a word, adding it on first sight. */
  intern(token: NameToken): number {
    const known = this.idByToken.get(token);
    if (known !== undefined) return known;
    const key = wordKey(token);
    let id = this.idByKey.get(key);
    if (id === undefined) {
      id = this.words.length;
      this.words.push(token);
      this.idByKey.set(key, id);
    }
    this.idByToken.set(token, id);
    return id;
  }

  get size(): number {
    return this.words.length;
  }

  /** Builds the lookups once every name has been interned; the interning maps are released. */
  seal(): void {
    this.idByToken.clear();
    this.idByKey.clear();
    const spellingsById: string[][] = [];
    for (let id = 0; id < this.words.length; id += 1) {
      const word = this.words[id]!;
      const spellings = new Set<string>([...word.spellings, ...word.forms]);
      for (const spelling of spellings) push(this.bySpelling, spelling, id);
      for (const key of word.keys) push(this.byEquivalence, key, id);
      // Patronymics too: an abjad writes 'Petrovich' with its consonants like any other word.
      if (word.skeleton.length >= 1 && (word.isAbjad || word.kind === 'word' || word.kind === 'patronymic')) {
        for (const key of skeletonKeys(word.skeleton)) {
          push(this.bySkeleton, key, id);
          if (word.isAbjad) push(this.abjadBySkeleton, key, id);
        }
      }
      spellingsById.push(word.kind === 'initial' ? [] : [...new Set([word.forms[0]!, word.text])]);
    }
    this.deletions = DeletionIndex.build(spellingsById);
    this.stamps = new Uint32Array(this.words.length);
    this.firstLetters = Uint16Array.from(this.words, (word) => word.text.charCodeAt(0) || 0);
    this.initialLetters = Uint16Array.from(this.words, (word) => (word.kind === 'initial' ? word.text.charCodeAt(0) || 0 : 0));
  }

  get byteEstimate(): number {
    return (this.deletions?.byteSize ?? 0) + this.words.length * 200;
  }

  /** Ids of words spelled exactly like this (any spelling or spelling-neutral form). */
  findBySpelling(spelling: string): readonly number[] {
    return this.bySpelling.get(spelling) ?? [];
  }

  /** Ids of the words filed under a consonant skeleton, in any of its readings, with or without its final vowel mark. */
  findBySkeleton(skeleton: string): number[] {
    const ids: number[] = [];
    for (const key of skeletonsToLookUp(skeleton)) ids.push(...(this.bySkeleton.get(key) ?? []));
    return [...new Set(ids)];
  }

  /** Words spelled like a joined query word, or one deletion away from it (joined words are long and rarely listed). */
  findJoined(joined: NameToken): WordMatchCandidate[] {
    const ids = [...(this.bySpelling.get(joined.text) ?? [])];
    this.deletions?.lookup(joined.forms[0]!, ids, 1);
    return this.keepSimilar(joined, ids);
  }

  /**
   * Every vocabulary word at least MIN_WORD_SIMILARITY alike to `query`, with how it matched.
   * Skeleton lookups are only made for words from scripts without written vowels, where the
   * spellings alone would miss ('محمد' / 'Muhammad').
   */
  findSimilar(query: NameToken): WordMatchCandidate[] {
    const ids: number[] = [];
    for (const spelling of query.spellings) ids.push(...(this.bySpelling.get(spelling) ?? []));
    for (const form of query.forms) ids.push(...(this.bySpelling.get(form) ?? []));
    for (const key of query.keys) ids.push(...(this.byEquivalence.get(key) ?? []));
    this.deletions?.lookup(query.forms[0]!, ids);
    if (query.text !== query.forms[0]) this.deletions?.lookup(query.text, ids);
    // A word read from another script has several readings, any of which may be the listed one
    // ('악발' read as akbal and akbar): each is looked up by its edits too, not only the first.
    for (let index = 1; index < query.forms.length; index += 1) this.deletions?.lookup(query.forms[index]!, ids, 1);
    // Even one consonant: an abjad word that keeps one ('Yun' / ين, 'David' / דוד) is found by it
    // and kept only if its written letters read as the word (compareTokens).
    if (query.skeleton.length >= 1) {
      const skeletons = query.isAbjad ? this.bySkeleton : this.abjadBySkeleton;
      for (const skeleton of skeletonsToLookUp(query.skeleton)) ids.push(...(skeletons.get(skeleton) ?? []));
    }
    // A word split from its article keeps the whole word's letters ('البرتو' / 'Alberto').
    const written = query.letters ? skeletonOfLetters(query.letters) : '';
    if (written.length >= 2 && written !== query.skeleton) {
      for (const skeleton of skeletonsToLookUp(written)) ids.push(...(this.bySkeleton.get(skeleton) ?? []));
    }
    return this.keepSimilar(query, ids);
  }

  /** Compares each distinct id once (a per-call stamp instead of a set) and keeps the similar words. */
  private keepSimilar(query: NameToken, ids: readonly number[]): WordMatchCandidate[] {
    this.stampEpoch += 1;
    if (this.stampEpoch === 0xffffffff) {
      this.stamps.fill(0);
      this.stampEpoch = 1;
    }
    const found: WordMatchCandidate[] = [];
    for (const id of ids) {
      if (this.stamps[id] === this.stampEpoch) continue;
      this.stamps[id] = this.stampEpoch;
      const word = this.words[id]!;
      if (word.kind === 'initial') continue;
      const match = compareTokens(query, word);
      if (match.similarity >= MIN_WORD_SIMILARITY) found.push({ wordId: id, match });
    }
    return found;
  }
}
