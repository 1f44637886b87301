/**
 * Spelling-neutral forms of a folded Latin token. Romanisation systems and languages write the same
 * sound differently (w/v, kh/h, ou/u, y/i, c/k, ph/f, doubled letters); rewriting both sides to one
 * spelling lets 'Wladimir' meet 'Vladimir' and 'Nooristani' meet 'Nuristani' without a phonetic
 * code that throws the vowels away.
 */

/**
 * Each rewrite with a piece of text every match contains ('' when none does): a word without it is
 * left as it is without running the pattern. Most patterns find nothing in most words, and a
 * substring test costs a fraction of a regular-expression scan.
 */
type Rewrite = readonly [pattern: RegExp, replacement: string, needle: string];

const REWRITES: readonly Rewrite[] = [
  [/tsch|tch/g, 'ch', 'ch'],
  [/sch/g, 'sh', 'sch'],
  [/dzh|dj|dsch/g, 'j', 'd'],
  [/zh/g, 'j', 'zh'],
  [/kh/g, 'h', 'kh'],
  [/gh/g, 'g', 'gh'],
  [/ph/g, 'f', 'ph'],
  [/th/g, 't', 'th'],
  [/dh/g, 'd', 'dh'],
  [/ck/g, 'k', 'ck'],
  [/q/g, 'k', 'q'],
  [/c(?=[eiy])/g, 's', 'c'],
  [/c(?!h)/g, 'k', 'c'],
  [/x/g, 'ks', 'x'],
  [/w/g, 'v', 'w'],
  [/y/g, 'i', 'y'],
  [/z/g, 's', 'z'],
  [/ou|oo/g, 'u', 'o'],
  [/ee|ie/g, 'i', 'e'],
  [/ae/g, 'e', 'ae'],
  [/ue/g, 'u', 'ue'],
  [/oe/g, 'o', 'oe'],
  [/(.)\1+/g, '$1', ''],
  [/(?<=[aeiou])h$/g, '', 'h'],
  [/(?<=[a-z]{2}[^aeiou])e$/g, '', 'e'],
];

function applyRewrites(text: string, rewrites: readonly Rewrite[]): string {
  let result = text;
  for (const [pattern, replacement, needle] of rewrites) {
    if (needle === '' || result.includes(needle)) result = result.replace(pattern, replacement);
  }
  return result;
}

/** Rewrites a folded lowercase Latin token to its spelling-neutral form. */
export function toPhoneticForm(latin: string): string {
  const form = applyRewrites(latin, REWRITES);
  return form.length > 0 ? form : latin;
}

const SKELETON_REWRITES: readonly Rewrite[] = [
  // x first: the symbol 'x' below stands for kh, which a later 'x' → 'ks' would undo.
  [/x/g, 'ks', 'x'],
  [/kh/g, 'x', 'kh'],
  [/sh|sch/g, '$', 'h'],
  [/ch/g, 'K', 'ch'],
  [/th/g, 't', 'th'],
  [/dh/g, 'd', 'dh'],
  [/gh/g, 'g', 'gh'],
  [/ph/g, 'f', 'ph'],
  [/zh/g, 'j', 'zh'],
  [/t[sz]/g, 's', 't'],
  [/ck|q/g, 'k', ''],
  [/c/g, 'k', 'c'],
  [/z/g, 's', 'z'],
  [/(?<=[aeiouy])h$/g, '', 'h'],
  [/[aeiouyw'`]/g, '', ''],
  [/(.)\1+/g, '$1', ''],
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
  return (
    foldSkeletonClasses(applyRewrites(latin, SKELETON_REWRITES)).replace(/(.)\1+/g, '$1') + (FINAL_VOWEL_MARKS[latin.at(-1) ?? ''] ?? '')
  );
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
