/**
 * Whether a Latin spelling is a full reading of a word written in an abjad (Arabic script,
 * Hebrew): every written letter, the letters that write long vowels included, stands for a letter
 * of the Latin spelling in order, and the Latin spelling leaves out nothing but short vowels.
 *
 * The consonant skeleton alone says little about a short word ('Yun' / ين keeps one consonant,
 * 'Ali' / الي two), while the whole written word says as much as a word of that many consonants:
 * the vowel letters of an abjad are not optional, and a name's first vowel is always written, with
 * alif or 'ayin (Omar عمر or أمر, Ali علي or الي).
 */
import { ABJAD_LETTER } from './abjad-romaniser';

const LATIN_DIGRAPHS: readonly [string, string][] = [
  ['sch', '$'],
  ['sh', '$'],
  ['kh', 'x'],
  ['ch', 'c'],
  ['th', 't'],
  ['dh', 'd'],
  ['gh', 'j'],
  ['ph', 'f'],
  ['zh', 'j'],
  ['dj', 'j'],
  ['ts', 's'],
  ['tz', 's'],
  ['ck', 'k'],
];

/** Single Latin letters in the skeleton's symbols (p as b and g as j, the classes an abjad folds). */
const LATIN_LETTERS: Readonly<Record<string, string>> = { g: 'j', p: 'b', q: 'k', z: 's', x: 'ks' };

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y']);

/**
 * A folded Latin word as one symbol per sound: consonants in the skeleton's symbols, vowels and
 * the glides y and w as written, doubled letters merged.
 */
export function toLatinUnits(latin: string): string {
  let units = '';
  for (let position = 0; position < latin.length;) {
    const digraph = LATIN_DIGRAPHS.find(([letters]) => latin.startsWith(letters, position));
    if (digraph) {
      units += digraph[1];
      position += digraph[0].length;
      continue;
    }
    const letter = latin[position]!;
    if (letter === 'c') units += /[eiy]/.test(latin[position + 1] ?? '') ? 's' : 'k';
    else if (/[0-9]/.test(letter)) units += ABJAD_LETTER.unknown;
    else units += LATIN_LETTERS[letter] ?? letter;
    position += 1;
  }
  return units.replace(/(.)\1+/g, '$1');
}

/** Latin sounds each abjad letter may write; a consonant symbol not listed writes itself only. */
const WRITES: Readonly<Record<string, string>> = {
  [ABJAD_LETTER.carrier]: 'aeiou',
  [ABJAD_LETTER.ayin]: 'aeiou',
  [ABJAD_LETTER.waw]: 'uowv',
  [ABJAD_LETTER.ya]: 'iey',
  [ABJAD_LETTER.finalA]: 'aeh',
  P: 'bf',
  H: 'hxc',
  C: 'c',
  f: 'fv',
  b: 'bv',
};

function isWrittenBy(letter: string, unit: string): boolean {
  return letter === unit || (WRITES[letter]?.includes(unit) ?? false);
}

/**
 * A Latin sound the abjad may leave unwritten: a short vowel inside the word, a final 'e' (often
 * silent), a final 'h' after a vowel ('Fatimah' / فاطمة). A first vowel is always written.
 */
function isUnwrittenAt(units: string, index: number): boolean {
  const unit = units[index]!;
  const isLast = index === units.length - 1;
  if (VOWELS.has(unit)) return index > 0 && (!isLast || unit === 'e');
  return unit === 'h' && isLast && index > 0 && VOWELS.has(units[index - 1]!);
}

/**
 * An abjad letter with no Latin letter of its own: 'ayin inside a word, which Latin spellings often
 * leave out ('Said' for سعيد; a first 'ayin writes the first vowel), the second of a consonant
 * written twice, and the long-vowel letter after a first alif or 'ayin, which writes the first
 * vowel with it (أون for Un, אורי for Uri).
 */
function isSilentAt(units: string, i: number, letters: string, j: number): boolean {
  const letter = letters[j]!;
  if (letter === ABJAD_LETTER.ayin) return j > 0;
  // A consonant written twice may stand for one doubled in Latin ('Hassan' / حسسن).
  if (j > 0 && letter === letters[j - 1] && !/[0-9]/.test(letter)) return true;
  if (j !== 1 || i !== 1 || (letter !== ABJAD_LETTER.waw && letter !== ABJAD_LETTER.ya)) return false;
  const first = letters[0];
  const vowel = units[0]!;
  return (first === ABJAD_LETTER.carrier || first === ABJAD_LETTER.ayin) && 'aeiou'.includes(vowel) && isWrittenBy(letter, vowel);
}

