/**
 * Hebrew (and Yiddish) words to Latin. Like Arabic, Hebrew leaves most vowels unwritten, so a word
 * yields a vocalised guess and a consonant skeleton for the matcher.
 */
import { ABJAD_LETTER, type AbjadConsonant, type AbjadRomanisation, AbjadWriter } from './abjad-romaniser';

const POINTS = /[\u0591-\u05C7]/gu;

/**
 * [vocalised Latin, skeleton symbol]; vav and yod are decided by position. פ is p or f and ח is h,
 * kh or the ch of Chaim and Rachel, so they get symbols of several readings ('P', 'H').
 */
const CONSONANTS: Readonly<Record<string, AbjadConsonant>> = {
  ב: ['b', 'b'],
  ג: ['g', 'g'],
  ד: ['d', 'd'],
  ה: ['h', 'h'],
  ז: ['z', 's'],
  ח: ['ch', 'H'],
  ט: ['t', 't'],
  כ: ['k', 'k'],
  ך: ['kh', 'h'],
  ל: ['l', 'l'],
  מ: ['m', 'm'],
  ם: ['m', 'm'],
  נ: ['n', 'n'],
  ן: ['n', 'n'],
  ס: ['s', 's'],
  פ: ['p', 'P'],
  ף: ['f', 'f'],
  צ: ['tz', 's'],
  ץ: ['tz', 's'],
  ק: ['k', 'k'],
  ר: ['r', 'r'],
  ש: ['sh', '$'],
  ת: ['t', 't'],
};

/**
 * A letter with a geresh (׳, or the apostrophe typed for it) writes a sound Hebrew has no letter
 * for, in foreign names: ג׳ j (ג׳ורג׳ George), ז׳ zh (ז׳אן Jean), צ׳ ch (צ׳רצ׳יל Churchill), and
 * in Arabic names ת׳ th, ד׳ dh, ח׳ kh, ע׳ gh (ע׳אזי Ghazi).
 */
export const GERESH = '\u05F3';
const WITH_GERESH: Readonly<Record<string, AbjadConsonant>> = {
  ג: ['j', 'j'],
  ז: ['zh', 'j'],
  צ: ['ch', 'c'],
  ץ: ['ch', 'c'],
  ת: ['th', 't'],
  ד: ['dh', 'd'],
  ח: ['kh', 'x'],
  ע: ['gh', 'j'],
};

function writeHebrew(chars: readonly string[]): AbjadWriter {
  const writer = new AbjadWriter();
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index]!;
    const isLast = index === chars.length - 1;
    const consonant = CONSONANTS[char];
    const withGeresh = chars[index + 1] === GERESH ? WITH_GERESH[char] : undefined;
    if (withGeresh) {
      writer.writeConsonant(withGeresh, true);
      index += 1;
    } else if (char === GERESH) continue;
    else if (char === 'א' || char === 'ע') writer.writeVowel('a', char === 'א' ? ABJAD_LETTER.carrier : ABJAD_LETTER.ayin);
    else if (char === 'ו' || char === 'י') {
      const isVowel = index > 0 && (isLast || (chars[index + 1] ?? '') in CONSONANTS);
      const isVav = char === 'ו';
      writer.writeSemivowel(isVowel, isVav ? 'o' : 'i', isVav ? 'v' : 'y', isVav ? ABJAD_LETTER.waw : ABJAD_LETTER.ya);
    } else if (consonant) writer.writeConsonant(consonant, !(char === 'ה' && isLast));
    else writer.writeOther(char);
  }
  return writer;
}

export function transliterateHebrew(rawWord: string): AbjadRomanisation {
  const chars = [...rawWord.replace(POINTS, '')];
  const writer = writeHebrew(chars);
  const last = chars.filter((char) => char !== GERESH).at(-1);
  const finalVowel = last === 'א' || last === 'ה' ? 'A' : last === 'י' ? 'I' : last === 'ו' ? 'U' : '';
  return { forms: [writer.vocalised], skeleton: writer.skeleton(finalVowel), letters: writer.writtenLetters() };
}

/**
 * Splits the article of an Arabic name written in Hebrew letters ('אלמסרי' as 'Al-Masri'), as
 * splitArabicArticle does for Arabic. Hebrew names that start with the same letters (אלכסנדר,
 * אלון) keep the whole word's letters on the part after it (see NameNormalizer), so they still
 * read in full against their Latin spelling.
 */
export function splitHebrewArticle(word: string): string[] {
  return word.startsWith('אל') && [...word].length > 3 ? ['אל', word.slice(2)] : [word];
}
