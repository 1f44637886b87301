/**
 * Hebrew (and Yiddish) words to Latin. Like Arabic, Hebrew leaves most vowels unwritten, so a word
 * yields a vocalised guess and a consonant skeleton for the matcher.
 */
import type { AbjadRomanisation } from './arabic-transliteration';

const POINTS = /[\u0591-\u05C7]/gu;

/** [vocalised Latin, skeleton symbol]; vav and yod are decided by position. */
const CONSONANTS: Record<string, [string, string]> = {
  ב: ['b', 'b'], ג: ['g', 'g'], ד: ['d', 'd'], ה: ['h', 'h'], ז: ['z', 's'], ח: ['ch', 'h'], ט: ['t', 't'],
  כ: ['k', 'k'], ך: ['kh', 'h'], ל: ['l', 'l'], מ: ['m', 'm'], ם: ['m', 'm'], נ: ['n', 'n'], ן: ['n', 'n'],
  ס: ['s', 's'], פ: ['p', 'p'], ף: ['f', 'f'], צ: ['tz', 's'], ץ: ['tz', 's'], ק: ['k', 'k'], ר: ['r', 'r'],
  ש: ['sh', '$'], ת: ['t', 't'],
};

export function transliterateHebrew(rawWord: string): AbjadRomanisation {
  const chars = [...rawWord.replace(POINTS, '')];
  let vocalised = '';
  let skeleton = '';
  let previousWasConsonant = false;
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index]!;
    const isLast = index === chars.length - 1;
    if (char === 'א' || char === 'ע') {
      vocalised += 'a';
      previousWasConsonant = false;
      continue;
    }
    if (char === 'ו' || char === 'י') {
      const isVowel = index > 0 && (isLast || (chars[index + 1] ?? '') in CONSONANTS);
      if (isVowel) vocalised += char === 'ו' ? 'o' : 'i';
      else vocalised += (previousWasConsonant ? 'a' : '') + (char === 'ו' ? 'v' : 'y');
      previousWasConsonant = !isVowel;
      continue;
    }
    const consonant = CONSONANTS[char];
    if (!consonant) {
      vocalised += char;
      continue;
    }
    if (previousWasConsonant) vocalised += 'a';
    vocalised += consonant[0];
    if (!(char === 'ה' && isLast) && !skeleton.endsWith(consonant[1])) skeleton += consonant[1];
    previousWasConsonant = true;
  }
  const last = chars.at(-1);
  const finalVowel = last === 'א' || last === 'ה' ? 'A' : last === 'י' ? 'I' : last === 'ו' ? 'U' : '';
  return { forms: [vocalised], skeleton: skeleton + finalVowel };
}