const MAX_UNITS = 32;
let reachable = new Uint8Array((MAX_UNITS + 1) * (MAX_UNITS + 1));

const UNITS_CACHE_LIMIT = 100_000;
const unitsBySpelling = new Map<string, string>();

/** toLatinUnits, remembered: a listed or query spelling is read against many abjad words. */
function latinUnitsOf(spelling: string): string {
  let units = unitsBySpelling.get(spelling);
  if (units === undefined) {
    units = toLatinUnits(spelling);
    if (unitsBySpelling.size >= UNITS_CACHE_LIMIT) unitsBySpelling.clear();
    unitsBySpelling.set(spelling, units);
  }
  return units;
}

/** True when `letters` (an abjad word's written letters) is a full reading of the Latin `units`. */
export function isFullReading(units: string, letters: string): boolean {
  const rows = units.length + 1;
  const columns = letters.length + 1;
  if (rows > MAX_UNITS + 1 || columns > MAX_UNITS + 1) return false;
  if (reachable.length < rows * columns) reachable = new Uint8Array(rows * columns);
  reachable.fill(0, 0, rows * columns);
  reachable[0] = 1;
  for (let i = 0; i < rows; i += 1) {
    for (let j = 0; j < columns; j += 1) {
      if (reachable[i * columns + j] !== 1) continue;
      if (i < units.length && j < letters.length && isWrittenBy(letters[j]!, units[i]!)) reachable[(i + 1) * columns + j + 1] = 1;
      if (i < units.length && isUnwrittenAt(units, i)) reachable[(i + 1) * columns + j] = 1;
      if (j < letters.length && isSilentAt(units, i, letters, j)) reachable[i * columns + j + 1] = 1;
    }
  }
  return reachable[rows * columns - 1] === 1;
}

/** How much the written letters tell: a consonant letter counts 1, a letter that writes a vowel half. */
function countEvidence(letters: string): number {
  let evidence = 0;
  for (const letter of letters) evidence += /[0-9]/.test(letter) ? 0.5 : 1;
  return evidence;
}

/** A full reading of a word whose letters carry the evidence of three consonants or more, and of fewer. */
export const FULL_READING = 0.92;
const SHORT_FULL_READING = 0.86;

/**
 * Similarity of a Latin word to an abjad word it fully reads: as sure as an equal consonant
 * skeleton of as many letters, a vowel letter counting half a consonant (see
 * equalSkeletonSimilarity), so that a word of one consonant and a vowel letter ('Yun' / ين) is a
 * match and a lone consonant is not.
 */
export function compareAbjadReading(latinSpellings: readonly string[], letters: string): number {
  const evidence = countEvidence(letters);
  if (evidence < 1.5) return 0;
  for (const spelling of latinSpellings) {
    if (isFullReading(latinUnitsOf(spelling), letters)) return evidence >= 3 ? FULL_READING : SHORT_FULL_READING;
  }
  return 0;
}

/**
 * Particles an abjad writes as words of their own, with the one spelling the normaliser gives them:
 * a word that reads as one of them is that particle however its vowels were written (ابدل and
 * עבד are Abd, אבו is Abu).
 */
const ABJAD_PARTICLES: readonly [string, string][] = [
  ['abd', 'abdul'],
  ['abdul', 'abdul'],
  ['abu', 'abu'],
  ['bin', 'bin'],
  ['bint', 'bint'],
];

export function readAbjadParticle(letters: string): string | undefined {
  if (letters.length < 2) return undefined;
  return ABJAD_PARTICLES.find(([spelling]) => isFullReading(latinUnitsOf(spelling), letters))?.[1];
}

const FINAL_VOWEL_MARK: Readonly<Record<string, string>> = {
  [ABJAD_LETTER.carrier]: 'A',
  [ABJAD_LETTER.finalA]: 'A',
  [ABJAD_LETTER.ya]: 'I',
  [ABJAD_LETTER.waw]: 'U',
};

/** The consonant skeleton of written letters (as the romanisers build it), for looking a word up by them. */
export function skeletonOfLetters(letters: string): string {
  const consonants = letters.replace(/[0-9?]/g, '').replace(/(.)\1+/g, '$1');
  return consonants + (FINAL_VOWEL_MARK[letters.at(-1) ?? ''] ?? '');
}
