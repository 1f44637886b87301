import type { FastifyReply } from 'fastify';
/**
 * CSV as spreadsheets write and read it (RFC 4180): comma separated, quotes doubled, CRLF or LF line
 * ends; reading accepts quoted and unquoted fields, writing quotes every field. A leading byte-order
 * mark is dropped. Exported text that a spreadsheet would run as a formula is prefixed with an
 * apostrophe, which reading removes again, so an export imports back unchanged.
 */

export class CsvSyntaxError extends Error {
  override name = 'CsvSyntaxError';
  constructor(
    message: string,
    /** The 1-based line of the file where the problem starts. */
    readonly line: number,
  ) {
    super(message);
  }
}

export interface CsvRow {
  /** The file line the row starts on (1-based; the header is line 1). */
  line: number;
  cells: string[];
}

/** Rows of fields with the line each starts on; blank lines are skipped. */
export function parseCsv(text: string): CsvRow[] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let field = '';
  let isQuoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(field);
    if (!(cells.length === 1 && cells[0] === '')) rows.push({ line: rowLine, cells: cells.map(unprotect) });
    cells = [];
    field = '';
  };
  for (let index = 0; index < input.length; index += 1) {
    const character = input[index];
    if (isQuoted) {
      if (character === '"' && input[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') {
        isQuoted = false;
      } else {
        if (character === '\n') line += 1;
        field += character;
      }
    } else if (character === '"') {
      if (field !== '') throw new CsvSyntaxError('A quote may only start a field', line);
      isQuoted = true;
    } else if (character === ',') {
      cells.push(field);
      field = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && input[index + 1] === '\n') index += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else {
      field += character;
    }
  }
  if (isQuoted) throw new CsvSyntaxError('A quoted field is not closed', rowLine);
  if (field !== '' || cells.length > 0) endRow();
  return rows;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

function protect(value: string): string {
  return FORMULA_START.test(value) && !NUMBER.test(value) ? `'${value}` : value;
}

function unprotect(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/**
 * Every cell is quoted: a spreadsheet opened in a locale that splits on ';' would otherwise read
 * `Fiji;=cmd|...` as two cells, the second a formula, since the formula check sees only the start
 * of the whole cell.
 */
function quote(value: string): string {
  return `"${protect(value).replaceAll('"', '""')}"`;
}

export type CsvValue = string | number | boolean | null | undefined;

/** A CSV file: the header row, then one line per record ('' for null). */
export function formatCsv(columns: readonly string[], records: ReadonlyArray<Readonly<Record<string, CsvValue>>>): string {
  const lines = [columns.map(quote).join(',')];
  for (const record of records) {
    lines.push(
      columns.map((column) => quote(record[column] === null || record[column] === undefined ? '' : String(record[column]))).join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export interface CsvRecords {
  records: Array<{ line: number; values: Record<string, string> }>;
  missingColumns: string[];
}

/**
 * Rows keyed by the expected column names, matched to the header without regard to case or
 * surrounding space; other columns are ignored. Values are trimmed.
 */
export function readCsvRecords(text: string, columns: readonly string[]): CsvRecords {
  const [header, ...rows] = parseCsv(text);
  if (!header) return { records: [], missingColumns: [...columns] };
  const byName = new Map(columns.map((column) => [column.toLowerCase(), column] as const));
  const mapped = header.cells.map((cell) => byName.get(cell.trim().toLowerCase()) ?? null);
  const missingColumns = columns.filter((column) => !mapped.includes(column));
  const records = rows.map((row) => {
    const values: Record<string, string> = {};
    mapped.forEach((column, index) => {
      if (column) values[column] = (row.cells[index] ?? '').trim();
    });
    return { line: row.line, values };
  });
  return { records, missingColumns };
}

/** Answers a CSV file as a download, under a name made safe for the header. */
export function sendCsv(reply: FastifyReply, file: { fileName: string; csv: string }): FastifyReply {
  const name = file.fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(file.csv);
}
