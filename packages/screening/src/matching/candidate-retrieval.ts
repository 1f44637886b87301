/**
 * Picks the few listed names worth scoring for a query, from the postings of the vocabulary words
 * that resemble the query's words. Two bounds keep the work small at a million names:
 *
 * - only the query's rarest words generate candidates, enough of them that a name matching none
 *   of them could not reach the threshold (the common words still count when candidates are scored);
 * - at most `maxCandidates` names, those with the highest accumulated word evidence, are scored.
 */
import type { NameToken, NormalizedName } from '../normalize/name-types';
import { joinNameTokens } from '../normalize/token-joining';
import type { TokenSimilarity } from './token-similarity';
import type { TokenVocabulary, WordMatchCandidate } from './token-vocabulary';

/** The compact arrays of an index that retrieval reads. */
export interface IndexedNames {
  nameCount: number;
  /** Word ids of name n: tokenWords[tokenStart[n] .. tokenStart[n + 1]). */
  tokenStart: Uint32Array;
  tokenWords: Uint32Array;
  /** Names containing word w: postings[postingStart[w] .. postingStart[w + 1]). */
  postingStart: Uint32Array;
  postings: Uint32Array;
  nameEntity: Uint32Array;
  /** 1 when the name belongs to a person. */
  nameIsPerson: Uint8Array;
  entityList: Uint16Array;
  vocabulary: TokenVocabulary;
}

export interface CandidateFilter {
  /** person: only people; organisation: only non-people; any: both. */
  kind: 'person' | 'organisation' | 'any';
  /** allowedLists[listIndex] === 1 when that list may answer; undefined for all lists. */
  allowedLists?: Uint8Array;
}

interface Generator {
  weight: number;
  matches: readonly WordMatchCandidate[];
  cost: number;
}

/** Slack for pair weights that exceed the query word's own weight when bounding a candidate. */
const BOUND_SLACK = 1.5;
const MIN_SPLIT_PART = 3;
const JOINED_CACHE_LIMIT = 50_000;
const SPLIT_MATCH: TokenSimilarity = { similarity: 0.9, how: 'joined' };

function sumWeights(tokens: readonly NameToken[]): number {
  let total = 0;
  for (const token of tokens) total += token.weight;
  return total;
}

/** Similarity of each query word to the vocabulary words that resemble it. */
export type QueryWordMatches = Map<number, TokenSimilarity>[];

function toCandidates(matches: Map<number, TokenSimilarity>): WordMatchCandidate[] {
  return [...matches].map(([wordId, match]) => ({ wordId, match }));
}

export class CandidateRetriever {
  private readonly names: IndexedNames;
  private readonly evidence: Float32Array;
  private touched: Uint32Array;
  private touchedCount = 0;
  private readonly joinedWords = new Map<string, readonly WordMatchCandidate[]>();

  constructor(names: IndexedNames) {
    this.names = names;
    this.evidence = new Float32Array(names.nameCount);
    this.touched = new Uint32Array(1024);
  }

  private postingCost(matches: readonly WordMatchCandidate[]): number {
    let cost = 0;
    for (const { wordId } of matches) cost += this.names.postingStart[wordId + 1]! - this.names.postingStart[wordId]!;
    return cost;
  }

  /** Listed words spelled like adjacent query words run together; remembered across queries. */
  private findJoinedWords(run: readonly NameToken[]): readonly WordMatchCandidate[] {
    const key = run.map((token) => token.text).join(' ');
    let matches = this.joinedWords.get(key);
    if (!matches) {
      matches = this.names.vocabulary.findJoined(joinNameTokens(run));
      this.remember(key, matches);
    }
    return matches;
  }

  /** Pairs of listed words that a query word is made of ('siemensag' → 'siemens' 'ag'). */
  private findSplitWords(text: string): readonly WordMatchCandidate[] {
    const key = `|${text}`;
    let parts = this.joinedWords.get(key);
    if (!parts) {
      const found: WordMatchCandidate[] = [];
      const vocabulary = this.names.vocabulary;
      for (let cut = MIN_SPLIT_PART; cut <= text.length - MIN_SPLIT_PART; cut += 1) {
        const left = vocabulary.findBySpelling(text.slice(0, cut));
        if (left.length === 0) continue;
        const right = vocabulary.findBySpelling(text.slice(cut));
        if (right.length === 0) continue;
        for (const wordId of [...left, ...right]) found.push({ wordId, match: SPLIT_MATCH });
      }
      parts = found;
      this.remember(key, parts);
    }
    return parts;
  }

  private remember(key: string, matches: readonly WordMatchCandidate[]): void {
    if (this.joinedWords.size >= JOINED_CACHE_LIMIT) this.joinedWords.clear();
    this.joinedWords.set(key, matches);
  }

