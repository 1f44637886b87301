/**
 * Deterministic test material for the screening benchmark: synthetic watch lists of any size made
 * by recombining the real words of real listed names (so word frequencies stay realistic), and
 * queries that are either perturbed listed names (typo, reordering, dropped word) or clean
 * customers.
 */
import type { WatchlistEntity } from '../packages/screening/src/model';

/** mulberry32: a small seeded generator, so every run builds the same lists and queries. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

interface WordPools {
  person: string[];
  organisation: string[];
}

/** Every word of every real name, as written, repeated as often as the lists use it. */
export function collectWordPools(entities: readonly WatchlistEntity[]): WordPools {
  const pools: WordPools = { person: [], organisation: [] };
  for (const entity of entities) {
    const pool = entity.type === 'person' ? pools.person : pools.organisation;
    for (const name of entity.names) {
      for (const word of name.full.split(/[\s,]+/)) if (/\p{L}{2,}/u.test(word)) pool.push(word);
    }
  }
  return pools;
}

const EMPTY: never[] = [];

/** `count` synthetic entities with one name each; about one in six is an organisation, half the people have a birth year. */
export function generateEntities(pools: WordPools, count: number, seed: number): WatchlistEntity[] {
  const random = createRandom(seed);
  const entities: WatchlistEntity[] = [];
  for (let index = 0; index < count; index += 1) {
    const isPerson = random() < 0.84;
    const pool = isPerson ? pools.person : pools.organisation;
    const length = 2 + Math.floor(random() * (isPerson ? 3 : 4));
    const words: string[] = [];
    for (let word = 0; word < length; word += 1) words.push(pick(pool, random));
    const hasBirthDate = isPerson && random() < 0.5;
    entities.push({
      id: `S${index}`,
      list: 'synthetic',
      type: isPerson ? 'person' : 'organisation',
      names: [{ full: words.join(' '), type: 'primary' }],
      birthDates: hasBirthDate ? [{ quality: 'year', from: { year: 1940 + Math.floor(random() * 60) } }] : EMPTY,
      birthPlaces: EMPTY,
      countries: EMPTY,
      identifiers: EMPTY,
      fatherNames: EMPTY,
      addresses: EMPTY,
      associates: EMPTY,
      programmes: EMPTY,
      hitType: 'sanction',
      categories: EMPTY,
    });
  }
  return entities;
}

/** A listed name as a customer might type it: exact, one letter wrong, words reordered, or a word dropped. */
export function perturbName(name: string, random: () => number): string {
  const words = name.split(/\s+/).filter((word) => word.length > 0);
  const choice = random();
  if (choice < 0.25 || words.length === 0) return name;
  if (choice < 0.5 && words.length > 1) {
    const [first, ...rest] = words;
    return [...rest, first].join(' ');
  }
  if (choice < 0.7 && words.length > 2) {
    words.splice(1 + Math.floor(random() * (words.length - 2)), 1);
    return words.join(' ');
  }
  const longest = words.reduce((best, word, index) => (word.length > words[best]!.length ? index : best), 0);
  const word = words[longest]!;
  const position = 1 + Math.floor(random() * Math.max(1, word.length - 2));
  const letters = 'aeioulnrst';
  const edit = random();
  words[longest] =
    edit < 0.34
      ? word.slice(0, position) + word.slice(position + 1)
      : edit < 0.67
        ? word.slice(0, position) + pick([...letters], random) + word.slice(position + 1)
        : word.slice(0, position) + pick([...letters], random) + word.slice(position);
  return words.join(' ');
}

export interface BenchQuery {
  name: string;
  type?: 'person' | 'organisation';
  dob?: string;
  /** The entity a perturbed listed name should find; undefined for clean customers. */
  expectedId?: string;
}

/** Half perturbed listed names (their entity expected first), half clean customers. */
export function buildQueries(
  entities: readonly WatchlistEntity[],
  customers: readonly Record<string, string>[],
  count: number,
  seed: number,
): BenchQuery[] {
  const random = createRandom(seed);
  const queries: BenchQuery[] = [];
  for (let index = 0; index < count; index += 1) {
    if (index % 2 === 0) {
      const entity = pick(entities, random);
      const name = pick(entity.names, random).full;
      queries.push({ name: perturbName(name, random), expectedId: entity.id, type: entity.type === 'person' ? 'person' : 'organisation' });
    } else {
      const customer = pick(customers, random);
      queries.push({ name: customer.full_name!, type: 'person', dob: customer.date_of_birth! });
    }
  }
  return queries;
}
