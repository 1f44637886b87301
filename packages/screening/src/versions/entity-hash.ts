import { createHash } from 'node:crypto';
import type { WatchlistEntity } from '../model';

/**
 * A canonical JSON text of any value: object keys sorted, array elements sorted by their own
 * canonical text (every list in the entity model is a set: the order in which a source prints
 * aliases or addresses is not a change), undefined dropped.
 */
export function canonicalJson(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).toSorted().join(',')}]`;
  let text = '{';
  for (const key of Object.keys(value).toSorted()) {
    const item: unknown = (value as Record<string, unknown>)[key];
    if (item === undefined) continue;
    if (text.length > 1) text += ',';
    text += `${JSON.stringify(key)}:${canonicalJson(item)}`;
  }
  return `${text}}`;
}

/** A stable content hash of an entity: equal for equal content whatever the source order. */
export function hashEntity(entity: WatchlistEntity): string {
  return createHash('sha256').update(canonicalJson(entity)).digest('hex').slice(0, 32);
}

/** The canonical text of each top-level field, to say which fields of a changed entity differ. */
export function fieldTexts(entity: WatchlistEntity): Map<string, string> {
  return new Map(
    Object.entries(entity)
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => [field, canonicalJson(value)]),
  );
}
