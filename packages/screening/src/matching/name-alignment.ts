/**
 * Aligns the words of a query name with the words of a listed name, in any order, and turns the
 * alignment into a 0..1 similarity. Beyond word-to-word pairs it recognises initials ('J' for
 * 'Joachim'), joined and split words ('Abdulrahman' / 'Abdul Rahman', 'SiemensAG') and acronyms
 * ('PLA'). Words left over count against the match: a query word the listing lacks fully, a listed
 * word the query lacks (a middle name, a patronymic) only in part, unless both sides have leftover
 * words, which means the names disagree ('Geoffrey' against 'Alexandre').
 */
import type { NameToken } from '../normalize/name-types';
import { compareAbjadToLatinText, compareSpellings, compareTokens, type MatchHow, type TokenSimilarity } from './token-similarity';

/** A pair below this similarity is not a match of the two words. */
export const MIN_WORD_SIMILARITY = 0.72;
/** Share of a listed word's weight that counts against the match when the query lacks it. */
export const MISSING_LISTED_WORD_FACTOR = 0.25;
/** Ceiling for a partial match made only of common name words, organisation terms and the like. */
const UNDISTINCTIVE_PARTIAL_CAP = 0.75;
/** Above this, a word pair counts at its similarity; below, each point lost counts 2.5 times. */
const CONFIDENT_WORD_SIMILARITY = 0.9;
const UNCERTAIN_WORD_PENALTY = 1.5;
/** Weight of the disagreement when each side has a legal form the other lacks. */
const LEGAL_FORM_CONFLICT = 0.5;
const INITIAL_SIMILARITY = 0.9;
const ACRONYM_SIMILARITY = 0.9;
export const MIN_JOINED_SIMILARITY = 0.86;
/** A single word read as a run of words has at least this many letters. */
export const MIN_JOINED_WORD_LENGTH = 5;
const MAX_JOINED_WORDS = 4;

export interface AlignedPair {
  query: number[];
  candidate: number[];
  similarity: number;
  how: MatchHow;
}

export interface NameAlignment {
  /** 0..1. */
  similarity: number;
  pairs: AlignedPair[];
  unmatchedQuery: number[];
  unmatchedCandidate: number[];
}

/** Similarity of query word i and candidate word j; the index answers it from its per-query cache. */
export interface WordComparer {
  compare(queryIndex: number, candidateIndex: number): TokenSimilarity;
}

/** Compares the words directly, for names scored without an index. */
export class DirectWordComparer implements WordComparer {
  private readonly query: readonly NameToken[];
  private readonly candidate: readonly NameToken[];

  constructor(query: readonly NameToken[], candidate: readonly NameToken[]) {
    this.query = query;
    this.candidate = candidate;
  }

  compare(queryIndex: number, candidateIndex: number): TokenSimilarity {
    return compareTokens(this.query[queryIndex]!, this.candidate[candidateIndex]!);
  }
}

interface Proposal {
  query: number[];
  candidate: number[];
  similarity: number;
  how: MatchHow;
  weight: number;
}

function sumWeights(tokens: readonly NameToken[], indexes: readonly number[]): number {
  let total = 0;
  for (const index of indexes) total += tokens[index]!.weight;
  return total;
}

function joinWords(tokens: readonly NameToken[], start: number, count: number, isForm: boolean): string {
  let joined = '';
  for (let index = start; index < start + count; index += 1) joined += isForm ? tokens[index]!.forms[0]! : tokens[index]!.text;
  return joined;
}

/**
 * Scratch marks per word position, reused by every alignment (alignments run one at a time and
 * the index scores hundreds of names per query, so per-call arrays would feed the collector).
 */
let scratchA = new Uint8Array(64);
let scratchB = new Uint8Array(64);

function borrowMarks(lengthA: number, lengthB: number): [Uint8Array, Uint8Array] {
  if (scratchA.length < lengthA) scratchA = new Uint8Array(lengthA * 2);
  if (scratchB.length < lengthB) scratchB = new Uint8Array(lengthB * 2);
  scratchA.fill(0, 0, lengthA);
  scratchB.fill(0, 0, lengthB);
  return [scratchA, scratchB];
}

