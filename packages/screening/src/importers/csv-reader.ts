import { CsvSyntaxError, readCsvRows as readRows, type CsvReadOptions, type CsvRow } from '@sanad/csv/csv';
import { ListImportError } from './list-import-error';

export type { CsvRow };

/**
 * The records of a list file (whole or as a stream) through Sanad's one CSV reader, with the line
 * each starts on; a file that cannot be read is a ListImportError naming the file and the line.
 */
export async function* readCsvRows(
  text: string | AsyncIterable<string>,
  options: CsvReadOptions & { file?: string } = {},
): AsyncGenerator<CsvRow> {
  const { file, ...csvOptions } = options;
  try {
    yield* readRows(text, csvOptions);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new ListImportError(`malformed CSV: ${error.message}`, error.line, file);
    throw error;
  }
}

const headerKeys = new Map<string, string>();

/** Case-, space- and punctuation-insensitive header key: 'D.O.B' → 'dob', 'Group ID' → 'groupid'. */
export function normalizeHeader(header: string): string {
  let key = headerKeys.get(header);
  if (key === undefined) {
    key = header.toLowerCase().replaceAll(/[^a-z0-9]/g, '');
    // Importers look cells up by the same few dozen column names on every row.
    if (headerKeys.size < 10_000) headerKeys.set(header, key);
  }
  return key;
}

/**
 * Maps header names to column indexes. A name that occurs more than once (the EU file repeats
 * Entity_logical_id) keeps its first index.
 */
export function indexHeaders(headers: readonly string[]): Map<string, number> {
  const index = new Map<string, number>();
  headers.forEach((header, position) => {
    const key = normalizeHeader(header);
    if (key && !index.has(key)) index.set(key, position);
  });
  return index;
}

/** Reads a cell by normalised header name; '' when the column or cell is absent. */
export function cell(fields: readonly string[], headers: ReadonlyMap<string, number>, name: string): string {
  const position = headers.get(normalizeHeader(name));
  return position === undefined ? '' : (fields[position] ?? '').trim();
}
