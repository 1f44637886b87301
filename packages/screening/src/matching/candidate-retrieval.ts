/**
 * Picks the few listed names worth scoring for a query, from the postings of the vocabulary words
 * that resemble the query's words. Three bounds keep the work small at a million names:
 *
 * - only the query's rarest words generate candidates, enough of them that a name matching none
 *   of them could not reach the threshold; the other words are credited from each candidate's own
 *   words, not read from their (long) postings;
 * - a candidate whose optimistic similarity (every query word it could match, less the listed
 *   words a query of this size cannot cover) stays under the threshold is dropped, and postings,
 *   ordered by name weight, are read only up to the heaviest name that could still match;
 * - at most `maxCandidates` names, those with the most evidence, are scored.
 */
import type { NameToken, NormalizedName } from '../normalize/name-types';
import { getNameEquivalences } from '../normalize/name-equivalences';
import { readAbjadParticle, skeletonOfLetters } from '../normalize/abjad-reading';
import { toPhoneticForm } from '../normalize/phonetic-form';
import { joinNameTokens } from '../normalize/token-joining';
import {
  countSignificant,
  maxJoinedLength,
  MIN_JOINED_SIMILARITY,
  MIN_JOINED_WORD_LENGTH,
  minJoinedLength,
  MISSING_LISTED_WORD_FACTOR,
} from './name-alignment';
import type { TokenSimilarity } from './token-similarity';
import type { TokenVocabulary, WordMatchCandidate } from './token-vocabulary';
import { PAIR_DISTINCTIVE, type WordPairIndex } from './word-pair-index';

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
  /** Sum of the name's word weights, to bound how much a short query can cover. */
  nameWeight: Float32Array;
  entityList: Uint16Array;
  vocabulary: TokenVocabulary;
  /**
   * Names by pairs of words, and each word's part in them by word id: 1 distinctive (paired with
   * every other), 2 secondary (particles, light terms, legal forms: paired with distinctive words only).
   */
  wordPairs: WordPairIndex;
  isPairWord: Uint8Array;
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
  /** The same matches, most similar first (ties in their original order): the order postings are read in. */
  byBest: readonly WordMatchCandidate[];
  cost: number;
  /** Credits only names other generators found. */
  isCreditOnly?: boolean;
}

/**
 * The most listed weight a query can cover: a word covers one listed word (several for a long
 * word that may stand for joined ones), an initial one word, a particle or legal form only its
 * like (a listed word of its own weight).
 */
function coverageOf(tokens: readonly NameToken[]): number {
  let coverage = 0;
  for (const token of tokens) {
    if (token.kind === 'particle' || token.kind === 'legal') coverage += token.weight;
    else coverage += Math.min(4, Math.max(1, Math.floor(token.text.length / 5)));
  }
  return coverage;
}

/** Kinds of words indexed in pairs: those that identify (not particles, initials, legal forms, numbers). */
export function isPairToken(token: NameToken): boolean {
  return token.kind === 'word' || token.kind === 'patronymic' || (token.kind === 'term' && token.weight >= 0.5);
}

/** The heaviest listed names (total word weight) that could still match, for people and for others. */
interface WeightLimits {
  person: number;
  other: number;
  highest: number;
}

/** Share of a missing listed word's weight the scorer charges, for people and for others. */
interface MissingFactors {
  person: number;
  other: number;
}

/** As the scorer: a one-word query against a person is charged every listed word it lacks in full. */
function missingFactors(query: NormalizedName): MissingFactors {
  const isOneWord = countSignificant(query.tokens) <= 1;
  const person = isOneWord ? 1 : MISSING_LISTED_WORD_FACTOR;
  return { person, other: query.kind === 'person' ? person : MISSING_LISTED_WORD_FACTOR };
}

interface WordCombination {
  a: number;
  b: number;
  gain: number;
}

interface SplitOption {
  left: readonly number[];
  right: readonly number[];
}

