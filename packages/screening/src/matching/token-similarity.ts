/**
 * How alike two name words are, and why: the same word, an equivalent spelling or nickname, a
 * spelling variant, a typo, or a transliteration compared on its consonant skeleton.
 */
import { equivalenceSimilarity, findSharedKey, type EquivalenceKind } from '../normalize/name-equivalences';
import type { NameToken } from '../normalize/name-types';
import { isAmbiguousSkeleton, skeletonReadings, toConsonantSkeleton } from '../normalize/phonetic-form';
import { loadConfusablePairs } from '../normalize/reference-data';
import { compareAbjadReading, FULL_READING } from '../normalize/abjad-reading';
import { editSimilarity, isVowelCode, type SubstitutionCost } from './string-similarity';

/** exact, variant (spelling group), nickname, legal-form, org-term, phonetic, typo, transliteration, initial, joined, acronym. */
export type MatchHow =
  'exact' | 'variant' | 'nickname' | 'legal-form' | 'org-term' | 'phonetic' | 'typo' | 'transliteration' | 'initial' | 'joined' | 'acronym';

export interface TokenSimilarity {
  similarity: number;
  how: MatchHow;
}

/**
 * Similarities below this are only known to be low (the edit distance stops early); every caller
 * treats anything under MIN_WORD_SIMILARITY (0.72) as no match.
 */
const SIMILARITY_FLOOR = 0.7;

const NO_MATCH: TokenSimilarity = { similarity: 0, how: 'typo' };
const EXACT: TokenSimilarity = { similarity: 1, how: 'exact' };

/** Pairs of letters that transliterations and typists swap, at a fraction of a full substitution. */
const CHEAP_PAIRS: readonly [string, string, number][] = [
  ['e', 'i', 0.3],
  ['o', 'u', 0.3],
  ['i', 'y', 0.2],
  ['i', 'j', 0.4],
  ['v', 'w', 0.2],
  ['c', 'k', 0.3],
  ['s', 'z', 0.3],
  ['k', 'q', 0.3],
  ['f', 'v', 0.5],
  ['d', 't', 0.6],
  ['b', 'p', 0.6],
  ['g', 'k', 0.6],
  ['j', 'y', 0.4],
  ['j', 'g', 0.6],
  ['m', 'n', 0.7],
  ['a', 'e', 0.5],
  ['a', 'o', 0.5],
  ['e', 'o', 0.6],
  ['a', 'i', 0.6],
  ['a', 'u', 0.6],
  ['i', 'u', 0.6],
  ['e', 'u', 0.6],
  ['h', 'k', 0.6],
  ['l', 'r', 0.8],
];

function buildSubstitutionTable(): Float32Array {
  const table = new Float32Array(128 * 128).fill(1);
  const set = (a: string, b: string, cost: number): void => {
    const x = a.charCodeAt(0);
    const y = b.charCodeAt(0);
    if (x >= 128 || y >= 128) return;
    table[x * 128 + y] = Math.min(table[x * 128 + y]!, cost);
    table[y * 128 + x] = Math.min(table[y * 128 + x]!, cost);
  };
  for (const [a, b, cost] of CHEAP_PAIRS) set(a, b, cost);
  for (const [a, b] of loadConfusablePairs()) set(a, b, 0.4);
  return table;
}

let substitutionTable: Float32Array | undefined;

const substitutionCost: SubstitutionCost = (a, b) => {
  substitutionTable ??= buildSubstitutionTable();
  if (a < 128 && b < 128) return substitutionTable[a * 128 + b]!;
  return isVowelCode(a) && isVowelCode(b) ? 0.6 : 1;
};

/**
 * Edit similarity with the cheap letter pairs; exported for joined-word comparisons. `shorter` is
 * the length of the shorter word as written: one edit in a three-letter word changes the word
 * ('Pol' / 'Pot'), so short words get less slack.
 */
export function compareSpellings(a: string, b: string, shorter = Math.min(a.length, b.length), floor = SIMILARITY_FLOOR): number {
  const similarity = editSimilarity(a, b, substitutionCost, floor);
  return shorter <= 3 && similarity < 1 ? similarity * 0.85 : similarity;
}

/** Equal consonants, with the sure figure for a word of that many consonants. */
function equalSkeletonSimilarity(skeleton: string): number {
  return skeleton.length >= 3 ? 0.92 : skeleton.length === 2 ? 0.86 : 0.7;
}

/**
 * A Latin final 'e' (mark 'E') may be silent or written as a long vowel by an abjad ('Jose' as
 * خوسيه, 'Jorge' as جورجي): against no mark the consonants decide alone; against a written vowel
 * they decide a little below an agreement. Any other one-sided final vowel keeps two names apart
 * ('Ahmad' and 'Ahmadi').
 */
const E_AGAINST_WRITTEN_VOWEL = 0.87;

