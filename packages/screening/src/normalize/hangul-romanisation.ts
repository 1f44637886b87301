/**
 * Korean Hangul to Latin in the two systems lists and passports use: the Revised Romanisation of
 * South Korea (Gim, Bak, Jeong, Seong-ho) and McCune–Reischauer as lists print it without its
 * marks (Kim, Pak, Chong, Song-ho; North Korean names on sanctions lists). A syllable is decomposed
 * arithmetically into its initial, vowel and final letters.
 */

const FIRST_SYLLABLE = 0xac00;
const LAST_SYLLABLE = 0xd7a3;

/** Initials as [Revised, McCune–Reischauer at the start of a word, McCune–Reischauer inside a word]. */
const INITIALS: readonly (readonly [string, string, string])[] = [
  ['g', 'k', 'g'],
  ['kk', 'kk', 'kk'],
  ['n', 'n', 'n'],
  ['d', 't', 'd'],
  ['tt', 'tt', 'tt'],
  ['r', 'r', 'r'],
  ['m', 'm', 'm'],
  ['b', 'p', 'b'],
  ['pp', 'pp', 'pp'],
  ['s', 's', 's'],
  ['ss', 'ss', 'ss'],
  ['', '', ''],
  ['j', 'ch', 'j'],
  ['jj', 'tch', 'tch'],
  ['ch', 'ch', 'ch'],
  ['k', 'k', 'k'],
  ['t', 't', 't'],
  ['p', 'p', 'p'],
  ['h', 'h', 'h'],
];

/** Vowels as [Revised, McCune–Reischauer without the breve]. */
const VOWELS: readonly (readonly [string, string])[] = [
  ['a', 'a'],
  ['ae', 'ae'],
  ['ya', 'ya'],
  ['yae', 'yae'],
  ['eo', 'o'],
  ['e', 'e'],
  ['yeo', 'yo'],
  ['ye', 'ye'],
  ['o', 'o'],
  ['wa', 'wa'],
  ['wae', 'wae'],
  ['oe', 'oe'],
  ['yo', 'yo'],
  ['u', 'u'],
  ['wo', 'wo'],
  ['we', 'we'],
  ['wi', 'wi'],
  ['yu', 'yu'],
  ['eu', 'u'],
  ['ui', 'ui'],
  ['i', 'i'],
];

/** Finals as pronounced at the end of a syllable (both systems agree once the marks are dropped). */
const FINALS: readonly string[] = [
  '',
  'k',
  'k',
  'k',
  'n',
  'n',
  'n',
  't',
  'l',
  'k',
  'm',
  'l',
  'l',
  'l',
  'p',
  'l',
  'm',
  'p',
  'p',
  't',
  't',
  'ng',
  't',
  't',
  'k',
  't',
  'p',
  't',
];

export function isHangulSyllable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code >= FIRST_SYLLABLE && code <= LAST_SYLLABLE;
}

/**
 * The syllables of a Hangul word in both systems: `[revised[], mccuneReischauer[]]`, one string per
 * syllable, or undefined when the word holds anything but Hangul syllables.
 */
export function romaniseHangul(word: string): [string[], string[]] | undefined {
  const chars = [...word];
  if (chars.length === 0 || !chars.every(isHangulSyllable)) return undefined;
  const revised: string[] = [];
  const mccune: string[] = [];
  chars.forEach((char, position) => {
    const index = (char.codePointAt(0) ?? 0) - FIRST_SYLLABLE;
    const initial = INITIALS[Math.floor(index / 588)]!;
    const vowel = VOWELS[Math.floor((index % 588) / 28)]!;
    const final = FINALS[index % 28]!;
    revised.push(initial[0] + vowel[0] + final);
    mccune.push((position === 0 ? initial[1] : initial[2]) + vowel[1] + final);
  });
  return [revised, mccune];
}