/** A split whose only distinctive part is more common than this is not looked up (the part alone says little). */
const MAX_SPLIT_POSTINGS = 5000;
/** Read names holding both of two words from the pair index once the rarer word has this many postings. */
const PAIRS_FROM_POSTINGS = 3000;
/** More resembling words than this on either side would make too many pairs to look up. */
const MAX_PAIR_MATCHES = 150;
/** A cut of an abjad word whose parts resemble more pairs of listed words than this says too little to look up. */
const MAX_ABJAD_SPLIT_PAIRS = 400;

/** Slack for pair weights that exceed the query word's own weight when choosing generators. */
const BOUND_SLACK = 1.5;
/**
 * Margin under the similarity a candidate must be able to reach: the bound counts query weights
 * where the scorer averages query and listed weights, and leaves out joined and acronym readings
 * of words that generated nothing.
 */
const BOUND_TOLERANCE = 0.05;
const INITIAL_CREDIT = 0.9;
/** Evidence lost per unit of difference between a name's weight and the query's: a tie-break, below any real credit. */
const WEIGHT_GAP_TIE_BREAK = 1e-3;
/** Float32 rounding of heap scores: a bound this close to the heap's minimum is read in full. */
const SCORE_EPSILON = 1e-5;
/** Other words lighter than this (particles, legal forms) are assumed to match rather than read from each name… */
const MIN_CREDITED_WEIGHT = 0.3;
/**
 * …unless the candidates are this few (as when a pair of words found them): then the particle
 * ranks them ('Ali Bin Saeed' prefers the 'bin' names among a thousand Ali Saeeds).
 */
const READ_LIGHT_WORDS_UP_TO = 5000;

/** A query word that generated no candidates, credited from each candidate's own words. */
interface OtherWord {
  weight: number;
  matches: readonly WordMatchCandidate[];
  /** The same similarities as a dense array over word ids, for fast reads per candidate. */
  similarityByWord: Float32Array;
  /** First letter, for initials on either side. */
  initial: number;
  isInitial: boolean;
}

const SLOT_SIZE = 4;
const WEIGHT = 0;
const IS_PERSON = 1;
const EVIDENCE = 2;
const LAST_GENERATOR = 3;

const MIN_SPLIT_PART = 3;
/** Particles may be shorter than other parts of a split word ('de', 'al', 'el'). */
const MIN_PARTICLE_PART = 2;
const JOINED_CACHE_LIMIT = 50_000;
const SPLIT_MATCH: TokenSimilarity = { similarity: 0.9, how: 'joined' };

function sumWeights(tokens: readonly NameToken[]): number {
  let total = 0;
  for (const token of tokens) total += token.weight;
  return total;
}

function bySimilarity(a: WordMatchCandidate, b: WordMatchCandidate): number {
  return b.match.similarity - a.match.similarity;
}

/**
 * The vocabulary words resembling one query word, looked up by word id while scoring and read as
 * lists (in lookup order, and most similar first) while retrieving. Built once per distinct query
 * word and remembered with it, so the lists are not rebuilt per query.
 */
export interface QueryWordMatch {
  byWordId: ReadonlyMap<number, TokenSimilarity>;
  list: readonly WordMatchCandidate[];
  byBest: readonly WordMatchCandidate[];
}

/** Each query word's matches, in query order. */
export type QueryWordMatches = readonly QueryWordMatch[];

/** The lookup's matches of one query word (each word id once) in the shapes retrieval and scoring read. */
export function toQueryWordMatch(found: readonly WordMatchCandidate[]): QueryWordMatch {
  const byWordId = new Map<number, TokenSimilarity>();
  for (const { wordId, match } of found) byWordId.set(wordId, match);
  return { byWordId, list: found, byBest: found.toSorted(bySimilarity) };
}

export class CandidateRetriever {
  private readonly names: IndexedNames;
  /**
   * Four numbers per name, side by side so that reading a posting touches one cache line: the
   * name's weight, 1 for a person, the evidence gathered by this query, and the generator that
   * last credited it (1-based, so one query word counts once per name).
   */
  private readonly slots: Float32Array;
  private touched: Uint32Array;
  private touchedCount = 0;
  private readonly joinedWords = new Map<string, readonly WordMatchCandidate[]>();
  private readonly splits = new Map<string, readonly SplitOption[]>();
  /** Spelling-neutral forms of the parts of split words: the same parts recur across query words. */
  private readonly partForms = new Map<string, string>();
  private readonly similarityArrays: Float32Array[] = [];

