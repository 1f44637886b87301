/**
 * Folding of Latin-script text to plain lowercase a–z and digits, and of look-alike letters from
 * other scripts hidden inside Latin words.
 */

/** Latin letters that NFKD does not decompose into a base letter plus a mark. */
const SPECIAL_LATIN: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ı: 'i',
  ħ: 'h',
  Ħ: 'h',
  ŋ: 'ng',
  ĸ: 'k',
  ſ: 's',
  ə: 'a',
  Ə: 'a',
  ɨ: 'i',
  ʒ: 'z',
  ƒ: 'f',
};

/**
 * Cyrillic and Greek letters that look like Latin ones. Applied only inside a word that is mostly
 * Latin, where they are typing accidents or deliberate evasion ('ROMASHKІN' with a Cyrillic І).
 */
const LATIN_LOOKALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'l',
  ɡ: 'g',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ζ: 'z',
  η: 'n',
};

/** The reverse: Latin letters typed inside a mostly Cyrillic word (a Latin 'O' in 'OOO'). */
const CYRILLIC_LOOKALIKES: Record<string, string> = {
  a: 'а',
  b: 'в',
  c: 'с',
  e: 'е',
  h: 'н',
  i: 'і',
  k: 'к',
  m: 'м',
  o: 'о',
  p: 'р',
  t: 'т',
  x: 'х',
  y: 'у',
};

const COMBINING_MARKS = /\p{M}+/gu;
const LATIN_LETTER = /\p{Script=Latin}/u;
const CYRILLIC_OR_GREEK_LETTER = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

/** Lowercases, strips diacritics and maps the special Latin letters; other characters pass through. */
export function foldLatin(text: string): string {
  let folded = '';
  for (const char of text.normalize('NFKD').replace(COMBINING_MARKS, '')) {
    folded += SPECIAL_LATIN[char] ?? char;
  }
  return folded.toLowerCase();
}

export interface HomoglyphResult {
  text: string;
  /** True when the word mixed scripts and look-alike letters were replaced. */
  isMixedScript: boolean;
}

/** Replaces look-alike letters in a word that mixes Latin with Cyrillic or Greek, towards its majority script. */
export function foldHomoglyphs(word: string): HomoglyphResult {
  let latin = 0;
  let other = 0;
  for (const char of word) {
    if (LATIN_LETTER.test(char)) latin += 1;
    else if (CYRILLIC_OR_GREEK_LETTER.test(char)) other += 1;
  }
  if (latin === 0 || other === 0) return { text: word, isMixedScript: false };
  const table = latin >= other ? LATIN_LOOKALIKES : CYRILLIC_LOOKALIKES;
  let text = '';
  for (const char of word) {
    const lower = char.toLowerCase();
    text += table[lower] ?? char;
  }
  return { text, isMixedScript: true };
}
