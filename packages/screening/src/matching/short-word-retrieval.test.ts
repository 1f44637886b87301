/**
 * An exact listed name always reaches scoring, however short its words: generated names of one-
 * and two-letter syllables (Korean, Chinese, Burmese, Vietnamese, West African and Arabic forms),
 * with particles, repeated words and words that are legal forms or titles somewhere, listed
 * among tens of thousands of names made of the same syllables, so that every word is common.
 */
import { describe, expect, it } from 'vitest';
import type { WatchlistEntity } from '../model';
import { ScreeningIndex } from './screening-index';
import { makeEntity } from './test-entity-factory';

/** mulberry32: a small seeded generator, so the names are the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const KOREAN_SURNAMES = ['Kim', 'Ri', 'Pak', 'Choe', 'Jong', 'Han', 'O', 'Yu', 'Ko', 'Ho', 'Ju', 'Ma', 'So', 'Mun', 'Sin', 'Kang'];
const KOREAN_SYLLABLES = [
  'Jong',
  'Un',
  'Il',
  'Song',
  'Chol',
  'Su',
  'Yong',
  'Hyok',
  'Ho',
  'Nam',
  'Sok',
  'Chun',
  'Min',
  'Ryol',
  'Kum',
  'Hui',
];
const MORE_SYLLABLES = ['Ok', 'Gi', 'Tae', 'Sun', 'Ha', 'Ae', 'In', 'U', 'Yo', 'Jo', 'Se'];
/** Particles, and short words that are legal forms (SA, AG, NA, OOO) or titles somewhere. */
const PARTICLES = ['al', 'bin', 'de', 'da', 'ag', 'el', 'abu', 'van', 'le', 'na', 'do', 'y', 'ould'];
const SHORT_WORDS = ['Ali', 'Omar', 'Sa', 'Ba', 'Oo', 'Khine', 'Mya', 'Tun', 'Win', 'Ag', 'Ghali', 'Sidi', 'Moussa', 'Ka', 'Ly', 'Sy'];
const CHINESE_WORDS = ['Ng', 'Lu', 'Wu', 'Xi', 'Hu', 'Li', 'Na', 'Yi', 'Du', 'Pao', 'Wei', 'Bo'];

function generateNames(count: number, random: () => number): string[] {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const syllables = [...KOREAN_SYLLABLES, ...MORE_SYLLABLES];
  const words = [...SHORT_WORDS, ...CHINESE_WORDS];
  const names = new Set<string>();
  while (names.size < count) {
    const shape = random();
    if (shape < 0.5) names.add(`${pick(KOREAN_SURNAMES)} ${pick(syllables)} ${pick(syllables)}`);
    else if (shape < 0.65) names.add(`${pick(CHINESE_WORDS)} ${pick(CHINESE_WORDS)}`);
    else if (shape < 0.8) names.add(`${pick(words)} ${pick(PARTICLES)} ${pick(words)}`);
    else names.add(`${pick(words)} ${pick(words)} ${pick(PARTICLES)} ${pick(words)}`);
  }
  return [...names];
}

describe('retrieval of names made of short words', () => {
  const names = generateNames(30_000, seededRandom(20_261_127));
  const entities: WatchlistEntity[] = names.map((name, index) => makeEntity(name, { id: `N${index}` }));
  const organisations = [
    makeEntity('GENERAL PETROLEUM CORPORATION', { id: 'general', type: 'organisation' }),
    makeEntity("PRIVATE MILITARY COMPANY 'WAGNER'", { id: 'private', type: 'organisation' }),
    makeEntity('MS-13', { id: 'ms13', type: 'organisation' }),
  ];
  const index = ScreeningIndex.build([...entities, ...organisations]);

  it('finds every sampled listed name, queried exactly, at 100, with and without the kind of name', () => {
    const missed: string[] = [];
    let sampled = 0;
    for (let position = 0; position < names.length; position += 97) {
      sampled += 1;
      for (const type of [undefined, 'person'] as const) {
        const hits = index.screen({ name: names[position]!, ...(type ? { type } : {}) }, { maxHits: 1000 });
        const hit = hits.find((found) => found.id === `N${position}`);
        if (!hit || hit.score < 100) missed.push(`${names[position]} (${type ?? 'any kind'}): ${hit?.score ?? 'not found'}`);
      }
    }
    expect(sampled).toBeGreaterThan(300);
    expect(missed).toEqual([]);
  }, 60_000);

  it('reads a name of unknown kind holding a legal-form-like word as a person too', () => {
    const listed = makeEntity('Iyad ag GHALI', { id: 'iyad' });
    const withKhun = makeEntity('KHUN SA', { id: 'khun' });
    const small = ScreeningIndex.build([listed, withKhun, ...entities.slice(0, 2000)]);
    expect(small.screen({ name: 'Iyad ag Ghali' })[0]).toMatchObject({ id: 'iyad', score: 100 });
    expect(small.screen({ name: 'Khun Sa' })[0]).toMatchObject({ id: 'khun', score: 100 });
  });

  it('reads an organisation whose first word is a personal title as an organisation too', () => {
    for (const entity of organisations) {
      expect(index.screen({ name: entity.names[0]!.full })[0]).toMatchObject({ id: entity.id, score: 100 });
    }
  });

  it('finds a name holding a word twice when its words are read in pairs', () => {
    // Every four-word name of ten short words: each word is in a third of the names, so names are
    // found through pairs of words ('Sy Sy do Wu' needs 'sy' twice).
    const words = ['Sy', 'Wu', 'Ly', 'Ba', 'Oo', 'Ka', 'Mya', 'Tun', 'Lu', 'Ag'];
    const all: string[] = [];
    for (const a of words) for (const b of words) for (const c of words) for (const d of words) all.push(`${a} ${b} ${c} ${d}`);
    const dense = ScreeningIndex.build(all.map((name, position) => makeEntity(name, { id: `D${position}` })));
    const repeated = all.filter((name, position) => position % 41 === 0 && new Set(name.split(' ')).size < 4);
    expect(repeated.length).toBeGreaterThan(50);
    const missed = repeated.filter((name) => {
      const hits = dense.screen({ name, type: 'person' }, { maxHits: 1000 });
      return hits.find((hit) => hit.id === `D${all.indexOf(name)}`)?.score !== 100;
    });
    expect(missed).toEqual([]);
  }, 60_000);
});