  constructor(names: IndexedNames) {
    this.names = names;
    this.slots = new Float32Array(names.nameCount * SLOT_SIZE);
    for (let name = 0; name < names.nameCount; name += 1) {
      this.slots[name * SLOT_SIZE + WEIGHT] = names.nameWeight[name]!;
      this.slots[name * SLOT_SIZE + IS_PERSON] = names.nameIsPerson[name]!;
    }
    this.touched = new Uint32Array(1024);
  }

  private postingCost(matches: readonly WordMatchCandidate[]): number {
    let cost = 0;
    for (const { wordId } of matches) cost += this.names.postingStart[wordId + 1]! - this.names.postingStart[wordId]!;
    return cost;
  }

  /**
   * Listed words spelled like adjacent query words run together, most similar first; remembered
   * across queries. Only the readings the scorer would pair count: a listed word long enough, of a
   * length the run could make, alike enough ('lu ould' is not 'ould').
   */
  private findJoinedWords(run: readonly NameToken[]): readonly WordMatchCandidate[] {
    const key = run.map((token) => token.text).join(' ');
    let matches = this.joinedWords.get(key);
    if (!matches) {
      const joined = joinNameTokens(run);
      const words = this.names.vocabulary.words;
      matches = this.names.vocabulary
        .findJoined(joined)
        .filter(({ wordId, match }) => {
          const length = words[wordId]!.text.length;
          return (
            match.similarity >= MIN_JOINED_SIMILARITY &&
            length >= MIN_JOINED_WORD_LENGTH &&
            joined.text.length <= maxJoinedLength(length) &&
            joined.text.length >= minJoinedLength(length)
          );
        })
        .toSorted(bySimilarity);
      this.remember(key, matches);
    }
    return matches;
  }

  /** Ways a query word is made of two listed words ('alishermusmanov' → 'alisher' 'usmanov'); remembered across queries. */
  private findSplits(text: string): readonly SplitOption[] {
    let options = this.splits.get(text);
    if (!options) {
      const found: SplitOption[] = [];
      for (let cut = MIN_PARTICLE_PART; cut <= text.length - MIN_PARTICLE_PART; cut += 1) {
        const left = this.findPart(text.slice(0, cut));
        if (left.length === 0) continue;
        const right = this.findPart(text.slice(cut));
        if (right.length > 0) found.push({ left, right });
      }
      options = found;
      if (this.splits.size >= JOINED_CACHE_LIMIT) this.splits.clear();
      this.splits.set(text, options);
    }
    return options;
  }

  /**
   * The splits of every spelling of a query word, each pair of parts once: a word romanised from
   * another script splits in the reading that matches the list ('αλχιιαρι' as 'alkhiiari', 'al
   * hiyari'), not necessarily in its usual one ('alchiiari').
   */
  private findSplitsOfWord(token: NameToken): readonly SplitOption[] {
    if (token.isAbjad && token.letters) return [...this.findSplits(token.text), ...this.findAbjadSplits(token.letters)];
    if (token.spellings.length <= 1) return this.findSplits(token.text);
    const seen = new Set<string>();
    const options: SplitOption[] = [];
    for (const spelling of new Set([token.text, ...token.spellings])) {
      for (const option of this.findSplits(spelling)) {
        const key = `${option.left.join(',')}|${option.right.join(',')}`;
        if (seen.has(key)) continue;
        seen.add(key);
        options.push(option);
      }
    }
    return options;
  }

