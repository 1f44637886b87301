/**
 * Pure: the customers file as rows, each row as the create input a journey submits, and the
 * reasons a row is refused in the words of the template's columns.
 */
import { createHash } from 'node:crypto';
import { BULK_COLUMNS, type BulkColumn } from '@sanad/contracts/bulk-onboarding';
import { ZCustomerCreateInput, type TCustomerCreateInput } from '@sanad/contracts/customers';
import { parseCsv, unprotectFormula } from '@sanad/csv/csv';

/** A data row: its number in the file (the header is row 1) and its cells by header. */
export interface SheetRow {
  rowNumber: number;
  cells: Record<string, string>;
}

export interface Sheet {
  /** The headers as written in the file, in order. */
  headers: string[];
  rows: SheetRow[];
}

/** A file that cannot be imported at all; its reason is shown as the upload's failure. */
export class BulkFileError extends Error {
  override name = 'BulkFileError';
}

const normalise = (header: string) => header.trim().toLowerCase();
const COLUMN_BY_HEADER = new Map(BULK_COLUMNS.map((column) => [normalise(column.column), column]));
const COLUMN_BY_PATH = new Map(BULK_COLUMNS.map((column) => [column.path, column]));

/**
 * The rows of a table read as header + fields (CSV or XLSX alike). Headers must all be template
 * columns and name every required one; fully empty rows are skipped. A spreadsheet's formula guard
 * (a leading apostrophe our own exports add) is taken off each cell.
 */
export function sheetFromTable(table: readonly { fields: readonly string[]; line: number }[]): Sheet {
  const [header, ...body] = table;
  if (!header) throw new BulkFileError('The file is empty: it needs a header row and at least one customer');
  const headers = header.fields.map((field) => field.trim());
  const unknown = headers.filter((name) => name !== '' && !COLUMN_BY_HEADER.has(normalise(name)));
  if (unknown.length > 0)
    throw new BulkFileError(`Unknown column${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ')}. Use the columns of the template`);
  const present = new Set(headers.map(normalise));
  const missing = BULK_COLUMNS.filter((column) => column.isRequired && !present.has(normalise(column.column))).map((c) => c.column);
  if (missing.length > 0) throw new BulkFileError(`Missing column${missing.length === 1 ? '' : 's'}: ${missing.join(', ')}`);
  const rows: SheetRow[] = [];
  for (const { fields, line } of body) {
    const cells: Record<string, string> = {};
    headers.forEach((name, index) => {
      if (name !== '') cells[name] = unprotectFormula((fields[index] ?? '').trim());
    });
    if (Object.values(cells).every((value) => value === '')) continue;
    rows.push({ rowNumber: line, cells });
  }
  if (rows.length === 0) throw new BulkFileError('The file has no customer rows under its header');
  return { headers, rows };
}

export function sheetFromCsv(text: string): Sheet {
  return sheetFromTable(parseCsv(text));
}

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts.at(-1) ?? path] = value;
}

function cellValue(column: BulkColumn, raw: string): { value: unknown } | { error: string } {
  if (column.kind === 'list')
    return {
      value: raw
        .split(';')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    };
  if (column.kind === 'flag') {
    const answer = raw.toLowerCase();
    if (YES.has(answer)) return { value: true };
    if (NO.has(answer)) return { value: false };
    return { error: `${column.column}: answer yes or no` };
  }
  return { value: raw };
}

/** The column a validation path belongs to, for a reason a spreadsheet user can act on. */
export function columnOfPath(path: string): string {
  const exact = COLUMN_BY_PATH.get(path);
  if (exact) return exact.column;
  for (const column of BULK_COLUMNS) if (path.startsWith(`${column.path}.`)) return column.column;
  return path;
}

/** Field errors (path → messages) as one line: 'column: message; column: message'. */
export function reasonFromFieldErrors(errors: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(errors)
    .map(([path, messages]) => `${columnOfPath(path)}: ${messages.join(', ')}`)
    .join('; ');
}

/**
 * A row as the create input, validated with the contract the journeys use; or the reason it is
 * refused. The submission key makes the row's registration idempotent across runs of the job.
 */
export function inputFromRow(
  row: SheetRow,
  dataSegmentId: string,
  submissionKey: string,
): { input: TCustomerCreateInput } | { reason: string } {
  const body: Record<string, unknown> = { occupationInfo: {}, pepDeclaration: {}, accountInfo: {} };
  const errors: string[] = [];
  for (const [header, raw] of Object.entries(row.cells)) {
    const column = COLUMN_BY_HEADER.get(normalise(header));
    if (!column || raw === '') continue;
    const read = cellValue(column, raw);
    if ('error' in read) errors.push(read.error);
    else setPath(body, column.path, read.value);
  }
  const parsed = ZCustomerCreateInput.safeParse({ ...body, submissionKey, dataSegmentId });
  if (!parsed.success) {
    const byPath: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      (byPath[path] ??= []).push(issue.message);
    }
    errors.push(reasonFromFieldErrors(byPath));
  }
  if (errors.length > 0) return { reason: errors.join('; ') };
  if (!parsed.success) return { reason: 'The row is not valid' };
  return { input: parsed.data };
}

/** A UUID fixed by the upload and the row: the same row of the same upload always has the same key. */
export function rowSubmissionKey(uploadId: string, rowNumber: number): string {
  const hex = createHash('sha256').update(`bulk-upload:${uploadId}:${rowNumber}`).digest('hex');
  // Shaped as a version-5 UUID (name-based), which is what it is.
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
