/** Builds watch-list entities for tests: a name and only the facts a test cares about. */
import type { EntityName, WatchlistEntity } from '../model';

let nextId = 1;

export function makeEntity(names: string | readonly (string | EntityName)[], facts: Partial<WatchlistEntity> = {}): WatchlistEntity {
  const list = typeof names === 'string' ? [names] : names;
  return {
    id: facts.id ?? `E${nextId++}`,
    list: 'test-list',
    type: 'person',
    names: list.map((name, index) => (typeof name === 'string' ? { full: name, type: index === 0 ? 'primary' : 'aka' } : name)),
    birthDates: [],
    birthPlaces: [],
    countries: [],
    identifiers: [],
    fatherNames: [],
    addresses: [],
    associates: [],
    programmes: [],
    hitType: 'sanction',
    categories: [],
    ...facts,
  };
}
