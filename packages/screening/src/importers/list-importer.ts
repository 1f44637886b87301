import type { ImportOptions, ListFormat, ListImportResult } from './import-result';
import { ListImportError } from './list-import-error';
import type { ListSource } from './list-source';
import { importBisDpl } from './bis-dpl-importer';
import { importEuFsf } from './eu-fsf-importer';
import { importOfac } from './ofac-importer';
import { importUkFcdo } from './uk-fcdo-importer';
import { importUkOfsi } from './uk-ofsi-importer';
import { importUn } from './un-importer';

type Importer = (source: ListSource, options: ImportOptions) => Promise<ListImportResult>;

const IMPORTERS: Partial<Record<ListFormat, Importer>> = {
  ofac: importOfac,
  un: importUn,
  'uk-ofsi': importUkOfsi,
  'uk-fcdo': importUkFcdo,
  'eu-fsf': importEuFsf,
  'bis-dpl': importBisDpl,
};

/**
 * The one entry point the server and the CLI use: reads a list in the named format from its
 * files and returns every entity, or throws a ListImportError naming the row and the reason.
 * Nothing is returned half-loaded.
 */
export async function importList(format: ListFormat, source: ListSource, options: ImportOptions = {}): Promise<ListImportResult> {
  const importer = IMPORTERS[format];
  if (!importer) throw new ListImportError(`unsupported list format '${format}'`, null);
  return importer(source, options);
}