function isAnyMarked(marks: Uint8Array, indexes: readonly number[]): boolean {
  for (const index of indexes) if (marks[index] === 1) return true;
  return false;
}

function markAll(marks: Uint8Array, indexes: readonly number[]): void {
  for (const index of indexes) marks[index] = 1;
}

function range(start: number, count: number): number[] {
  return Array.from({ length: count }, (_, offset) => start + offset);
}

/**
 * One word on one side against a run of consecutive words on the other, compared as one string.
 * Only words without a confident single-word match are tried: a joined reading cannot beat it.
 */
/** Cheap gate before the edit distance: the strings start alike ('ndrangheta' / 'andrang heta'). */
function startsAlike(word: string, joined: string): boolean {
  return joined[0] === word[0] || joined[1] === word[0] || joined[0] === word[1];
}

function proposeJoined(
  single: readonly NameToken[],
  run: readonly NameToken[],
  isQuerySingle: boolean,
  isMatched: Uint8Array,
  proposals: Proposal[],
): void {
  for (let i = 0; i < single.length; i += 1) {
    const word = single[i]!;
    if (word.kind === 'initial' || word.kind === 'number' || isMatched[i] === 1) continue;
    const text = word.text;
    if (text.length < MIN_JOINED_WORD_LENGTH) continue;
    for (let start = 0; start < run.length; start += 1) {
      let length = 0;
      for (let count = 1; count <= MAX_JOINED_WORDS && start + count <= run.length; count += 1) {
        length += run[start + count - 1]!.text.length;
        if (count === 1) continue;
        if (length > maxJoinedLength(text.length)) break;
        if (length < minJoinedLength(text.length)) continue;
        const joinedText = joinWords(run, start, count, false);
        const joinedForm = joinWords(run, start, count, true);
        let similarity = startsAlike(text, joinedText) ? compareSpellings(text, joinedText, text.length, MIN_JOINED_SIMILARITY) : 0;
        // Every romanisation of the single word counts ('김정은' as gim + jeongeun or kim + jongun against 'JONG UN').
        for (const form of word.forms) {
          if (startsAlike(form, joinedForm))
            similarity = Math.max(similarity, compareSpellings(form, joinedForm, text.length, MIN_JOINED_SIMILARITY));
        }
        if (word.isAbjad && !isAnyAbjad(run, start, count)) similarity = Math.max(similarity, compareAbjadToLatinText(word, joinedText));
        if (similarity < MIN_JOINED_SIMILARITY) continue;
        const runIndexes = range(start, count);
        const weight = (word.weight + sumWeights(run, runIndexes)) / 2;
        proposals.push({
          query: isQuerySingle ? [i] : runIndexes,
          candidate: isQuerySingle ? runIndexes : [i],
          similarity: Math.min(similarity, 0.97),
          how: 'joined',
          weight,
        });
      }
    }
  }
}

function isAnyAbjad(tokens: readonly NameToken[], start: number, count: number): boolean {
  for (let index = start; index < start + count; index += 1) if (tokens[index]!.isAbjad) return true;
  return false;
}

/** The letters a run of words may hold to be read as one word of `length` letters. */
export function maxJoinedLength(length: number): number {
  return length * 1.3 + 1;
}

export function minJoinedLength(length: number): number {
  return length * 0.75;
}

/** A short all-letter word against the initials of a run of words ('PLA', 'JC'). */
function proposeAcronyms(short: readonly NameToken[], run: readonly NameToken[], isQueryShort: boolean, proposals: Proposal[]): void {
  for (let i = 0; i < short.length; i += 1) {
    const word = short[i]!;
    const text = word.text;
    if (word.kind !== 'word' || text.length < 2 || text.length > 5) continue;
    for (let start = 0; start + text.length <= run.length; start += 1) {
      let isMatch = true;
      for (let offset = 0; offset < text.length && isMatch; offset += 1) {
        isMatch = run[start + offset]!.text[0] === text[offset];
      }
      if (!isMatch) continue;
      const runIndexes = range(start, text.length);
      proposals.push({
        query: isQueryShort ? [i] : runIndexes,
        candidate: isQueryShort ? runIndexes : [i],
        similarity: ACRONYM_SIMILARITY,
        how: 'acronym',
        weight: (word.weight + sumWeights(run, runIndexes)) / 2,
      });
    }
  }
}

