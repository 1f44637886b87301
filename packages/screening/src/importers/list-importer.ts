import { type ImportOptions, LIST_FORMATS, type ListFormat, type ListImportResult } from './import-result';
import { ListImportError } from './list-import-error';
import type { ListSource } from './list-source';
import { importBisDpl } from './bis-dpl-importer';
import { importDowJones } from './dowjones-importer';
import { importEuFsf } from './eu-fsf-importer';
import { importFtm } from './ftm-importer';
import { importOfac } from './ofac-importer';
import { importSanadList } from './sanad-list-importer';
import { importUkFcdo } from './uk-fcdo-importer';
import { importUkOfsi } from './uk-ofsi-importer';
import { importUn } from './un-importer';
import { importWorldCheck } from './worldcheck-importer';

type Importer = (source: ListSource, options: ImportOptions) => Promise<ListImportResult>;

const IMPORTERS: Record<ListFormat, Importer> = {
  ofac: importOfac,
  un: importUn,
  'uk-ofsi': importUkOfsi,
  'uk-fcdo': importUkFcdo,
  'eu-fsf': importEuFsf,
  'bis-dpl': importBisDpl,
  ftm: importFtm,
  dowjones: importDowJones,
  worldcheck: importWorldCheck,
  csv: importSanadList,
};

/**
 * The one entry point the server and the CLI use: reads a list in the named format from its
 * files and returns every entity, or throws a ListImportError naming the row and the reason.
 * Nothing is returned half-loaded.
 */
export async function importList(format: ListFormat, source: ListSource, options: ImportOptions = {}): Promise<ListImportResult> {
  if (!isListFormat(format)) throw new ListImportError(`unsupported list format '${String(format)}'`, null);
  try {
    return await IMPORTERS[format](source, options);
  } catch (error) {
    // An unreadable file (missing, permissions) is refused the same way as a malformed one.
    if (error instanceof ListImportError) throw error;
    throw new ListImportError(error instanceof Error ? error.message : String(error), null);
  }
}

export function isListFormat(format: string): format is ListFormat {
  return (LIST_FORMATS as readonly string[]).includes(format);
}