  /** Words a query writes apart that the list may write as one, and the reverse. */
  private collectJoinsAndSplits(tokens: readonly NameToken[]): Generator[] {
    const generators: Generator[] = [];
    for (let start = 0; start < tokens.length; start += 1) {
      for (let count = 2; count <= 3 && start + count <= tokens.length; count += 1) {
        const run = tokens.slice(start, start + count);
        if (run.some((token) => token.kind === 'initial' || token.kind === 'number')) break;
        const matches = this.findJoinedWords(run);
        if (matches.length > 0) generators.push({ weight: sumWeights(run), matches, cost: this.postingCost(matches) });
      }
      const text = tokens[start]!.text;
      if (tokens[start]!.kind !== 'word' || text.length < 2 * MIN_SPLIT_PART) continue;
      const parts = this.findSplitWords(text);
      if (parts.length > 0) generators.push({ weight: tokens[start]!.weight, matches: parts, cost: this.postingCost(parts) });
    }
    return generators;
  }

  private accumulate(generator: Generator, filter: CandidateFilter): void {
    const { postingStart, postings, nameIsPerson, nameEntity, entityList } = this.names;
    const wantPerson = filter.kind === 'person' ? 1 : 0;
    for (const { wordId, match } of generator.matches) {
      const gain = generator.weight * match.similarity;
      const end = postingStart[wordId + 1]!;
      for (let index = postingStart[wordId]!; index < end; index += 1) {
        const name = postings[index]!;
        if (filter.kind !== 'any' && nameIsPerson[name] !== wantPerson) continue;
        if (filter.allowedLists && filter.allowedLists[entityList[nameEntity[name]!]!] !== 1) continue;
        if (this.evidence[name] === 0) {
          if (this.touchedCount === this.touched.length) {
            const grown = new Uint32Array(this.touched.length * 2);
            grown.set(this.touched);
            this.touched = grown;
          }
          this.touched[this.touchedCount++] = name;
        }
        this.evidence[name] = this.evidence[name]! + gain;
      }
    }
  }

  /**
   * Name ids worth scoring, most promising first. `minSimilarity` is the lowest name similarity
   * (0..1) that could still pass a threshold once qualifiers are added.
   */
  retrieve(query: NormalizedName, wordMatches: QueryWordMatches, filter: CandidateFilter, minSimilarity: number, maxCandidates: number): number[] {
    const tokens = query.tokens;
    const totalWeight = tokens.reduce((total, token) => total + token.weight, 0);
    if (totalWeight === 0) return [];
    const single: (Generator & { index: number })[] = [];
    tokens.forEach((token, index) => {
      if (token.kind === 'initial') return;
      const matches = toCandidates(wordMatches[index]!);
      single.push({ index, weight: token.weight, matches, cost: this.postingCost(matches) });
    });
    single.sort((a, b) => a.cost - b.cost || b.weight - a.weight);

    // Generators are taken rarest first until the words left out (initials included) could not
    // carry a match alone: a name matching none of the chosen words misses their whole weight.
    let leftOut = totalWeight;
    let chosen = 0;
    const generators: Generator[] = [];
    for (const generator of single) {
      if (BOUND_SLACK * leftOut * (1 - minSimilarity) < minSimilarity * chosen) break;
      generators.push(generator);
      leftOut -= generator.weight;
      chosen += generator.weight;
    }
    generators.push(...this.collectJoinsAndSplits(tokens));

    this.touchedCount = 0;
    for (const generator of generators) this.accumulate(generator, filter);
    const slack = BOUND_SLACK * leftOut;
    const selected = this.selectBest(totalWeight, slack, minSimilarity, maxCandidates);
    for (let index = 0; index < this.touchedCount; index += 1) this.evidence[this.touched[index]!] = 0;
    return selected;
  }

  /** The names with the most evidence whose optimistic bound reaches `minSimilarity`, best first. */
  private selectBest(totalWeight: number, slack: number, minSimilarity: number, maxCandidates: number): number[] {
    const heapNames = new Uint32Array(maxCandidates);
    const heapScores = new Float32Array(maxCandidates);
    let heapSize = 0;
    const minEvidence = minSimilarity * totalWeight - slack;
    for (let index = 0; index < this.touchedCount; index += 1) {
      const name = this.touched[index]!;
      const score = this.evidence[name]!;
      if (score < minEvidence) continue;
      if (heapSize < maxCandidates) {
        let position = heapSize++;
        while (position > 0) {
          const parent = (position - 1) >> 1;
          if (heapScores[parent]! <= score) break;
          heapScores[position] = heapScores[parent]!;
          heapNames[position] = heapNames[parent]!;
          position = parent;
        }
        heapScores[position] = score;
        heapNames[position] = name;
      } else if (score > heapScores[0]!) {
        siftDown(heapNames, heapScores, heapSize, name, score);
      }
    }
    const order = Array.from({ length: heapSize }, (_, index) => index);
    order.sort((a, b) => heapScores[b]! - heapScores[a]! || heapNames[a]! - heapNames[b]!);
    return order.map((index) => heapNames[index]!);
  }
}

/** Replaces the heap's minimum with (name, score) and restores the heap order. */
function siftDown(names: Uint32Array, scores: Float32Array, size: number, name: number, score: number): void {
  let position = 0;
  for (;;) {
    const left = 2 * position + 1;
    if (left >= size) break;
    const right = left + 1;
    const child = right < size && scores[right]! < scores[left]! ? right : left;
    if (scores[child]! >= score) break;
    scores[position] = scores[child]!;
    names[position] = names[child]!;
    position = child;
  }
  scores[position] = score;
  names[position] = name;
}
