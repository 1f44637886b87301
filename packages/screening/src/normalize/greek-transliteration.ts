/**
 * Greek to Latin: ELOT 743 (passports) and the classical habit (ch, y, ph) that older records use.
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

/**
 * Romanisations of a lowercase Greek word with its accents already removed. Greek writes the
 * English and Spanish 'j' of foreign names as τζ ('Τζορτζ' for George), so a word with τζ also
 * gets that reading.
 */
export function transliterateGreek(word: string): string[] {
  const forms = [romanise(word, 0), romanise(word, 1)];
  if (word.includes('τζ')) forms.push(romanise(word.replaceAll('τζ', '\u0000'), 0).replaceAll('\u0000', 'j'));
  return [...new Set(forms)];
}
