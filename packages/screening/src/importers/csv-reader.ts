import { CsvError, parse, type Options } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { ListImportError } from './list-import-error';

export interface CsvRow {
  fields: string[];
  /** Line on which the record starts, counted from 1. */
  line: number;
}

export interface CsvReadOptions {
  delimiter?: string;
  file?: string;
  /** Accept a quote inside an unquoted field (files that never escape their quotes). */
  isQuoteRelaxed?: boolean;
}

/**
 * Yields the records of a CSV text (whole or in chunks) with the line each starts on, so that an
 * importer can name the row it refuses. Empty lines and the DOS end-of-file mark (0x1A) that
 * OFAC files still carry are skipped; a malformed quote is a ListImportError.
 */
export async function* readCsvRows(text: string | AsyncIterable<string>, options: CsvReadOptions = {}): AsyncGenerator<CsvRow> {
  const parserOptions: Options = {
    delimiter: options.delimiter ?? ',',
    info: true,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    relax_quotes: options.isQuoteRelaxed ?? false,
  };
  const lines = lineCounter();
  // A text already in memory is parsed in one synchronous pass (no stream machinery per record);
  // a stream (World-Check, gigabytes) goes through the streaming parser.
  if (typeof text === 'string') {
    let records: ParsedRecord[];
    try {
      records = parseSync(text, parserOptions) as unknown as ParsedRecord[];
    } catch (error) {
      throw toImportError(error, options.file);
    }
    for (const { record, info } of records) {
      const line = lines(info);
      if (!isBlankRecord(record)) yield { fields: record, line };
    }
    return;
  }
  const parser = parse(parserOptions);
  const feeding = feedParser(parser, text);
  try {
    for await (const { record, info } of parser as AsyncIterable<ParsedRecord>) {
      const line = lines(info);
      if (!isBlankRecord(record)) yield { fields: record, line };
    }
    await feeding;
  } catch (error) {
    throw toImportError(error, options.file);
  }
}

interface ParsedRecord {
  record: string[];
  info: { lines: number; empty_lines: number };
}

/** csv-parse counts the line a record ends on; the line it starts on follows the previous record and any empty lines. */
function lineCounter(): (info: ParsedRecord['info']) => number {
  let previousEnd = 0;
  let previousEmpty = 0;
  return (info) => {
    const line = previousEnd + 1 + (info.empty_lines - previousEmpty);
    previousEnd = info.lines;
    previousEmpty = info.empty_lines;
    return line;
  };
}

async function feedParser(parser: ReturnType<typeof parse>, text: AsyncIterable<string>): Promise<void> {
  try {
    for await (const chunk of text) {
      if (!parser.write(chunk)) await new Promise((resolve) => parser.once('drain', resolve));
    }
    parser.end();
  } catch (error) {
    parser.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

function isBlankRecord(record: string[]): boolean {
  return record.every((field) => field.replaceAll('\u001a', '').trim() === '');
}

function toImportError(error: unknown, file?: string): Error {
  if (error instanceof ListImportError) return error;
  if (error instanceof CsvError) {
    const lines = (error as CsvError & { lines?: number }).lines;
    return new ListImportError(`malformed CSV: ${error.message}`, typeof lines === 'number' ? lines : null, file);
  }
  return error instanceof Error ? error : new Error(String(error));
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
