/**
 * The distinct words of every listed name, each with an integer id, and the lookups that find the
 * words similar to a query word: same spelling, same equivalence key (variants, nicknames, legal
 * forms), same consonant skeleton, or within a couple of edits (deletion index). Matching works on
 * word ids, so a word is compared with a query word once per query, not once per name.
 */
import type { NameToken } from '../normalize/name-types';
import { DeletionIndex } from './deletion-index';
import { MIN_WORD_SIMILARITY } from './name-alignment';
import { compareTokens, type TokenSimilarity } from './token-similarity';

export interface WordMatchCandidate {
  wordId: number;
  match: TokenSimilarity;
}

function wordKey(token: NameToken): string {
  return `${token.kind}|${token.spellings.join(',')}|${token.skeleton}|${token.isAbjad ? 1 : 0}|${token.keys.join(',')}`;
}

function push(map: Map<string, number[]>, key: string, id: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [id]);
  else if (list.at(-1) !== id) list.push(id);
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
      if (word.skeleton.length >= 2 && (word.isAbjad || word.kind === 'word')) {
        push(this.bySkeleton, word.skeleton, id);
        if (word.isAbjad) push(this.abjadBySkeleton, word.skeleton, id);
      }
      spellingsById.push(word.kind === 'initial' ? [] : [...new Set([word.forms[0]!, word.text])]);
    }
    this.deletions = DeletionIndex.build(spellingsById);
  }

  get byteEstimate(): number {
    return (this.deletions?.byteSize ?? 0) + this.words.length * 200;
  }

  /** Ids of words spelled exactly like this (any spelling or spelling-neutral form). */
  findBySpelling(spelling: string): readonly number[] {
    return this.bySpelling.get(spelling) ?? [];
  }

  /** Words spelled like a joined query word, or one deletion away from it (joined words are long and rarely listed). */
  findJoined(joined: NameToken): WordMatchCandidate[] {
    const seen = new Set<number>();
    const found: WordMatchCandidate[] = [];
    const consider = (id: number): void => {
      if (seen.has(id)) return;
      seen.add(id);
      const match = compareTokens(joined, this.words[id]!);
      if (match.similarity >= MIN_WORD_SIMILARITY) found.push({ wordId: id, match });
    };
    this.bySpelling.get(joined.text)?.forEach(consider);
    this.deletions?.lookup(joined.forms[0]!, consider, 1);
    return found;
  }

  /**
   * Every vocabulary word at least MIN_WORD_SIMILARITY alike to `query`, with how it matched.
   * Skeleton lookups are only made for words from scripts without written vowels, where the
   * spellings alone would miss ('محمد' / 'Muhammad').
   */
  findSimilar(query: NameToken, maxDeletions = 2): WordMatchCandidate[] {
    const seen = new Set<number>();
    const found: WordMatchCandidate[] = [];
    const consider = (id: number): void => {
      if (seen.has(id)) return;
      seen.add(id);
      const word = this.words[id]!;
      if (word.kind === 'initial') return;
      const match = compareTokens(query, word);
      if (match.similarity >= MIN_WORD_SIMILARITY) found.push({ wordId: id, match });
    };
    for (const spelling of new Set([...query.spellings, ...query.forms])) this.bySpelling.get(spelling)?.forEach(consider);
    for (const key of query.keys) this.byEquivalence.get(key)?.forEach(consider);
    this.deletions?.lookup(query.forms[0]!, consider, maxDeletions);
    if (query.text !== query.forms[0]) this.deletions?.lookup(query.text, consider, maxDeletions);
    if (query.skeleton.length >= 2) (query.isAbjad ? this.bySkeleton : this.abjadBySkeleton).get(query.skeleton)?.forEach(consider);
    return found;
  }
}
