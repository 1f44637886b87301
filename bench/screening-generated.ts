/**
 * Generated generalisation sets for the name matcher, made by rule from the listed names of the
 * real lists (never from the labelled pairs): each listed name is rewritten the way customers and
 * other lists write names, and the rewritten name must still find its listing at the default
 * threshold; a namesake (one distinctive word replaced by another listed word of the same
 * length) must not. Names are also written in other scripts by rule (Cyrillic, Greek, Arabic,
 * Hebrew, Korean Hangul, Japanese katakana) and must find their Latin listing.
 *
 * Which listings are sampled is decided by a hash of the listing's id, into a tuned part and a
 * held-apart part, reported side by side.
 */
import type { WatchlistEntity } from '../packages/screening/src/model';
import { ScreeningIndex } from '../packages/screening/src/matching/screening-index';
import type { ScreeningQuery } from '../packages/screening/src/matching/screening-types';
import { DEFAULT_THRESHOLDS } from '../packages/screening/src/matching/thresholds';
import { round } from './lib';
import { splitOf, type SplitPart } from './screening-eval-split';

type Rewrite = (words: string[], random: () => number) => string[] | undefined;

function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const PARTICLES = new Set(['al', 'el', 'bin', 'ibn', 'ben', 'bint', 'abu', 'de', 'da', 'van', 'von', 'der', 'la', 'le', 'du', 'ould']);

/** Romanisation choices that differ between lists and customers (Mohammed / Muhammad, Yusuf / Yousef, Khalid / Halid). */
const SPELLING_RULES: readonly [RegExp, string][] = [
  [/ou/, 'u'],
  [/u/, 'ou'],
  [/oo/, 'u'],
  [/ee/, 'i'],
  [/o/, 'u'],
  [/u/, 'o'],
  [/e/, 'a'],
  [/a/, 'e'],
  [/i/, 'ee'],
  [/y/, 'i'],
  [/i/, 'y'],
  [/kh/, 'h'],
  [/q/, 'k'],
  [/k/, 'q'],
  [/dh/, 'z'],
  [/j/, 'dj'],
  [/sh/, 'ch'],
  [/w/, 'v'],
  [/ph/, 'f'],
  [/([bcdfgklmnprstz])\1/, '$1'],
  [/([bdlmnrst])(?=[aeiou])/, '$1$1'],
];

function isWord(word: string): boolean {
  return word.length >= 3 && !PARTICLES.has(word.toLowerCase());
}

function pickIndex(words: readonly string[], random: () => number, accept: (word: string, index: number) => boolean): number | undefined {
  const indexes = words.map((_, index) => index).filter((index) => accept(words[index]!, index));
  return indexes.length === 0 ? undefined : indexes[Math.floor(random() * indexes.length)];
}

