import type { ImportWarning, ListImportResult } from '../importers/import-result';
import type { WatchlistEntity } from '../model';

/**
 * Applies a delta import (Dow Jones daily file, Sanad delta list) to the entities of the list's
 * current version and returns the next version's entities. A change to an id the list lacks is
 * applied as an addition and an addition of a known id as a change, each with a warning; deleting
 * an unknown id is a warning. The order is deterministic: surviving entities in their old order,
 * then new ones in the delta's order.
 */
export function applyDelta(
  base: readonly WatchlistEntity[],
  delta: ListImportResult,
): { entities: WatchlistEntity[]; warnings: ImportWarning[] } {
  if (!delta.delta) throw new Error(`the ${delta.format} import is not a delta`);
  const warnings: ImportWarning[] = [];
  const current = new Map(base.map((entity) => [entity.id, entity]));
  const deleted = new Set(delta.delta.deleted);
  const added = new Set(delta.delta.added);
  for (const id of deleted) if (!current.has(id)) warnings.push({ row: 0, reason: `delete of unknown id ${id} ignored` });
  for (const entity of delta.entities) {
    const isKnown = current.has(entity.id);
    if (added.has(entity.id) && isKnown) warnings.push({ row: 0, reason: `added id ${entity.id} already listed: applied as a change` });
    if (!added.has(entity.id) && !isKnown) warnings.push({ row: 0, reason: `changed id ${entity.id} not listed: applied as an addition` });
  }
  const replacements = new Map(delta.entities.map((entity) => [entity.id, entity]));
  const entities = base.filter((entity) => !deleted.has(entity.id)).map((entity) => replacements.get(entity.id) ?? entity);
  for (const entity of delta.entities) if (!current.has(entity.id)) entities.push(entity);
  return { entities, warnings };
}
