/**
 * What the service needs to know about one table page of the sanad-engine screens (a factor's
 * values, the factors, the words, the override rules) to list, add, edit, toggle, import and
 * export it the same way. Each page's file implements this; the service never branches on a page.
 */
import type { TListQuery } from '@sanad/contracts/http';
import type { RiskConfigInput } from '@sanad/risk/risk-config.schema';
import type { z } from 'zod';
import type { Queryable } from '../../../platform/db/database';
import type { FieldErrors } from '../../../platform/http/app-error';
import type { CsvValue } from '../../../platform/http/csv';
import type { Page } from '../../../platform/http/envelope';
import type { SegmentRef } from '../segment-ref';

export interface TableRow {
  _id: string;
  status: 'active' | 'archived';
}

// Method syntax on purpose: pages with their own row and save types fit the registry's TablePage.
export interface TablePage<Row extends TableRow, Save> {
  readonly page: string;
  /** What one row is called in messages and the audit trail, e.g. 'country value'. */
  readonly noun: string;
  readonly schema: z.ZodType<Save>;
  /** False where rows are fixed (the engine's built-in factors): import may update but not add. */
  readonly canCreate: boolean;
  /** The field that identifies a row (code, word or key): named in duplicate and import errors. */
  readonly keyField: string;
  readonly csvColumns: readonly string[];
  /** Columns an import file must have. */
  readonly requiredColumns: readonly string[];
  /** Refuses (404) a page whose subject is not there: a custom field's factor before it is added. */
  assertAvailable?(db: Queryable, segment: SegmentRef): Promise<void>;
  list(db: Queryable, segment: SegmentRef, query: TListQuery): Promise<Page<Row>>;
  all(db: Queryable, segment: SegmentRef): Promise<Row[]>;
  find(db: Queryable, segment: SegmentRef, id: string): Promise<Row | null>;
  /** Normalises an item for this page (drops fields it does not use) and checks what its schema cannot. */
  prepare(input: Save, existing: Row | null): { value: Save; errors: FieldErrors | null };
  /** The identity of a row within its page (code, word or key), compared without regard to case. */
  keyOf(item: Row | Save): string;
  titleOf(item: Row | Save): string;
  isSame(row: Row, input: Save): boolean;
  create(tx: Queryable, segment: SegmentRef, inputs: readonly Save[]): Promise<string[]>;
  update(tx: Queryable, segment: SegmentRef, row: Row, input: Save): Promise<void>;
  toCsv(row: Row): Record<string, CsvValue>;
  /** A CSV row as the object the schema parses (numbers as numbers, blanks as null). */
  fromCsv(values: Readonly<Record<string, string>>): Record<string, unknown>;
  /**
   * Which file row an engine validation issue is about, given the configuration path. Null when
   * the issue is elsewhere in the configuration.
   */
  keyAtPath(path: readonly PropertyKey[], config: RiskConfigInput): string | null;
}

/** Blank → null, a number → number, anything else kept as text for the schema to refuse. */
export function csvNumber(text: string | undefined): number | string | null {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text.replaceAll(',', '').trim());
  return Number.isFinite(value) ? value : text;
}

export function csvText(text: string | undefined): string | null {
  return text === undefined || text.trim() === '' ? null : text.trim();
}

export function csvStatus(text: string | undefined): string {
  return text === undefined || text.trim() === '' ? 'active' : text.trim().toLowerCase();
}

/** Lists in one cell: "individual;company". */
export function csvList(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[;|]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

export const sameNote = (left: string | null | undefined, right: string | null | undefined) => (left ?? '') === (right ?? '');