const PERSON_REWRITES: Record<string, Rewrite> = {
  /** One word respelled at one place by a romanisation rule that applies to it ('Mohammed' / 'Muhammed'). */
  transliteration: (words, random) => {
    const index = pickIndex(words, random, (word) => isWord(word) && SPELLING_RULES.some(([rule]) => rule.test(word.toLowerCase())));
    if (index === undefined) return undefined;
    const word = words[index]!.toLowerCase();
    const rules = SPELLING_RULES.filter(([rule]) => rule.test(word));
    const [rule, replacement] = rules[Math.floor(random() * rules.length)]!;
    const respelled = word.replace(rule, replacement);
    if (respelled === word) return undefined;
    return words.map((other, position) => (position === index ? respelled : other));
  },
  /**
   * Two adjacent words written as one: a particle with the word it introduces ('Abu Bakr' /
   * 'Abubakr', 'Al Hiyari' / 'Alhiyari'), or two given names ('Abdul Rahman' / 'Abdulrahman').
   */
  merge: (words, random) => {
    if (words.length < 2) return undefined;
    const index = pickIndex(words.slice(0, -1), random, (word, position) => {
      const next = words[position + 1]!;
      if (PARTICLES.has(next.toLowerCase())) return false;
      return PARTICLES.has(word.toLowerCase()) || (isWord(word) && isWord(next) && position + 2 < words.length);
    });
    if (index === undefined) return undefined;
    return [...words.slice(0, index), `${words[index]}${words[index + 1]!.toLowerCase()}`, ...words.slice(index + 2)];
  },
  /** A given or middle name written as its initial. */
  initial: (words, random) => {
    if (words.length < 3) return undefined;
    const index = pickIndex(words, random, (word, position) => isWord(word) && position < words.length - 1 && position > 0);
    if (index === undefined) return undefined;
    return words.map((word, position) => (position === index ? `${word[0]!.toUpperCase()}.` : word));
  },
  /** A middle name left out. */
  missingMiddle: (words, random) => {
    if (words.length < 3) return undefined;
    const index = pickIndex(words, random, (word, position) => isWord(word) && position > 0 && position < words.length - 1);
    if (index === undefined) return undefined;
    return words.filter((_, position) => position !== index);
  },
  /** The father's-name link written another way, or left out (bin / ibn / s/o / walad). */
  patronymic: (words, random) => {
    const index = words.findIndex((word) => ['bin', 'ibn', 'ben', 'walad', 'ould'].includes(word.toLowerCase()));
    if (index < 0) return undefined;
    const forms = [[], ['ibn'], ['bin'], ['s/o'], ['walad'], ['son', 'of']];
    const form = forms[Math.floor(random() * forms.length)]!;
    return [...words.slice(0, index), ...form, ...words.slice(index + 1)];
  },
  /** Surname first, or the words rotated. */
  wordOrder: (words) => {
    if (words.length < 2) return undefined;
    return [words.at(-1)!, ...words.slice(0, -1)];
  },
};

const LEGAL_FORMS: readonly [RegExp, string][] = [
  [/\bLIMITED\b/i, 'Ltd'],
  [/\bLTD\.?(?=\s|$)/i, 'Limited'],
  [/\bLLC\b/i, 'Limited Liability Company'],
  [/\bCO\.?(?=\s|,|$)/i, 'Company'],
  [/\bCOMPANY\b/i, 'Co.'],
  [/\bCORPORATION\b/i, 'Corp.'],
  [/\bINC\.?(?=\s|$)/i, 'Incorporated'],
  [/\bS\.?A\.?(?=\s|$)/i, 'Sociedad Anonima'],
  [/\bGMBH\b/i, 'Gesellschaft mit beschränkter Haftung'],
  [/\bJSC\b/i, 'Joint Stock Company'],
];

const ORGANISATION_REWRITES: Record<string, Rewrite> = {
  /** The legal form written in full, abbreviated, or left out. */
  legalForm: (words, random) => {
    const text = words.join(' ');
    const forms = LEGAL_FORMS.filter(([rule]) => rule.test(text));
    if (forms.length === 0) return undefined;
    const [rule, replacement] = forms[Math.floor(random() * forms.length)]!;
    return text
      .replace(rule, random() < 0.3 ? '' : replacement)
      .split(/\s+/)
      .filter(Boolean);
  },
  wordOrder: (words) => (words.length < 2 ? undefined : [...words.slice(1), words[0]!]),
};