function collectProposals(query: readonly NameToken[], candidate: readonly NameToken[], comparer: WordComparer): Proposal[] {
  const proposals: Proposal[] = [];
  const [isQueryMatched, isCandidateMatched] = borrowMarks(query.length, candidate.length);
  for (let i = 0; i < query.length; i += 1) {
    const q = query[i]!;
    for (let j = 0; j < candidate.length; j += 1) {
      const c = candidate[j]!;
      const weight = (q.weight + c.weight) / 2;
      if (q.kind === 'initial' || c.kind === 'initial') {
        const isInitialMatch = q.text[0] === c.text[0];
        if (isInitialMatch) {
          const isBothInitials = q.kind === c.kind;
          proposals.push({
            query: [i],
            candidate: [j],
            similarity: isBothInitials ? 1 : INITIAL_SIMILARITY,
            how: isBothInitials ? 'exact' : 'initial',
            weight,
          });
        }
        continue;
      }
      const { similarity, how } = comparer.compare(i, j);
      if (similarity >= MIN_WORD_SIMILARITY) {
        proposals.push({ query: [i], candidate: [j], similarity, how, weight });
        if (similarity >= CONFIDENT_WORD_SIMILARITY) {
          isQueryMatched[i] = 1;
          isCandidateMatched[j] = 1;
        }
      }
    }
  }
  if (query.length > 1 || candidate.length > 1) {
    proposeJoined(query, candidate, true, isQueryMatched, proposals);
    proposeJoined(candidate, query, false, isCandidateMatched, proposals);
  }
  if (query.length !== candidate.length) {
    proposeAcronyms(query, candidate, true, proposals);
    proposeAcronyms(candidate, query, false, proposals);
  }
  return proposals;
}

function byStrength(a: Proposal, b: Proposal): number {
  return b.similarity - a.similarity || b.weight - a.weight;
}

/** A stable insertion sort: the lists are a handful of proposals, and Array#sort copies every list it sorts. */
function sortByStrength(proposals: Proposal[]): void {
  for (let index = 1; index < proposals.length; index += 1) {
    const proposal = proposals[index]!;
    let position = index;
    while (position > 0 && byStrength(proposals[position - 1]!, proposal) > 0) {
      proposals[position] = proposals[position - 1]!;
      position -= 1;
    }
    proposals[position] = proposal;
  }
}

/** Greedy assignment, best similarity first, heavier pairs first among equals; each word used once. */
function selectPairs(proposals: Proposal[], queryLength: number, candidateLength: number): Proposal[] {
  sortByStrength(proposals);
  const [usedQuery, usedCandidate] = borrowMarks(queryLength, candidateLength);
  const selected: Proposal[] = [];
  for (const proposal of proposals) {
    if (isAnyMarked(usedQuery, proposal.query) || isAnyMarked(usedCandidate, proposal.candidate)) continue;
    markAll(usedQuery, proposal.query);
    markAll(usedCandidate, proposal.candidate);
    selected.push(proposal);
  }
  return selected;
}

/** Leftover words that merely repeat a matched word on the same side ('Sergey Sergey Shoigu') are ignored. */
function leftovers(tokens: readonly NameToken[], used: Uint8Array): number[] {
  const result: number[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    if (used[index] === 1) continue;
    const text = tokens[index]!.text;
    let isRepeat = false;
    for (let other = 0; other < tokens.length && !isRepeat; other += 1) isRepeat = used[other] === 1 && tokens[other]!.text === text;
    if (!isRepeat) result.push(index);
  }
  return result;
}

/**
 * `isPerson`: initials and acronyms alone never identify a person ('N.N.' is not Nursultan
 * Nazarbayev); they only count beside a full-word match.
 */
/**
 * True when the query words that matched carry no distinctive word: only common name words,
 * organisation terms, legal forms, particles or numbers ('Management Company' inside
 * 'Westminster Management Company').
 */