  /**
   * Ways an abjad word is made of two listed words ('ابدلهلم' → 'abdul' 'halim', 'مشرفتمي' →
   * 'moshir' 'fatemi'): its letters cut in two, each part found by its consonants (or read as a
   * particle), since its vowel-less spelling matches no listed spelling. Remembered across queries.
   */
  private findAbjadSplits(letters: string): readonly SplitOption[] {
    const key = `\u0000${letters}`;
    let options = this.splits.get(key);
    if (!options) {
      const found: SplitOption[] = [];
      for (let cut = 2; cut <= letters.length - 2; cut += 1) {
        const left = this.findAbjadPart(letters.slice(0, cut));
        if (left.length === 0) continue;
        const right = this.findAbjadPart(letters.slice(cut));
        if (right.length > 0 && left.length * right.length <= MAX_ABJAD_SPLIT_PAIRS) found.push({ left, right });
      }
      options = found;
      if (this.splits.size >= JOINED_CACHE_LIMIT) this.splits.clear();
      this.splits.set(key, options);
    }
    return options;
  }

  /** Listed words an abjad part may write: a particle, or words of its consonants (two at least). */
  private findAbjadPart(letters: string): readonly number[] {
    const vocabulary = this.names.vocabulary;
    const particle = readAbjadParticle(letters);
    if (particle) return vocabulary.findBySpelling(particle);
    const skeleton = skeletonOfLetters(letters);
    return skeleton.replace(/[AIUE]$/, '').length >= 2 ? vocabulary.findBySkeleton(skeleton) : [];
  }

  /**
   * Listed words spelled as one part of a split query word, in its spelling or its spelling-neutral
   * form ('khiiari' / 'hiyari'). A particle is looked up in its one spelling ('benahmed' → 'ben' →
   * 'bin'), and a part of two letters must be a particle ('dedios' → 'de dios', 'alhiyari' → 'al
   * hiyari'): other two-letter words would split nearly every word.
   */
  private formOfPart(part: string): string {
    let form = this.partForms.get(part);
    if (form === undefined) {
      form = toPhoneticForm(part);
      if (this.partForms.size >= JOINED_CACHE_LIMIT) this.partForms.clear();
      this.partForms.set(part, form);
    }
    return form;
  }

  private findPart(part: string): readonly number[] {
    const particle = getNameEquivalences().canonicalParticle(part);
    const vocabulary = this.names.vocabulary;
    const form = this.formOfPart(part);
    const spelled = vocabulary.findBySpelling(particle ?? part);
    const ids = particle || form === part ? spelled : [...new Set([...spelled, ...vocabulary.findBySpelling(form)])];
    if (part.length >= MIN_SPLIT_PART) return ids;
    const words = this.names.vocabulary.words;
    return ids.filter((id) => words[id]!.kind === 'particle');
  }

  private remember(key: string, matches: readonly WordMatchCandidate[]): void {
    if (this.joinedWords.size >= JOINED_CACHE_LIMIT) this.joinedWords.clear();
    this.joinedWords.set(key, matches);
  }

  /**
   * Listed words that write adjacent query words as one ('Alisher Usmanov' / 'AlisherUsmanov').
   * A run holding no generating word only credits names found otherwise: a name found through it
   * alone lacks every generating word, so it cannot reach the bound ('Mohammed The' would
   * otherwise bring every Mohammed), but a name found through another word may need its credit.
   */
  private collectJoins(tokens: readonly NameToken[], isGenerator: Uint8Array): Generator[] {
    const generators: Generator[] = [];
    for (let start = 0; start < tokens.length; start += 1) {
      for (let count = 2; count <= 3 && start + count <= tokens.length; count += 1) {
        const run = tokens.slice(start, start + count);
        if (run.some((token) => token.kind === 'initial' || token.kind === 'number')) break;
        const matches = this.findJoinedWords(run);
        const isCreditOnly = !isGenerator.subarray(start, start + count).includes(1);
        if (matches.length > 0)
          generators.push({ weight: sumWeights(run), matches, byBest: matches, cost: this.postingCost(matches), isCreditOnly });
      }
    }
    return generators;
  }

