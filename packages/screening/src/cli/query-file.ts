/**
 * The batch CLI's query file: CSV with a header row naming any of name, dob, nationality, country,
 * gender, father_name, id_number, type. Empty cells mean unknown; other columns are echoed back
 * in the output but not used.
 */
import type { ScreeningQuery } from '../matching/screening-types';
import { parseCsvRecords } from '@sanad/csv/csv';

export interface QueryRow {
  /** The row as read, for the output line. */
  row: Record<string, string>;
  query: ScreeningQuery;
}

export class QueryFileError extends Error {
  override readonly name = 'QueryFileError';
}

function readType(value: string | undefined, line: number): ScreeningQuery['type'] {
  const type = value?.trim().toLowerCase();
  if (!type) return undefined;
  if (['person', 'individual', 'p'].includes(type)) return 'person';
  if (['organisation', 'organization', 'entity', 'company', 'o'].includes(type)) return 'organisation';
  throw new QueryFileError(`line ${line}: type must be person or organisation, got '${value}'`);
}

export function readQueryFile(text: string): QueryRow[] {
  const records = parseCsvRecords(text);
  if (records.length > 0 && !('name' in records[0]!)) throw new QueryFileError("the query file needs a 'name' column");
  return records.map((row, index) => {
    const line = index + 2;
    const query: ScreeningQuery = { name: row.name ?? '' };
    const type = readType(row.type, line);
    if (type) query.type = type;
    if (row.dob) query.dob = row.dob;
    if (row.nationality) query.nationality = row.nationality;
    if (row.country) query.country = row.country;
    if (row.gender) query.gender = row.gender;
    if (row.father_name) query.fatherName = row.father_name;
    if (row.id_number) query.idNumber = row.id_number;
    return { row, query };
  });
}
