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
 * A foreign name in Hangul (loan-word spelling): the plain ㄱ ㄷ ㅂ ㅈ are written for the foreign
 * k, t, p, ch as often as for g, d, b, j ('카라키' and '가라기' both Karaki), so this reading takes
 * the voiceless stops everywhere, where McCune–Reischauer takes them only at the start of a word;
 * ㅍ as the f Korean has no letter for ('이오시프' Iosif); ㄹㄹ as one l ('탈린' Tallinn), where
 * the two systems keep l-r as an article before an r does ('알라시드' al-Rashid); a final ㅅ as
 * the s of a doubled s ('핫산' Hassan); and no vowel for a ㅡ after a consonant with no vowel after
 * it, which only carries a foreign cluster or final consonant ('악바르' Akbar, '스탈린' Stalin).
 */
const LOAN_INITIALS: Readonly<Record<number, string>> = { 0: 'k', 3: 't', 7: 'p', 12: 'ch', 17: 'f' };
const INITIAL_RIEUL = 5;
const FINAL_RIEUL = 8;
const LOAN_FINALS: Readonly<Record<number, string>> = { 19: 's' };
const VOWEL_EU = 18;
const INITIAL_NONE = 11;

/**
 * The syllables of a Hangul word in the Revised and the McCune–Reischauer system and as a foreign
 * name: `[revised[], mccuneReischauer[], loanWord[]]`, one string per syllable, or undefined when
 * the word holds anything but Hangul syllables.
 */
export function romaniseHangul(word: string): [string[], string[], string[]] | undefined {
  const chars = [...word];
  if (chars.length === 0 || !chars.every(isHangulSyllable)) return undefined;
  const revised: string[] = [];
  const mccune: string[] = [];
  const loanWord: string[] = [];
  let previousFinal = 0;
  chars.forEach((char, position) => {
    const index = (char.codePointAt(0) ?? 0) - FIRST_SYLLABLE;
    const initialIndex = Math.floor(index / 588);
    const vowelIndex = Math.floor((index % 588) / 28);
    const finalIndex = index % 28;
    const initial = INITIALS[initialIndex]!;
    const vowel = VOWELS[vowelIndex]!;
    const final = FINALS[finalIndex]!;
    const isDoubleL = initialIndex === INITIAL_RIEUL && previousFinal === FINAL_RIEUL;
    previousFinal = finalIndex;
    revised.push(initial[0] + vowel[0] + final);
    mccune.push((position === 0 ? initial[1] : initial[2]) + vowel[1] + final);
    const next = chars[position + 1];
    const isBeforeConsonant = next === undefined || Math.floor(((next.codePointAt(0) ?? 0) - FIRST_SYLLABLE) / 588) !== INITIAL_NONE;
    const isEpenthetic = vowelIndex === VOWEL_EU && finalIndex === 0 && initialIndex !== INITIAL_NONE && isBeforeConsonant;
    loanWord.push(
      (isDoubleL ? 'l' : (LOAN_INITIALS[initialIndex] ?? initial[0])) + (isEpenthetic ? '' : vowel[0]) + (LOAN_FINALS[finalIndex] ?? final),
    );
  });
  return [revised, mccune, loanWord];
}
