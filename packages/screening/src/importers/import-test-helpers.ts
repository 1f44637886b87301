import path from 'node:path';
import type { WatchlistEntity } from '../model';
import { FIXTURES_DIR } from './fixture-paths';
import type { ImportOptions, ListFormat, ListImportResult } from './import-result';
import { importList } from './list-importer';
import { sourceFromPath } from './list-source';

/** Imports a fixture the project owns, by its path under fixtures/. */
export async function importFixture(format: ListFormat, relativePath: string, options: ImportOptions = {}): Promise<ListImportResult> {
  return importList(format, await sourceFromPath(path.join(FIXTURES_DIR, relativePath)), options);
}

export function entityById(result: ListImportResult, id: string): WatchlistEntity {
  const entity = result.entities.find((candidate) => candidate.id === id);
  if (!entity) throw new Error(`no entity ${id} in ${result.list}`);
  return entity;
}

export function nameList(entity: WatchlistEntity): string[][] {
  return entity.names.map((name) => [name.full, name.type]);
}
