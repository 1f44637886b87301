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
 * Greek writes a foreign name's b, d, g as μπ, ντ, γκ (ELOT reads them so), its j as τζ
 * ('Τζορτζ' for George) and its h as χ, the only letter it has for either h or kh ('Αχμαντ' for
 * Ahmad): one more reading takes all of these at once, since a foreign name holds several of them
 * and neither system alone reads them all ('Μουχαμμαντ' is Muhammad, not Mouchammad nor Moukhammant).
 */
function romaniseForeignName(word: string): string {
  return romanise(word.replaceAll('τζ', '\u0000').replaceAll('χ', '\u0001'), 0).replaceAll('\u0000', 'j').replaceAll('\u0001', 'kh');
}

/** Romanisations of a lowercase Greek word with its accents already removed. */
export function transliterateGreek(word: string): string[] {
  const forms = [romanise(word, 0), romanise(word, 1)];
  if (word.includes('τζ') || word.includes('χ')) forms.push(romaniseForeignName(word));
  if (word.includes('τζ') && word.includes('χ')) forms.push(romanise(word.replaceAll('τζ', '\u0000'), 0).replaceAll('\u0000', 'j'));
  return [...new Set(forms)];
}