  /**
   * Credits names that write a query word as two words. When the parts can be paired (two
   * distinctive words, or one with a particle) the names holding both come from the pair index;
   * otherwise the distinctive part alone generates,
   * if it is rare enough ('siemensag' → 'siemens' with the legal form 'ag'). `isCreditOnly`: split
   * the words that generate nothing, crediting only names found otherwise (as joins of them do).
   */
  private accumulateSplits(
    tokens: readonly NameToken[],
    isGenerator: Uint8Array,
    firstGenerator: number,
    filter: CandidateFilter,
    limits: WeightLimits,
    isCreditOnly: boolean,
  ): number {
    const isPairWord = this.names.isPairWord;
    let generator = firstGenerator;
    for (const [index, token] of tokens.entries()) {
      if ((isGenerator[index] === 1) === isCreditOnly || token.kind !== 'word' || token.text.length < MIN_PARTICLE_PART + MIN_SPLIT_PART)
        continue;
      const gain = token.weight * SPLIT_MATCH.similarity;
      for (const { left, right } of this.findSplitsOfWord(token)) {
        // The pair index pairs a distinctive word with another, or with a particle ('abubakr' → 'abu' 'bakr').
        const combinations: WordCombination[] = [];
        for (const a of left) {
          for (const b of right) {
            const isPair =
              isPairWord[a] !== 0 && isPairWord[b] !== 0 && (isPairWord[a] === PAIR_DISTINCTIVE || isPairWord[b] === PAIR_DISTINCTIVE);
            if (isPair) combinations.push({ a, b, gain });
          }
        }
        if (combinations.length > 0) {
          this.accumulateHolders(combinations, generator, filter, limits, isCreditOnly);
        } else {
          const leftWords = left.filter((wordId) => isPairWord[wordId] === PAIR_DISTINCTIVE);
          const rightWords = right.filter((wordId) => isPairWord[wordId] === PAIR_DISTINCTIVE);
          const matches = [...leftWords, ...rightWords].map((wordId) => ({ wordId, match: SPLIT_MATCH }));
          if (matches.length > 0 && this.postingCost(matches) <= MAX_SPLIT_POSTINGS)
            this.accumulate({ weight: token.weight, matches, byBest: matches, cost: 0, isCreditOnly }, generator, filter, limits);
        }
        generator += 1;
      }
    }
    return generator;
  }

  /** Accumulates the generators that find names, or those that only credit them; generator i is numbered first + i. */
  private accumulateAll(
    generators: readonly Generator[],
    first: number,
    filter: CandidateFilter,
    limits: WeightLimits,
    isCreditOnly: boolean,
  ): void {
    generators.forEach((generator, index) => {
      if ((generator.isCreditOnly === true) === isCreditOnly) this.accumulate(generator, first + index, filter, limits);
    });
  }

  /**
   * Credits every name holding one of the generator's words, best-matching word first, once per
   * name. Postings are ordered by name weight, so reading stops at the first name too heavy to match.
   */
  private accumulate(generator: Generator, generatorNumber: number, filter: CandidateFilter, limits: WeightLimits): void {
    const { postingStart, postings, nameEntity, entityList } = this.names;
    const slots = this.slots;
    const isCreditOnly = generator.isCreditOnly === true;
    const wantPerson = filter.kind === 'person' ? 1 : 0;
    for (const { wordId, match } of generator.byBest) {
      const gain = generator.weight * match.similarity;
      const end = postingStart[wordId + 1]!;
      for (let index = postingStart[wordId]!; index < end; index += 1) {
        const name = postings[index]!;
        const slot = name * SLOT_SIZE;
        const weight = slots[slot + WEIGHT]!;
        if (weight > limits.highest) break;
        const isPerson = slots[slot + IS_PERSON]!;
        if (weight > (isPerson === 1 ? limits.person : limits.other)) continue;
        if (slots[slot + LAST_GENERATOR] === generatorNumber) continue;
        if (filter.kind !== 'any' && isPerson !== wantPerson) continue;
        if (filter.allowedLists && filter.allowedLists[entityList[nameEntity[name]!]!] !== 1) continue;
        if (isCreditOnly && slots[slot + EVIDENCE] === 0) continue;
        slots[slot + LAST_GENERATOR] = generatorNumber;
        this.touch(name);
        slots[slot + EVIDENCE] = slots[slot + EVIDENCE]! + gain;
      }
    }
  }

