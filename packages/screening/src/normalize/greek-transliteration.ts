/**
 * Greek to Latin: ELOT 743 (passports) and the classical habit (ch, y, ph) that older records use,
 * and a third reading for foreign names written in Greek letters.
 */

const DIGRAPHS: readonly [string, string, string][] = [
  // [greek, ELOT 743, classical]
  ['ου', 'ou', 'u'],
  ['αι', 'ai', 'e'],
  ['ει', 'ei', 'i'],
  ['οι', 'oi', 'i'],
  ['αυ', 'av', 'af'],
  ['ευ', 'ev', 'ef'],
  ['μπ', 'b', 'mp'],
  ['ντ', 'd', 'nt'],
  ['γκ', 'g', 'nk'],
  ['γγ', 'ng', 'ng'],
  ['τσ', 'ts', 'ts'],
  ['τζ', 'tz', 'dz'],
];

const LETTERS: Record<string, [string, string]> = {
  α: ['a', 'a'],
  β: ['v', 'b'],
  γ: ['g', 'g'],
  δ: ['d', 'd'],
  ε: ['e', 'e'],
  ζ: ['z', 'z'],
  η: ['i', 'e'],
  θ: ['th', 'th'],
  ι: ['i', 'i'],
  κ: ['k', 'k'],
  λ: ['l', 'l'],
  μ: ['m', 'm'],
  ν: ['n', 'n'],
  ξ: ['x', 'ks'],
  ο: ['o', 'o'],
  π: ['p', 'p'],
  ρ: ['r', 'r'],
  σ: ['s', 's'],
  ς: ['s', 's'],
  τ: ['t', 't'],
  υ: ['y', 'i'],
  φ: ['f', 'ph'],
  χ: ['ch', 'kh'],
  ψ: ['ps', 'ps'],
  ω: ['o', 'o'],
};

function romanise(word: string, system: 0 | 1): string {
  let latin = '';
  let index = 0;
  while (index < word.length) {
    const pair = word.slice(index, index + 2);
    const digraph = DIGRAPHS.find(([greek]) => greek === pair);
    if (digraph) {
      latin += digraph[system + 1];
      index += 2;
      continue;
    }
    const char = word[index]!;
    latin += LETTERS[char]?.[system] ?? char;
    index += 1;
  }
  return latin;
}

const GREEK_VOWELS = new Set(['α', 'ε', 'η', 'ι', 'ο', 'υ', 'ω']);

/**
 * Greek sounds of a foreign name: b, d, g written μπ, ντ, γκ; j as τζ ('Τζορτζ' George); h and kh
 * both as χ, the only letter Greek has for either ('Αχμαντ' Ahmad); w as ου before a vowel
 * ('Ουάελ' Wael, 'Ραουί' Rawi); y as ι or as the ι of αι, ει, οι before a vowel ('Ιαχιά' Yahya,
 * 'Αιάντ' Ayad); ai, ei, oi before a consonant as written ('Φαισάλ' Faisal, where ELOT's
 * classical 'e' would be Fesal).
 */
const FOREIGN_DIGRAPHS: readonly [string, string][] = [
  ['μπ', 'b'],
  ['ντ', 'd'],
  ['γκ', 'g'],
  ['γγ', 'ng'],
  ['τζ', 'j'],
  ['τσ', 'ts'],
  ['αυ', 'av'],
  ['ευ', 'ev'],
];

/** The letters of a foreign name; each reading of ι and ου depends on the next letter. */
function romaniseForeignName(word: string, sigma = 's'): string {
  let latin = '';
  let index = 0;
  const isVowelAt = (position: number): boolean => GREEK_VOWELS.has(word[position] ?? '');
  while (index < word.length) {
    const pair = word.slice(index, index + 2);
    const digraph = FOREIGN_DIGRAPHS.find(([greek]) => greek === pair);
    if (digraph) {
      latin += digraph[1];
      index += 2;
      continue;
    }
    if (pair === 'ου') {
      latin += isVowelAt(index + 2) ? 'w' : 'ou';
      index += 2;
      continue;
    }
    const char = word[index]!;
    const isAfterVowel = index > 0 && isVowelAt(index - 1) && latin.at(-1) !== 'w';
    if (char === 'ι' && (index === 0 || isAfterVowel) && isVowelAt(index + 1)) latin += 'y';
    else if (char === 'χ') latin += 'kh';
    else if (char === 'σ' || char === 'ς') latin += sigma;
    else latin += LETTERS[char]?.[0] ?? char;
    index += 1;
  }
  return latin;
}

/**
 * A Greek name declines and ends in -ος, -ης, -ας or, a woman's surname, -ου (Χρήστος, Ιωάννης,
 * Σαμαράς, Χριστοδούλου); a foreign name written in Greek letters keeps its own ending
 * (Μουχαμμαντ, Ιαχια, Ουαελ).
 */
const GREEK_NAME_ENDING = /(ος|ης|ας|ου)$/u;

/**
 * Romanisations of a lowercase Greek word with its accents already removed: ELOT 743 (what a Greek
 * passport prints), the classical one, and the foreign-name reading. The likelier reading comes
 * first: the index looks words up fuzzily by the first one only, the others by their exact spelling.
 */
export function transliterateGreek(word: string): string[] {
  const elot = romanise(word, 0);
  const foreign = romaniseForeignName(word);
  const first = GREEK_NAME_ENDING.test(word) ? [elot, foreign] : [foreign, elot];
  // Greek has no sh: a foreign name's sh is written σ ('Σαχ' Shah, 'Νασουάν' Nashwan).
  const withSh = /[σς]/u.test(word) ? [romaniseForeignName(word, 'sh')] : [];
  return [...new Set([...first, romanise(word, 1), ...withSh])];
}

/**
 * The Arabic article written as part of a Greek word ('Αλτικρίτι' Al-Tikriti) as a word of its
 * own, as Arabic and Hebrew words are split. Greek names that start with the same letters are left
 * whole: a vowel follows (Αλέξανδρος) or the word declines (Αλκιβιάδης).
 */
export function splitGreekArticle(word: string): string[] {
  if (!word.startsWith('αλ') || word.length < 5 || GREEK_VOWELS.has(word[2]!) || GREEK_NAME_ENDING.test(word)) return [word];
  return ['αλ', word.slice(2)];
}