function isUndistinctiveOnly(query: readonly NameToken[], pairs: readonly Proposal[]): boolean {
  let hasMatch = false;
  for (const pair of pairs) {
    for (const index of pair.query) {
      const token = query[index]!;
      if (token.kind === 'initial') continue;
      if ((token.kind === 'word' || token.kind === 'patronymic') && !token.isCommon) return false;
      hasMatch = true;
    }
  }
  return hasMatch;
}

function wordQuality(similarity: number): number {
  if (similarity >= CONFIDENT_WORD_SIMILARITY) return similarity;
  return Math.max(0, similarity - UNCERTAIN_WORD_PENALTY * (CONFIDENT_WORD_SIMILARITY - similarity));
}

function hasUnmatchedLegalForm(tokens: readonly NameToken[], unmatched: readonly number[]): boolean {
  return unmatched.some((index) => tokens[index]!.kind === 'legal');
}

/** Name words and patronymics: the words that can identify someone. */
export function countSignificant(tokens: readonly NameToken[]): number {
  let count = 0;
  for (const token of tokens) if (token.kind === 'word' || token.kind === 'patronymic') count += 1;
  return count;
}

export function alignNames(
  query: readonly NameToken[],
  candidate: readonly NameToken[],
  comparer: WordComparer,
  isPerson: boolean,
): NameAlignment {
  if (query.length === 0 || candidate.length === 0) {
    return { similarity: 0, pairs: [], unmatchedQuery: range(0, query.length), unmatchedCandidate: range(0, candidate.length) };
  }
  const selected = selectPairs(collectProposals(query, candidate, comparer), query.length, candidate.length);
  const hasFullWordMatch = selected.some(
    (pair) => pair.how !== 'initial' && pair.how !== 'legal-form' && (pair.how !== 'acronym' || !isPerson),
  );
  const pairs = hasFullWordMatch ? selected : [];

  const [usedQuery, usedCandidate] = borrowMarks(query.length, candidate.length);
  for (const pair of pairs) {
    markAll(usedQuery, pair.query);
    markAll(usedCandidate, pair.candidate);
  }
  const unmatchedQuery = leftovers(query, usedQuery);
  const unmatchedCandidate = leftovers(candidate, usedCandidate);

  let matchedWeight = 0;
  let matchedQuality = 0;
  for (const pair of pairs) {
    matchedWeight += pair.weight;
    matchedQuality += pair.weight * wordQuality(pair.similarity);
  }
  const missingInCandidate = sumWeights(query, unmatchedQuery);
  const missingInQuery = sumWeights(candidate, unmatchedCandidate);
  // Two different legal forms (AG against GmbH) name two different companies more often than not.
  const legalConflict =
    hasUnmatchedLegalForm(query, unmatchedQuery) && hasUnmatchedLegalForm(candidate, unmatchedCandidate) ? LEGAL_FORM_CONFLICT : 0;
  const disagreement = Math.min(missingInCandidate, missingInQuery) + legalConflict;
  // A one-word person query ('Romashkin', 'Amin') that meets one word of a fuller name is a surname
  // hit, not an identification: the listed words it lacks count in full.
  const missingFactor = isPerson && countSignificant(query) <= 1 ? 1 : MISSING_LISTED_WORD_FACTOR;
  const penalty = missingInCandidate + missingFactor * missingInQuery + (1 - missingFactor) * disagreement;
  let similarity = matchedWeight === 0 ? 0 : matchedQuality / (matchedWeight + penalty);
  // A partial match made only of undistinctive words ('Muhammad Ahmed' inside 'Mustafa Muhammad
  // Ahmad', 'Management Company' inside 'Westminster Management Company') is what floods reviewers;
  // it stays below the alert range unless facts lift it.
  const isPartial = unmatchedQuery.length > 0 || unmatchedCandidate.some((index) => candidate[index]!.weight >= 0.5);
  if (isPartial && isUndistinctiveOnly(query, pairs)) similarity = Math.min(similarity, UNDISTINCTIVE_PARTIAL_CAP);
  return {
    similarity,
    pairs: pairs.map(({ query: q, candidate: c, similarity: s, how }) => ({ query: q, candidate: c, similarity: s, how })),
    unmatchedQuery,
    unmatchedCandidate,
  };
}