  /**
   * Name ids worth scoring, most promising first. `minSimilarity` is the lowest name similarity
   * (0..1) that could still pass a threshold once qualifiers are added.
   */
  retrieve(
    query: NormalizedName,
    wordMatches: QueryWordMatches,
    filter: CandidateFilter,
    minSimilarity: number,
    maxCandidates: number,
  ): number[] {
    const tokens = query.tokens;
    const totalWeight = tokens.reduce((total, token) => total + token.weight, 0);
    if (totalWeight === 0) return [];
    const single: (Generator & { index: number })[] = [];
    tokens.forEach((token, index) => {
      if (token.kind === 'initial') return;
      const { list, byBest } = wordMatches[index]!;
      single.push({ index, weight: token.weight, matches: list, byBest, cost: this.postingCost(list) });
    });
    single.sort((a, b) => a.cost - b.cost || b.weight - a.weight);

    // A name heavier than this cannot reach the bound even if it matched every query word: its
    // words beyond what the query can cover would cost too much.
    const bound = minSimilarity - BOUND_TOLERANCE;
    const coverage = coverageOf(tokens);
    const factors = missingFactors(query);
    const limitFor = (factor: number): number =>
      bound <= 0 ? Number.POSITIVE_INFINITY : coverage + (totalWeight / bound - totalWeight) / factor;
    const limits: WeightLimits = { person: limitFor(factors.person), other: limitFor(factors.other), highest: 0 };
    limits.highest = Math.max(limits.person, limits.other);
    const isGenerator = new Uint8Array(tokens.length);
    this.touchedCount = 0;

    const pair = this.choosePair(single, tokens, totalWeight, bound);
    let generators: Generator[];
    if (pair) {
      isGenerator[pair[0].index] = 1;
      isGenerator[pair[1].index] = 1;
      this.accumulatePair(pair[0], pair[1], filter, limits);
      generators = this.collectJoins(tokens, isGenerator);
      this.accumulateAll(generators, 2, filter, limits, false);
    } else {
      // Generators are taken rarest first until the words left out (initials included) could not
      // carry a match alone: a name matching none of the chosen words misses their whole weight.
      let leftOut = totalWeight;
      let chosen = 0;
      generators = [];
      for (const generator of single) {
        if (BOUND_SLACK * leftOut * (1 - minSimilarity) < minSimilarity * chosen) break;
        generators.push(generator);
        isGenerator[generator.index] = 1;
        leftOut -= generator.weight;
        chosen += generator.weight;
      }
      generators.push(...this.collectJoins(tokens, isGenerator));
      this.accumulateAll(generators, 1, filter, limits, false);
    }
    // Names are found first; then the words that generate nothing credit the names found.
    const next = this.accumulateSplits(tokens, isGenerator, generators.length + 2, filter, limits, false);
    this.accumulateAll(generators, next, filter, limits, true);
    this.accumulateSplits(tokens, isGenerator, next + generators.length, filter, limits, true);
    const others: OtherWord[] = [];
    tokens.forEach((token, index) => {
      if (isGenerator[index] === 1) return;
      const similarityByWord = this.borrowSimilarityArray(others.length);
      const { list } = wordMatches[index]!;
      for (const { wordId, match } of list) similarityByWord[wordId] = match.similarity;
      others.push({
        weight: token.weight,
        similarityByWord,
        matches: list,
        initial: token.text.charCodeAt(0),
        isInitial: token.kind === 'initial',
      });
    });
    const selected = this.selectBest(totalWeight, others, coverage, factors, minSimilarity, maxCandidates);
    for (let index = 0; index < this.touchedCount; index += 1) {
      const name = this.touched[index]!;
      this.slots[name * SLOT_SIZE + EVIDENCE] = 0;
      this.slots[name * SLOT_SIZE + LAST_GENERATOR] = 0;
    }
    for (const other of others) for (const { wordId } of other.matches) other.similarityByWord[wordId] = 0;
    return selected;
  }