/** Latin letters to other scripts by rule: longest sequence first. */
const SCRIPT_TABLES: Record<string, readonly [string, string][]> = {
  cyrillic: [
    ['shch', 'щ'],
    ['sh', 'ш'],
    ['ch', 'ч'],
    ['kh', 'х'],
    ['zh', 'ж'],
    ['ts', 'ц'],
    ['yu', 'ю'],
    ['ya', 'я'],
    ['yo', 'ё'],
    ['ou', 'у'],
    ['a', 'а'],
    ['b', 'б'],
    ['c', 'к'],
    ['d', 'д'],
    ['e', 'е'],
    ['f', 'ф'],
    ['g', 'г'],
    ['h', 'х'],
    ['i', 'и'],
    ['j', 'дж'],
    ['k', 'к'],
    ['l', 'л'],
    ['m', 'м'],
    ['n', 'н'],
    ['o', 'о'],
    ['p', 'п'],
    ['q', 'к'],
    ['r', 'р'],
    ['s', 'с'],
    ['t', 'т'],
    ['u', 'у'],
    ['v', 'в'],
    ['w', 'в'],
    ['x', 'кс'],
    ['y', 'й'],
    ['z', 'з'],
  ],
  greek: [
    ['th', 'θ'],
    ['ch', 'χ'],
    ['kh', 'χ'],
    ['ph', 'φ'],
    ['ps', 'ψ'],
    ['ou', 'ου'],
    ['sh', 'σ'],
    ['a', 'α'],
    ['b', 'μπ'],
    ['c', 'κ'],
    ['d', 'ντ'],
    ['e', 'ε'],
    ['f', 'φ'],
    ['g', 'γκ'],
    ['h', 'χ'],
    ['i', 'ι'],
    ['j', 'τζ'],
    ['k', 'κ'],
    ['l', 'λ'],
    ['m', 'μ'],
    ['n', 'ν'],
    ['o', 'ο'],
    ['p', 'π'],
    ['q', 'κ'],
    ['r', 'ρ'],
    ['s', 'σ'],
    ['t', 'τ'],
    ['u', 'ου'],
    ['v', 'β'],
    ['w', 'ου'],
    ['x', 'ξ'],
    ['y', 'ι'],
    ['z', 'ζ'],
  ],
  // Abjads: consonants and long vowels; short vowels inside a word are not written.
  arabic: [
    ['sh', 'ش'],
    ['kh', 'خ'],
    ['th', 'ث'],
    ['dh', 'ذ'],
    ['gh', 'غ'],
    ['ch', 'تش'],
    ['ou', 'و'],
    ['oo', 'و'],
    ['ee', 'ي'],
    ['aa', 'ا'],
    ['b', 'ب'],
    ['c', 'ك'],
    ['d', 'د'],
    ['f', 'ف'],
    ['g', 'ج'],
    ['h', 'ه'],
    ['j', 'ج'],
    ['k', 'ك'],
    ['l', 'ل'],
    ['m', 'م'],
    ['n', 'ن'],
    ['p', 'ب'],
    ['q', 'ق'],
    ['r', 'ر'],
    ['s', 'س'],
    ['t', 'ت'],
    ['v', 'ف'],
    ['w', 'و'],
    ['x', 'كس'],
    ['y', 'ي'],
    ['z', 'ز'],
  ],
  hebrew: [
    ['sh', 'ש'],
    ['ch', 'ח'],
    ['kh', 'ח'],
    ['ts', 'צ'],
    ['tz', 'צ'],
    ['ou', 'ו'],
    ['oo', 'ו'],
    ['ee', 'י'],
    ['b', 'ב'],
    ['c', 'ק'],
    ['d', 'ד'],
    ['f', 'פ'],
    ['g', 'ג'],
    ['h', 'ה'],
    ['j', "ג'"],
    ['k', 'ק'],
    ['l', 'ל'],
    ['m', 'מ'],
    ['n', 'נ'],
    ['p', 'פ'],
    ['q', 'ק'],
    ['r', 'ר'],
    ['s', 'ס'],
    ['t', 'ט'],
    ['v', 'ו'],
    ['w', 'ו'],
    ['x', 'קס'],
    ['y', 'י'],
    ['z', 'ז'],
  ],
};

const ABJAD_LONG_VOWELS: Record<string, Record<string, string>> = {
  arabic: { a: 'ا', i: 'ي', u: 'و', o: 'و', e: 'ي' },
  hebrew: { a: 'א', i: 'י', u: 'ו', o: 'ו', e: '' },
};

