import type { WatchlistEntity } from '../model';
import { cell, indexHeaders, normalizeHeader, readCsvRows } from './csv-reader';
import { toIsoDate } from './date-parser';
import {
  addAddress,
  addBirthDate,
  addCountry,
  addIdentifier,
  addName,
  addPositions,
  addUnique,
  cleanText,
  countryCode,
  createEntity,
  type ImportContext,
  parseGender,
} from './entity-builder';
import type { ImportOptions, ListImportResult } from './import-result';
import { ListImportRun } from './list-import-run';
import type { ListSource } from './list-source';
import { decodeText } from './text-decoding';

const SUBJECT_TYPES: Readonly<Record<string, 'person' | 'organisation'>> = { p: 'person', e: 'organisation' };

/**
 * Imports the EU financial sanctions file in its old semicolon CSV layout: one row per name
 * alias, address, birth date, identification or citizenship of an entity, each kind in its own
 * group of columns (Naal_, Addr_, Birt_, Iden_, Citi_), grouped by Entity_logical_id. Some copies
 * wrap every line in one pair of quotes; such a line is unwrapped before its fields are read.
 * Fatal: no Entity_logical_id header, a row without an id, an unknown Subject_type, an entity
 * without a name. Warnings: unknown countries, unreadable dates.
 */
export async function importEuFsfCsv(source: ListSource, file: string, options: ImportOptions): Promise<ListImportResult> {
  const run = new ListImportRun('eu-fsf', file, options);
  const context: ImportContext = run.context;
  let headers: Map<string, number> | undefined;

  const text = unwrapQuotedLines(decodeText(await source.readFile(file)));
  for await (const row of readCsvRows(text.body, { delimiter: ';', file, isQuoteRelaxed: text.isUnwrapped })) {
    const fields = row.fields.map((field) => field.trim());
    if (!headers) {
      if (!fields.map(normalizeHeader).includes('entitylogicalid')) context.fail(row.line, 'no Entity_logical_id column in the header');
      headers = indexHeaders(fields);
      continue;
    }
    const get = (name: string): string => cell(fields, headers ?? new Map(), name);
    const id = get('Entity_logical_id');
    if (!id) context.fail(row.line, 'row without Entity_logical_id');
    run.asOf ??= toIsoDate(get('Date_filexxxx'));
    const entity = run.groupRow(id, row.line, () => {
      const type = SUBJECT_TYPES[get('Subject_type').toLowerCase()];
      if (!type) context.fail(row.line, `unknown Subject_type '${get('Subject_type')}'`);
      return createEntity(id, run.list, type, 'sanction');
    });
    readRow(entity, get, context, row.line);
  }
  if (!headers) context.fail(null, 'empty file');
  return run.result();
}

/**
 * Some copies of the file wrap each whole line in one pair of quotes (its fields never quoted
 * inside); such a file is unwrapped line by line and then read as plain semicolon CSV.
 */
function unwrapQuotedLines(text: string): { body: string; isUnwrapped: boolean } {
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n')).trim();
  if (!/^"[^"]*;[^"]*"$/.test(firstLine)) return { body: text, isUnwrapped: false };
  const body = text
    .split(/\r?\n/)
    .map((line) => {
      const trimmed = line.trim();
      return trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1).replaceAll('""', '"') : line;
    })
    .join('\n');
  return { body, isUnwrapped: true };
}

function readRow(entity: WatchlistEntity, get: (name: string) => string, context: ImportContext, line: number): void {
  addUnique(entity.programmes, get('Programme'));
  const published = toIsoDate(get('Leba_publication_date'));
  if (published && (!entity.listedOn || published < entity.listedOn)) entity.listedOn = published;
  const remarks = [get('EU_ref_num') ? `EU reference ${get('EU_ref_num')}` : '', cleanText(get('Entity_remark').replaceAll('\\n', ' '))];
  const remarkText = remarks.filter(Boolean).join('. ');
  if (!entity.remarks && remarkText) entity.remarks = remarkText;

  if (get('Naal_logical_id')) readNameAlias(entity, get);
  if (get('Addr_logical_id')) readAddress(entity, get, context, line);
  if (get('Birt_logical_id')) {
    const date = get('Birt_date');
    if (date && date !== 'N/A') addBirthDate(entity, date, context, line);
    const place = cleanText(get('Birt_place'));
    if (place) addUnique(entity.birthPlaces, place);
    if (get('Birt_country')) addCountry(entity, get('Birt_country'), 'birth', context, line);
  }
  if (get('Iden_logical_id')) readIdentification(entity, get('Iden_number'), get('Iden_country'));
  if (get('Citi_logical_id') && get('Citi_country')) addCountry(entity, get('Citi_country'), 'citizenship', context, line);
}

function readNameAlias(entity: WatchlistEntity, get: (name: string) => string): void {
  const [given, middle, family] = [get('Naal_firstname'), get('Naal_middlename'), get('Naal_lastname')];
  const whole = get('Naal_wholename') || [given, middle, family].filter(Boolean).join(' ');
  const isFirst = entity.names.length === 0;
  addName(entity, whole, isFirst ? 'primary' : 'aka', { given, middle, family });
  const gender = parseGender(get('Naal_gender'));
  if (gender) entity.gender = gender;
  addPositions(entity, [get('Naal_function'), get('Naal_title')]);
}

function readAddress(entity: WatchlistEntity, get: (name: string) => string, context: ImportContext, line: number): void {
  const country = get('Addr_country');
  const city = cleanText(get('Addr_city'));
  const full = [get('Addr_number'), get('Addr_street'), get('Addr_zipcode'), city, get('Addr_other'), country]
    .map(cleanText)
    .filter(Boolean)
    .join(', ');
  if (full) addAddress(entity, full, country, context, line, city);
}

/** 'AD001095 (passport-National passport) ((passport))': the number, then the type code in the first parenthesis. */
function readIdentification(entity: WatchlistEntity, text: string, countryText: string): void {
  const match = /^(.*?)\s*\(([a-z]+)-([^)]*)\)\s*(.*)$/i.exec(cleanText(text));
  const value = match?.[1] ?? cleanText(text);
  const code = match?.[2]?.toLowerCase() ?? 'other';
  const country = countryText ? countryCode(countryText) : undefined;
  const note = [match?.[3] ?? '', (match?.[4] ?? '').replaceAll(/^\(+|\)+$/g, '')].filter(Boolean).join('; ');
  addIdentifier(entity, { type: euIdentifierType(code), value, ...(country ? { country } : {}), note });
}

export function euIdentifierType(code: string): string {
  if (code === 'passport') return 'passport';
  if (code === 'id' || code === 'nationalid' || code === 'ssn') return code === 'ssn' ? 'ssn' : 'national-id';
  if (code === 'fiscalcode' || code === 'tax') return 'tax-id';
  if (code === 'regnumber' || code === 'registration') return 'registration';
  if (code === 'imo') return 'imo';
  return 'other';
}
