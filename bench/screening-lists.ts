/**
 * The real lists the screening evaluation and benchmark run against (OFAC SDN 2021, OFAC non-SDN
 * 2025-12, UN 2026-02-27, BIS DPL 2022), read through the importers' entry point.
 */
import path from 'node:path';
import type { WatchlistEntity } from '../packages/screening/src/model';
import type { ListFormat } from '../packages/screening/src/importers/import-result';
import { importList } from '../packages/screening/src/importers/list-importer';
import { sourceFromPath } from '../packages/screening/src/importers/list-source';

export interface LoadedList {
  name: string;
  entities: WatchlistEntity[];
}

const REAL_LISTS: readonly [string, ListFormat, string][] = [
  ['ofac-sdn-2021', 'ofac', 'screening/lists/ofac-sdn-2021'],
  ['ofac-non-sdn-2025-12', 'ofac', 'screening/lists/ofac-non-sdn-2025-12'],
  ['un-2026-02-27', 'un', 'screening/lists/un/UN_consolidated_2026-02-27.xml'],
  ['bis-dpl-2022', 'bis-dpl', 'screening/lists/us-bis-dpl/dpl_2022.txt'],
];

export async function loadRealLists(dataDir: string): Promise<LoadedList[]> {
  const lists: LoadedList[] = [];
  for (const [name, format, relative] of REAL_LISTS) {
    const result = await importList(format, await sourceFromPath(path.join(dataDir, relative)));
    lists.push({ name, entities: result.entities });
  }
  return lists;
}