  /**
   * Two query words every passing name must hold (a name lacking either could not reach the bound
   * even matching all the others), when even the rarer one is common: then names holding both are
   * read from the word-pair index. Undefined when the postings are cheap enough, or when a word
   * resembling one of the two is not indexed in pairs. A query word may resemble a secondary word
   * ('Abndul' the particle 'abdul'), but not both of them: two secondary words are not paired.
   */
  private choosePair(
    single: readonly (Generator & { index: number })[],
    tokens: readonly NameToken[],
    totalWeight: number,
    bound: number,
  ): [Generator & { index: number }, Generator & { index: number }] | undefined {
    const isPairWord = this.names.isPairWord;
    const required = single.filter(
      (generator) =>
        isPairToken(tokens[generator.index]!) &&
        (totalWeight - generator.weight) / totalWeight < bound &&
        generator.matches.length > 0 &&
        generator.matches.length <= MAX_PAIR_MATCHES &&
        generator.matches.every(({ wordId }) => isPairWord[wordId] !== 0),
    );
    if (required.length < 2) return undefined;
    const [first, second] = [required[0]!, required[1]!];
    if (first.cost < PAIRS_FROM_POSTINGS) return undefined;
    const hasSecondary = (generator: Generator): boolean => generator.matches.some(({ wordId }) => isPairWord[wordId] !== PAIR_DISTINCTIVE);
    if (hasSecondary(first) && hasSecondary(second)) return undefined;
    return [first, second];
  }

  /** Credits the names holding a word like the first and a word like the second, best pair first. */
  private accumulatePair(first: Generator, second: Generator, filter: CandidateFilter, limits: WeightLimits): void {
    const combinations: WordCombination[] = [];
    for (const a of first.matches) {
      for (const b of second.matches)
        combinations.push({ a: a.wordId, b: b.wordId, gain: first.weight * a.match.similarity + second.weight * b.match.similarity });
    }
    combinations.sort((x, y) => y.gain - x.gain);
    this.accumulateHolders(combinations, 1, filter, limits);
  }

  /** Credits each name holding both words of a combination, once per generator (the first, best, combination wins). */
  private accumulateHolders(
    combinations: readonly WordCombination[],
    generatorNumber: number,
    filter: CandidateFilter,
    limits: WeightLimits,
    isCreditOnly = false,
  ): void {
    const { nameEntity, entityList, wordPairs } = this.names;
    const wantPerson = filter.kind === 'person' ? 1 : 0;
    const names: number[] = [];
    for (const { a, b, gain } of combinations) {
      names.length = 0;
      wordPairs.collectNames(a, b, names);
      for (const name of names) {
        const slot = name * SLOT_SIZE;
        if (this.slots[slot + LAST_GENERATOR] === generatorNumber) continue;
        const isPerson = this.slots[slot + IS_PERSON]!;
        if (this.slots[slot + WEIGHT]! > (isPerson === 1 ? limits.person : limits.other)) continue;
        if (filter.kind !== 'any' && isPerson !== wantPerson) continue;
        if (filter.allowedLists && filter.allowedLists[entityList[nameEntity[name]!]!] !== 1) continue;
        if (isCreditOnly && this.slots[slot + EVIDENCE] === 0) continue;
        if (!this.holdsWords(name, a, b)) continue;
        this.slots[slot + LAST_GENERATOR] = generatorNumber;
        this.touch(name);
        this.slots[slot + EVIDENCE] = this.slots[slot + EVIDENCE]! + gain;
      }
    }
  }

  /** Guards against pair-hash collisions; a pair of one word asks for a name holding it twice. */
  private holdsWords(name: number, first: number, second: number): boolean {
    const { tokenStart, tokenWords } = this.names;
    let firstCount = 0;
    let secondCount = 0;
    for (let index = tokenStart[name]!; index < tokenStart[name + 1]!; index += 1) {
      const word = tokenWords[index]!;
      if (word === first) firstCount += 1;
      else if (word === second) secondCount += 1;
    }
    return first === second ? firstCount >= 2 : firstCount > 0 && secondCount > 0;
  }

  private touch(name: number): void {
    if (this.slots[name * SLOT_SIZE + EVIDENCE] !== 0) return;
    if (this.touchedCount === this.touched.length) {
      const grown = new Uint32Array(this.touched.length * 2);
      grown.set(this.touched);
      this.touched = grown;
    }
    this.touched[this.touchedCount++] = name;
  }