/** A word in an abjad: vowels written only at the start (as alef + vowel letter) and the end, consonants throughout. */
function toAbjad(word: string, script: 'arabic' | 'hebrew'): string {
  const table = SCRIPT_TABLES[script]!;
  const vowels = ABJAD_LONG_VOWELS[script]!;
  let result = '';
  for (let position = 0; position < word.length;) {
    const entry = table.find(([latin]) => word.startsWith(latin, position));
    if (entry) {
      result += entry[1];
      position += entry[0].length;
      continue;
    }
    const letter = word[position]!;
    const isFirst = position === 0;
    const isLast = position === word.length - 1;
    if (isFirst) result += script === 'arabic' ? (letter === 'a' ? 'ا' : letter === 'i' || letter === 'e' ? 'إ' : 'أ') : 'א';
    else if (isLast) result += vowels[letter] ?? '';
    position += 1;
  }
  return result;
}

function toAlphabet(word: string, table: readonly [string, string][]): string {
  let result = '';
  for (let position = 0; position < word.length;) {
    const entry = table.find(([latin]) => word.startsWith(latin, position));
    if (entry) {
      result += entry[1];
      position += entry[0].length;
    } else position += 1;
  }
  return result;
}

/** Korean Hangul by syllable (initial consonant, vowel, final consonant), from the usual romanisations. */
const HANGUL_INITIALS: readonly [string, number][] = [
  ['kk', 1],
  ['tt', 4],
  ['pp', 8],
  ['ss', 10],
  ['jj', 13],
  ['ch', 14],
  ['g', 0],
  ['k', 0],
  ['n', 2],
  ['d', 3],
  ['t', 3],
  ['r', 5],
  ['l', 5],
  ['m', 6],
  ['b', 7],
  ['p', 7],
  ['s', 9],
  ['j', 12],
  ['h', 18],
];
const HANGUL_VOWELS: readonly [string, number][] = [
  ['yeo', 6],
  ['yae', 3],
  ['wae', 10],
  ['ae', 1],
  ['ya', 2],
  ['eo', 4],
  ['ye', 7],
  ['wa', 9],
  ['oe', 11],
  ['yo', 12],
  ['wo', 14],
  ['we', 15],
  ['wi', 16],
  ['yu', 17],
  ['eu', 18],
  ['ui', 19],
  ['a', 0],
  ['e', 5],
  ['o', 8],
  ['u', 13],
  ['i', 20],
];
const HANGUL_FINALS: readonly [string, number][] = [
  ['ng', 21],
  ['k', 1],
  ['g', 1],
  ['n', 4],
  ['l', 8],
  ['r', 8],
  ['m', 16],
  ['p', 17],
  ['b', 17],
  ['t', 7],
  ['s', 19],
];

/** A romanised Korean word as Hangul, or undefined when it does not read as Korean syllables. */
function toHangul(word: string): string | undefined {
  let result = '';
  let position = 0;
  while (position < word.length) {
    const initial = HANGUL_INITIALS.find(([latin]) => word.startsWith(latin, position));
    let initialIndex = 11; // ㅇ: no initial consonant
    if (initial) {
      initialIndex = initial[1];
      position += initial[0].length;
    }
    const vowel = HANGUL_VOWELS.find(([latin]) => word.startsWith(latin, position));
    if (!vowel) return undefined;
    position += vowel[0].length;
    let finalIndex = 0;
    const final = HANGUL_FINALS.find(([latin]) => word.startsWith(latin, position));
    // A final consonant only when no vowel follows it (a following vowel makes it the next initial).
    if (final && !HANGUL_VOWELS.some(([latin]) => word.startsWith(latin, position + final[0].length))) {
      finalIndex = final[1];
      position += final[0].length;
    }
    result += String.fromCodePoint(0xac00 + (initialIndex * 21 + vowel[1]) * 28 + finalIndex);
  }
  return result;
}

const KATAKANA_ROWS: Record<string, string> = {
  '': 'アイウエオ',
  k: 'カキクケコ',
  g: 'ガギグゲゴ',
  s: 'サシスセソ',
  z: 'ザジズゼゾ',
  t: 'タチツテト',
  d: 'ダヂヅデド',
  n: 'ナニヌネノ',
  h: 'ハヒフヘホ',
  b: 'バビブベボ',
  p: 'パピプペポ',
  m: 'マミムメモ',
  y: 'ヤイユエヨ',
  r: 'ラリルレロ',
  w: 'ワイウエヲ',
  j: 'ジジジジジ',
  f: 'フフフフフ',
};
const KATAKANA_VOWELS = 'aiueo';

