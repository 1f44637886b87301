/**
 * Spelling-neutral forms of a folded Latin token. Romanisation systems and languages write the same
 * sound differently (w/v, kh/h, ou/u, y/i, c/k, ph/f, doubled letters); rewriting both sides to one
 * spelling lets 'Wladimir' meet 'Vladimir' and 'Nooristani' meet 'Nuristani' without a phonetic
 * code that throws the vowels away.
 */

const REWRITES: readonly [RegExp, string][] = [
  [/tsch|tch/g, 'ch'],
  [/sch/g, 'sh'],
  [/dzh|dj|dsch/g, 'j'],
  [/zh/g, 'j'],
  [/kh/g, 'h'],
  [/gh/g, 'g'],
  [/ph/g, 'f'],
  [/th/g, 't'],
  [/dh/g, 'd'],
  [/ck/g, 'k'],
  [/q/g, 'k'],
  [/c(?=[eiy])/g, 's'],
  [/c(?!h)/g, 'k'],
  [/x/g, 'ks'],
  [/w/g, 'v'],
  [/y/g, 'i'],
  [/z/g, 's'],
  [/ou|oo/g, 'u'],
  [/ee|ie/g, 'i'],
  [/ae/g, 'e'],
  [/ue/g, 'u'],
  [/oe/g, 'o'],
  [/(.)\1+/g, '$1'],
  [/(?<=[aeiou])h$/g, ''],
  [/(?<=[a-z]{2}[^aeiou])e$/g, ''],
];

/** Rewrites a folded lowercase Latin token to its spelling-neutral form. */
export function toPhoneticForm(latin: string): string {
  let form = latin;
  for (const [pattern, replacement] of REWRITES) form = form.replace(pattern, replacement);
  return form.length > 0 ? form : latin;
}

const SKELETON_REWRITES: readonly [RegExp, string][] = [
  // x first: the symbol 'x' below stands for kh, which a later 'x' → 'ks' would undo.
  [/x/g, 'ks'],
  [/kh/g, 'x'],
  [/sh|sch/g, '$'],
  [/ch/g, 'K'],
  [/th/g, 't'],
  [/dh/g, 'd'],
  [/gh/g, 'g'],
  [/ph/g, 'f'],
  [/zh/g, 'j'],
  [/t[sz]/g, 's'],
  [/ck|q/g, 'k'],
  [/c/g, 'k'],
  [/z/g, 's'],
  [/(?<=[aeiouy])h$/g, ''],
  [/[aeiouyw'`]/g, ''],
  [/(.)\1+/g, '$1'],
];

/**
 * Letters an abjad does not tell apart from a neighbour, folded on both sides of a comparison:
 * Arabic has no p (written ب, b) and writes g as ج (j) or غ (gh); Hebrew writes p and f with one
 * letter (פ) and j as ג (g) with a mark. So p counts as b, and g as j.
 */
export function foldSkeletonClasses(skeleton: string): string {
  return skeleton.replace(/p/g, 'b').replace(/g/g, 'j');
}

/**
 * A final vowel is written in the abjad scripts too ('Ahmadi', 'Usama'), so it stays as a capital
 * mark. A final 'e' is often silent in Latin and written or not in an abjad ('Jorge' as جورجي), so
 * it gets its own mark 'E', which the comparison treats as optional.
 */
const FINAL_VOWEL_MARKS: Readonly<Record<string, string>> = { a: 'A', i: 'I', y: 'I', u: 'U', o: 'U', e: 'E' };

/**
 * Consonant skeleton of a folded Latin token, in the symbols the Arabic and Hebrew romanisers emit
 * (x = kh, $ = sh, c = ch, K = a Latin ch of several readings; A, I, U mark a final vowel). Scripts that leave short vowels unwritten can only be compared with a
 * Latin spelling on this skeleton.
 */
export function toConsonantSkeleton(latin: string): string {
  let skeleton = latin;
  for (const [pattern, replacement] of SKELETON_REWRITES) skeleton = skeleton.replace(pattern, replacement);
  return foldSkeletonClasses(skeleton).replace(/(.)\1+/g, '$1') + (FINAL_VOWEL_MARKS[latin.at(-1) ?? ''] ?? '');
}

/**
 * Skeleton symbols that stand for more than one consonant, with every consonant each may be:
 * an abjad writes a Latin 'v' as f (Arabic ف), as b (Hebrew ב) or with the letter of a long vowel
 * (و, ו), which is no consonant at all; Hebrew writes p and f with one letter (פ, 'P') and h, kh
 * and the ch of Chaim or Rachel with ח ('H'); Arabic تش ('C') is ch in foreign names and t, sh in
 * its own words. A Latin 'ch' ('K') is itself four sounds: English and Spanish ch (تش, چ), French
 * sh (Bouchoucha, بوشوشة), German and Slavic kh (خ, ח) and Italian k (ك).
 */
const AMBIGUOUS_SYMBOLS: Readonly<Record<string, readonly string[]>> = {
  v: ['', 'f', 'b'],
  P: ['b', 'f'],
  H: ['h', 'x', 'c'],
  C: ['c', 't$'],
  K: ['c', '$', 'x', 'k'],
};

/**
 * Every reading of a skeleton: the skeleton itself when it has no ambiguous symbol, else one
 * skeleton per choice (the same choice for every place a symbol occurs), doubled letters merged.
 */
export function skeletonReadings(skeleton: string): string[] {
  let readings = [skeleton];
  for (const [symbol, letters] of Object.entries(AMBIGUOUS_SYMBOLS)) {
    if (!skeleton.includes(symbol)) continue;
    readings = readings.flatMap((reading) => letters.map((letter) => reading.replaceAll(symbol, letter)));
  }
  if (readings.length === 1) return readings;
  return [...new Set(readings.map((reading) => reading.replace(/(.)\1+/g, '$1')))];
}

/** Whether a skeleton has a symbol of more than one reading. */
export function isAmbiguousSkeleton(skeleton: string): boolean {
  return /[vPHCK]/.test(skeleton);
}