  /** A zeroed array over the vocabulary, one per query word slot, reused across queries. */
  private borrowSimilarityArray(slot: number): Float32Array {
    let array = this.similarityArrays[slot];
    if (!array) {
      array = new Float32Array(this.names.vocabulary.size);
      this.similarityArrays[slot] = array;
    }
    return array;
  }

  /**
   * What the query words that generated nothing add to a name: their best match among the name's
   * words, or an initial standing for them. Read from the name's own words, not from postings, so a
   * common word costs a few lookups per candidate instead of a scan of its postings.
   */
  private creditOtherWords(name: number, others: readonly OtherWord[]): number {
    const { tokenStart, tokenWords, vocabulary } = this.names;
    const firstLetters = vocabulary.firstLetters;
    const initials = vocabulary.initialLetters;
    const end = tokenStart[name + 1]!;
    let credit = 0;
    for (const other of others) {
      let best = 0;
      for (let index = tokenStart[name]!; index < end; index += 1) {
        const wordId = tokenWords[index]!;
        if (other.isInitial || initials[wordId] !== 0) {
          if (firstLetters[wordId] === other.initial && best < INITIAL_CREDIT) best = INITIAL_CREDIT;
          continue;
        }
        const similarity = other.similarityByWord[wordId]!;
        if (similarity > best) best = similarity;
      }
      credit += other.weight * best;
    }
    return credit;
  }

  /**
   * The names with the most evidence whose optimistic similarity reaches `minSimilarity`, best
   * first. The optimistic similarity counts every query word the name matches (the generators'
   * evidence plus the other words read from the name), and charges the name for the listed words a
   * query of this size cannot cover (`coverage` words at most) at the lowest rate the scorer charges
   * missing listed words.
   */
  private selectBest(
    totalWeight: number,
    others: readonly OtherWord[],
    coverage: number,
    factors: MissingFactors,
    minSimilarity: number,
    maxCandidates: number,
  ): number[] {
    const heapNames = new Uint32Array(maxCandidates);
    const heapScores = new Float32Array(maxCandidates);
    let heapSize = 0;
    const bound = minSimilarity - BOUND_TOLERANCE;
    // Light words are assumed to match: they hardly move a bound, and reading them from tens of
    // thousands of names costs more than scoring the survivors.
    const credited = this.touchedCount <= READ_LIGHT_WORDS_UP_TO ? others : others.filter((other) => other.weight >= MIN_CREDITED_WEIGHT);
    let assumed = 0;
    let othersWeight = 0;
    for (const other of others) {
      othersWeight += other.weight;
      if (!credited.includes(other)) assumed += other.weight;
    }
    const minEvidence = bound * totalWeight - othersWeight;
    const slots = this.slots;
    for (let index = 0; index < this.touchedCount; index += 1) {
      const name = this.touched[index]!;
      const slot = name * SLOT_SIZE;
      let score = slots[slot + EVIDENCE]!;
      if (score < minEvidence) continue;
      // The other words add at most their weight: a name that could not displace the weakest
      // of a full heap is not worth reading.
      if (heapSize === maxCandidates && score + othersWeight < heapScores[0]! - SCORE_EPSILON) continue;
      const factor = slots[slot + IS_PERSON] === 1 ? factors.person : factors.other;
      const charge = totalWeight + factor * Math.max(0, slots[slot + WEIGHT]! - coverage);
      if (Math.min(totalWeight, score + othersWeight) / charge < bound) continue;
      score += assumed;
      if (credited.length > 0) {
        score += this.creditOtherWords(name, credited);
        if (Math.min(totalWeight, score) / charge < bound) continue;
      }
      // Rank by the evidence a name can use: joined readings may credit words already credited one
      // by one, so evidence beyond the query's weight means nothing. Among names holding every
      // query word, the one whose own weight is nearest the query's (the exact name) goes first.
      score = Math.min(totalWeight, score) - WEIGHT_GAP_TIE_BREAK * Math.abs(slots[slot + WEIGHT]! - totalWeight);
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