/** A romanised Japanese word as katakana (Hepburn-like syllables), or undefined. */
function toKatakana(word: string): string | undefined {
  let result = '';
  let position = 0;
  while (position < word.length) {
    if (word.startsWith('shi', position)) {
      result += 'シ';
      position += 3;
      continue;
    }
    if (word.startsWith('chi', position)) {
      result += 'チ';
      position += 3;
      continue;
    }
    if (word.startsWith('tsu', position)) {
      result += 'ツ';
      position += 3;
      continue;
    }
    const letter = word[position]!;
    const vowelIndex = KATAKANA_VOWELS.indexOf(letter);
    if (vowelIndex >= 0) {
      result += KATAKANA_ROWS['']![vowelIndex];
      position += 1;
      continue;
    }
    const next = word[position + 1];
    const nextVowel = next ? KATAKANA_VOWELS.indexOf(next) : -1;
    if (letter === 'n' && nextVowel < 0) {
      result += 'ン';
      position += 1;
      continue;
    }
    const row = KATAKANA_ROWS[letter];
    if (!row || nextVowel < 0) return undefined;
    result += row[nextVowel];
    position += 2;
  }
  return result;
}

const SCRIPT_WRITERS: Record<string, (word: string) => string | undefined> = {
  cyrillic: (word) => toAlphabet(word, SCRIPT_TABLES.cyrillic!),
  greek: (word) => toAlphabet(word, SCRIPT_TABLES.greek!).replace(/σ$/, 'ς'),
  arabic: (word) => toAbjad(word, 'arabic'),
  hebrew: (word) => toAbjad(word, 'hebrew'),
  korean: toHangul,
  japanese: toKatakana,
};

/** Which listings a script can be tried on: Korean and Japanese only for names that read as their syllables. */
function writeInScript(script: string, words: readonly string[]): string | undefined {
  const writer = SCRIPT_WRITERS[script]!;
  const written: string[] = [];
  for (const word of words) {
    const folded = word
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
    if (folded.length === 0) continue;
    const result = writer(folded);
    if (!result) return undefined;
    written.push(result);
  }
  if (written.length === 0) return undefined;
  return script === 'japanese' ? written.join('・') : written.join(' ');
}

interface Outcome {
  found: number;
  tried: number;
}

function rate(outcome: Outcome): number {
  return round(outcome.found / Math.max(1, outcome.tried), 4);
}

function primaryName(entity: WatchlistEntity): string | undefined {
  return entity.names.find((name) => name.type === 'primary')?.full;
}

