import { parse, type Options } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';

/**
 * CSV as spreadsheets write and read it (RFC 4180): fields separated by a delimiter (a comma unless
 * told), quotes doubled inside quoted fields, quoted fields may hold delimiters and line breaks, CRLF
 * or LF line ends, a leading byte-order mark dropped. One reader for every CSV Sanad reads — list
 * files of gigabytes as a stream, uploaded tables and command-line input as text — and one writer.
 */

/** A CSV that cannot be read, with the 1-based line where the problem starts (null when unknown). */
export class CsvSyntaxError extends Error {
  override name = 'CsvSyntaxError';
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super(message);
  }
}

export interface CsvRow {
  fields: string[];
  /** The line on which the record starts, counted from 1 (the header is line 1). */
  line: number;
}

export interface CsvReadOptions {
  delimiter?: string;
  /** Accept a quote inside an unquoted field (files that never escape their quotes). */
  isQuoteRelaxed?: boolean;
}

interface ParsedRecord {
  record: string[];
  info: { lines: number; empty_lines: number };
}

function parserOptions(options: CsvReadOptions): Options {
  return {
    delimiter: options.delimiter ?? ',',
    // Files put together from several sources mix line ends; every one ends a record.
    record_delimiter: ['\r\n', '\n', '\r'],
    info: true,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    relax_quotes: options.isQuoteRelaxed ?? false,
  };
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

/** A record of nothing but blanks (and the DOS end-of-file mark 0x1A that OFAC files still carry) is no record. */
function isBlankRecord(record: readonly string[]): boolean {
  return record.every((field) => field.replaceAll('\u001a', '').trim() === '');
}

/** What each refusal of the parser means, said as a person would fix it. */
const SYNTAX_MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'A quoted field is not closed',
  INVALID_OPENING_QUOTE: 'A quote may only start a field',
  CSV_INVALID_CLOSING_QUOTE: 'A quoted field must end at a comma or the end of the line',
};

/** The parser's errors (csv-parse's CsvError, whichever build raised it) as a CsvSyntaxError naming the line. */
function toSyntaxError(error: unknown): unknown {
  const { code, lines } = (error ?? {}) as { code?: unknown; lines?: unknown };
  if (!(error instanceof Error) || typeof code !== 'string' || !/^(CSV_|INVALID_)/.test(code)) return error;
  const line = /at line (\d+)/.exec(error.message)?.[1];
  return new CsvSyntaxError(SYNTAX_MESSAGES[code] ?? error.message, line ? Number(line) : typeof lines === 'number' ? lines : null);
}

/** Every record of a CSV text in memory, with the line it starts on; blank records are skipped. */
export function parseCsv(text: string, options: CsvReadOptions = {}): CsvRow[] {
  let records: ParsedRecord[];
  try {
    records = parseSync(text, parserOptions(options)) as unknown as ParsedRecord[];
  } catch (error) {
    throw toSyntaxError(error);
  }
  const lines = lineCounter();
  const rows: CsvRow[] = [];
  for (const { record, info } of records) {
    const line = lines(info);
    if (!isBlankRecord(record)) rows.push({ fields: record, line });
  }
  return rows;
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

/**
 * The records of a CSV text, whole or as a stream of chunks (a list file of gigabytes never sits in
 * memory), with the line each starts on; blank records are skipped.
 */
export async function* readCsvRows(text: string | AsyncIterable<string>, options: CsvReadOptions = {}): AsyncGenerator<CsvRow> {
  // A text already in memory is parsed in one synchronous pass (no stream machinery per record).
  if (typeof text === 'string') {
    yield* parseCsv(text, options);
    return;
  }
  const parser = parse(parserOptions(options));
  const feeding = feedParser(parser, text);
  const lines = lineCounter();
  try {
    for await (const { record, info } of parser as AsyncIterable<ParsedRecord>) {
      const line = lines(info);
      if (!isBlankRecord(record)) yield { fields: record, line };
    }
    await feeding;
  } catch (error) {
    throw toSyntaxError(error);
  }
}

/** Records keyed by the header row's column names (trimmed, lower-cased); cells trimmed, '' where a row is short. */
export function parseCsvRecords(text: string, options: CsvReadOptions = {}): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text, options);
  if (!header) return [];
  const columns = header.fields.map((column) => column.trim().toLowerCase());
  return rows.map(({ fields }) => Object.fromEntries(columns.map((column, index) => [column, (fields[index] ?? '').trim()])));
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** Text a spreadsheet would run as a formula gets an apostrophe in front (a plain number keeps its sign). */
export function protectFormula(value: string): string {
  return FORMULA_START.test(value) && !NUMBER.test(value) ? `'${value}` : value;
}

/** Removes the apostrophe protectFormula added, so an export imports back unchanged. */
export function unprotectFormula(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/**
 * Every cell is quoted: a spreadsheet opened in a locale that splits on ';' would otherwise read
 * `Fiji;=cmd|...` as two cells, the second a formula, since the formula check sees only the start
 * of the whole cell.
 */
function quote(value: string): string {
  return `"${protectFormula(value).replaceAll('"', '""')}"`;
}

export type CsvValue = string | number | boolean | null | undefined;

/** A CSV file: the header row, then one line per record ('' for null), CRLF line ends, every cell quoted. */
export function formatCsv(columns: readonly string[], records: ReadonlyArray<Readonly<Record<string, CsvValue>>>): string {
  const lines = [columns.map(quote).join(',')];
  for (const record of records) lines.push(columns.map((column) => quote(String(record[column] ?? ''))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