function compareSkeletons(a: string, b: string): number {
  if (a.length === 0 || b.length === 0) return 0;
  if (isAmbiguousSkeleton(a) || isAmbiguousSkeleton(b)) {
    let best = 0;
    for (const readingA of skeletonReadings(a))
      for (const readingB of skeletonReadings(b)) best = Math.max(best, compareSkeletons(readingA, readingB));
    return best;
  }
  if (a.endsWith('E') || b.endsWith('E')) {
    const [withE, other] = a.endsWith('E') ? [a, b] : [b, a];
    const stem = withE.slice(0, -1);
    if (other === stem) return equalSkeletonSimilarity(stem);
    if (/[AIU]$/.test(other) && other.slice(0, -1) === stem && stem.length >= 2)
      return equalSkeletonSimilarity(stem) * E_AGAINST_WRITTEN_VOWEL;
    return compareSkeletons(stem, other.replace(/E$/, ''));
  }
  if (a === b) return equalSkeletonSimilarity(a);
  if (Math.min(a.length, b.length) < 3) return 0;
  return editSimilarity(a, b, substitutionCost, SIMILARITY_FLOOR) * 0.85;
}

/**
 * An abjad writes a name's first vowel (alif or 'ayin: Ehsan احسان), so a name that starts with a
 * vowel in one script and with a consonant in the other is another name with the same consonants
 * (Husayn حسين): an equal consonant skeleton then counts a tenth less.
 */
const FIRST_VOWEL_DISAGREEMENT = 0.9;

function isFirstVowelAlike(a: NameToken, b: NameToken): boolean {
  if (a.isAbjad === b.isAbjad || a.kind === 'particle' || b.kind === 'particle') return true;
  return startsWithVowel(a.spellings[0] ?? '') === startsWithVowel(b.spellings[0] ?? '');
}

function startsWithVowel(spelling: string): boolean {
  return /^[aeiou]/.test(spelling);
}

/**
 * An abjad word against Latin text of several listed words run together, which an abjad often
 * writes as one word ('ابدلهلم' for Abdel-Halim): its consonants, or its written letters read in full.
 */
export function compareAbjadToLatinText(abjad: NameToken, latin: string): number {
  const consonants = compareSkeletons(abjad.skeleton, toConsonantSkeleton(latin));
  const isAlike = startsWithVowel(abjad.spellings[0] ?? '') === startsWithVowel(latin);
  return Math.max(consonants * (isAlike ? 1 : FIRST_VOWEL_DISAGREEMENT), abjad.letters ? compareAbjadReading([latin], abjad.letters) : 0);
}

/** A Latin word against an abjad word whose every written letter it accounts for (abjad-reading.ts). */
function compareWrittenLetters(a: NameToken, b: NameToken): number {
  if (a.isAbjad === b.isAbjad) return 0;
  const [abjad, latin] = a.isAbjad ? [a, b] : [b, a];
  return abjad.letters ? compareAbjadReading(latin.spellings, abjad.letters) : 0;
}

export function compareTokens(a: NameToken, b: NameToken): TokenSimilarity {
  if (a === b || a.text === b.text) return EXACT;
  if (a.kind === 'number' || b.kind === 'number') return NO_MATCH;
  const sharedKey = findSharedKey(a, b);
  if (sharedKey) {
    const prefix = sharedKey[0];
    if (prefix === 'l') return { similarity: 1, how: 'legal-form' };
    if (prefix === 'o') return { similarity: 0.95, how: 'org-term' };
    const kind: EquivalenceKind = prefix === 'n' ? 'n' : 'g';
    return { similarity: equivalenceSimilarity(kind), how: kind === 'n' ? 'nickname' : 'variant' };
  }
  if (a.kind === 'initial' || b.kind === 'initial') return NO_MATCH;

  const shorter = Math.min(a.text.length, b.text.length);
  let best = 0;
  for (const formA of a.forms) {
    for (const formB of b.forms) {
      if (formA === formB) return { similarity: 0.95, how: a.isAbjad || b.isAbjad ? 'transliteration' : 'phonetic' };
      best = Math.max(best, compareSpellings(formA, formB, shorter));
    }
  }
  // Spelling-neutral forms can drift apart where the spellings did not ('qaeda' → 'keda', 'qaida' → 'kaida').
  for (const spellingA of a.spellings) {
    for (const spellingB of b.spellings) {
      if (a.forms.includes(spellingA) && b.forms.includes(spellingB)) continue;
      best = Math.max(best, compareSpellings(spellingA, spellingB, shorter));
    }
  }
  if (a.isAbjad || b.isAbjad) return compareAcrossAbjad(a, b, best);
  return { similarity: best, how: 'typo' };
}

/**
 * The rest of compareTokens when one word is written in an abjad: its consonants, or its written
 * letters read in full. Kept apart so that the Latin comparisons, by far the most, stay small.
 */
function compareAcrossAbjad(a: NameToken, b: NameToken, best: number): TokenSimilarity {
  const consonants = compareSkeletons(a.skeleton, b.skeleton) * (isFirstVowelAlike(a, b) ? 1 : FIRST_VOWEL_DISAGREEMENT);
  // A full reading scores at most FULL_READING: read the letters only when that could raise the result.
  const skeleton = Math.max(best, consonants) >= FULL_READING ? consonants : Math.max(consonants, compareWrittenLetters(a, b));
  return { similarity: Math.max(skeleton, best), how: 'transliteration' };
}