function wordsOf(name: string): string[] {
  return name
    .replace(/[,()"“”]/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0);
}

/** Runs every rewrite on a sample of listings; recall is the share of rewritten names that still find their listing. */
export function evaluateGeneratedSets(entities: readonly WatchlistEntity[], sampleEvery = 4): Record<string, unknown> {
  const index = ScreeningIndex.build(entities);
  const random = seededRandom(20_261_127);
  const threshold = DEFAULT_THRESHOLDS.sanction;
  const sampled = entities.filter(
    (entity, position) =>
      position % sampleEvery === 0 && entity.hitType !== 'pep' && (entity.type === 'person' || entity.type === 'organisation'),
  );
  const byWordLength = new Map<number, string[]>();
  for (const entity of sampled) {
    for (const word of wordsOf(primaryName(entity) ?? '')) {
      if (!isWord(word) || !/^[A-Za-z]+$/.test(word)) continue;
      const list = byWordLength.get(word.length) ?? [];
      list.push(word);
      byWordLength.set(word.length, list);
    }
  }

  const variants: Record<string, Record<SplitPart, Outcome>> = {};
  const namesakes: Record<SplitPart, Outcome> = { tuned: { found: 0, tried: 0 }, heldApart: { found: 0, tried: 0 } };
  const scripts: Record<string, Record<SplitPart, Outcome>> = {};
  // Misses are kept for the tuned part only: the held-apart part is read as figures, never case by case.
  const tunedMisses: Record<string, string[]> = {};
  const count = (
    table: Record<string, Record<SplitPart, Outcome>>,
    key: string,
    part: SplitPart,
    found: boolean,
    example: string,
  ): void => {
    table[key] ??= { tuned: { found: 0, tried: 0 }, heldApart: { found: 0, tried: 0 } };
    table[key][part].tried += 1;
    if (found) table[key][part].found += 1;
    else if (part === 'tuned') {
      const misses = (tunedMisses[key] ??= []);
      if (misses.length < 12) misses.push(example);
    }
  };
  const finds = (entity: WatchlistEntity, name: string): boolean => {
    const query: ScreeningQuery = { name, type: entity.type === 'person' ? 'person' : 'organisation' };
    return index.screen(query, { threshold, maxHits: 50 }).some((hit) => hit.id === entity.id && hit.list === entity.list);
  };

  for (const entity of sampled) {
    const name = primaryName(entity);
    if (!name) continue;
    const words = wordsOf(name);
    const part = splitOf(`${entity.list}:${entity.id}`);
    const rewrites = entity.type === 'person' ? PERSON_REWRITES : ORGANISATION_REWRITES;
    for (const [kind, rewrite] of Object.entries(rewrites)) {
      const rewritten = rewrite(words, random);
      if (!rewritten || rewritten.join(' ') === words.join(' ')) continue;
      const query = rewritten.join(' ');
      count(variants, `${entity.type}:${kind}`, part, finds(entity, query), `${query} → ${name}`);
    }
    if (entity.type === 'person') {
      // A namesake: the longest distinctive word replaced by another listed word of its length.
      const target = pickIndex(words, random, (word) => isWord(word) && /^[A-Za-z]+$/.test(word));
      const pool = target === undefined ? undefined : byWordLength.get(words[target]!.length);
      if (target !== undefined && pool && pool.length > 1) {
        const other = pool[Math.floor(random() * pool.length)]!;
        if (other.toLowerCase() !== words[target]!.toLowerCase()) {
          namesakes[part].tried += 1;
          if (finds(entity, words.map((word, position) => (position === target ? other : word)).join(' '))) namesakes[part].found += 1;
        }
      }
      if (/^[\p{Script=Latin}\s.'-]+$/u.test(name)) {
        for (const script of Object.keys(SCRIPT_WRITERS)) {
          const written = writeInScript(script, words);
          if (written) count(scripts, script, part, finds(entity, written), `${written} → ${name}`);
        }
      }
    }
  }
  const summarise = (table: Record<string, Record<SplitPart, Outcome>>): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(table).map(([key, parts]) => [
        key,
        { tuned: { recall: rate(parts.tuned), ...parts.tuned }, heldApart: { recall: rate(parts.heldApart), ...parts.heldApart } },
      ]),
    );
  const lines: string[] = [];
  for (const [label, table] of [
    ['variant', variants],
    ['script', scripts],
  ] as const) {
    for (const [key, parts] of Object.entries(table))
      lines.push(
        `generated ${label} ${key}: recall tuned ${rate(parts.tuned)} [${parts.tuned.tried}] | held apart ${rate(parts.heldApart)} [${parts.heldApart.tried}]`,
      );
  }
  lines.push(
    `generated namesakes found (false matches): tuned ${rate(namesakes.tuned)} [${namesakes.tuned.tried}] | held apart ${rate(namesakes.heldApart)} [${namesakes.heldApart.tried}]`,
  );
  for (const line of lines) console.log(line);
  return {
    threshold,
    sampledListings: sampled.length,
    tunedMisses,
    variants: summarise(variants),
    scripts: summarise(scripts),
    namesakesFound: {
      tuned: { rate: rate(namesakes.tuned), ...namesakes.tuned },
      heldApart: { rate: rate(namesakes.heldApart), ...namesakes.heldApart },
    },
  };
}
