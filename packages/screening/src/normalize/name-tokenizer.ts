/**
 * Splits a name as written into words: punctuation and spaces separate words, apostrophes do not
 * ('Qa'ida', 'O'Brien'), dotted initials run together ('A.B.C.' → 'ABC', 'o.o.o.' → 'ooo'), and
 * digits typed for look-alike letters inside a word are read as letters ('Sech1n').
 */

const APOSTROPHES = /['’‘`ʻʼʹ´]/gu;
/** An apostrophe after a Hebrew letter is the geresh typed (ג'ורג' George): it stays part of the word. */
const HEBREW_GERESH = /(?<=[\u05D0-\u05EA])['’‘`ʼ׳]/gu;
const DOTTED_INITIALS = /(?<![\p{L}\p{N}])((?:\p{L}\.){1,}\p{L})\.?(?![\p{L}\p{N}])/gu;
const SEPARATORS = /[^\p{L}\p{M}\p{N}\u05F3]+/u;
const ORDINAL = /^(\d+)(st|nd|rd|th|er|e|eme|ème|º|ª)$/iu;
const LETTER = /\p{L}/u;
const DIGIT_AS_LETTER: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '9': 'g', '6': 'b' };

function readDigitsAsLetters(word: string): string {
  const ordinal = ORDINAL.exec(word);
  if (ordinal) return ordinal[1]!;
  let letters = 0;
  let digits = 0;
  for (const char of word) {
    if (char >= '0' && char <= '9') digits += 1;
    else if (LETTER.test(char)) letters += 1;
  }
  if (digits === 0 || letters === 0 || digits * 2 > letters) return word;
  return word.replace(/[0-9]/g, (digit) => DIGIT_AS_LETTER[digit] ?? digit);
}

/** The words of a name, in written order, with their original letters and case. */
export function splitNameWords(name: string): string[] {
  const text = name
    .normalize('NFC')
    .replace(HEBREW_GERESH, '\u05F3')
    .replace(APOSTROPHES, '')
    .replace(DOTTED_INITIALS, (run) => run.replace(/\./g, ''));
  return text
    .split(SEPARATORS)
    .filter((word) => word.length > 0)
    .map(readDigitsAsLetters);
}
