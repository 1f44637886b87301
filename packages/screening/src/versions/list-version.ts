import { createHash } from 'node:crypto';
import type { ListFormat } from '../importers/import-result';
import type { WatchlistEntity } from '../model';
import { hashEntity } from './entity-hash';

/**
 * One import of one list, as the server stores it: which entities it held (by the list's own
 * id) and a content hash for each, so the next import can be compared without re-reading this one.
 */
export interface ListVersion {
  list: string;
  format?: ListFormat;
  asOf?: string;
  entityCount: number;
  /** Over every id and entity hash in id order: two imports with the same content share it. */
  contentHash: string;
  entityHashes: ReadonlyMap<string, string>;
}

export interface ListVersionInput {
  list: string;
  format?: ListFormat;
  asOf?: string;
  entities: readonly WatchlistEntity[];
}

/** Makes the version record of an import; refuses entities of another list or a repeated id. */
export function createListVersion(input: ListVersionInput): ListVersion {
  const entityHashes = hashEntities(input.entities, input.list);
  const digest = createHash('sha256');
  for (const id of sortIds([...entityHashes.keys()])) digest.update(`${id}\u0000${entityHashes.get(id) ?? ''}\n`);
  return {
    list: input.list,
    ...(input.format ? { format: input.format } : {}),
    ...(input.asOf ? { asOf: input.asOf } : {}),
    entityCount: entityHashes.size,
    contentHash: digest.digest('hex'),
    entityHashes,
  };
}

export function hashEntities(entities: readonly WatchlistEntity[], list?: string): Map<string, string> {
  const hashes = new Map<string, string>();
  for (const entity of entities) {
    if (list !== undefined && entity.list !== list) throw new Error(`entity ${entity.id} belongs to list ${entity.list}, not ${list}`);
    if (hashes.has(entity.id)) throw new Error(`entity id ${entity.id} appears twice in list ${entity.list}`);
    hashes.set(entity.id, hashEntity(entity));
  }
  return hashes;
}

/** Ids in a fixed order: numeric ids by value (OFAC, UN), others by code unit, numbers first. */
export function sortIds(ids: string[]): string[] {
  return ids.toSorted(compareIds);
}

function compareIds(a: string, b: string): number {
  const isNumberA = /^\d+$/.test(a);
  const isNumberB = /^\d+$/.test(b);
  if (isNumberA && isNumberB) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  if (isNumberA !== isNumberB) return isNumberA ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
