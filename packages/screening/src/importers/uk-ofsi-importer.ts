import type { EntityType, NameType, WatchlistEntity } from '../model';
import { cell, indexHeaders, normalizeHeader, readCsvRows } from './csv-reader';
import { toIsoDate } from './date-parser';
import {
  addBirthDate,
  addCountry,
  addIdentifier,
  addName,
  addUnique,
  assertNamed,
  cleanText,
  countryCode,
  createEntity,
  extractFatherNames,
  ImportContext,
} from './entity-builder';
import type { ImportOptions, ListImportResult } from './import-result';
import { type ListSource, pickSingleFile } from './list-source';
import { decodeText } from './text-decoding';
import { addDocumentText, splitEnumerated } from './uk-field-parser';

const GROUP_TYPES: Readonly<Record<string, EntityType>> = { individual: 'person', entity: 'organisation', ship: 'vessel' };

/**
 * Imports the UK OFSI consolidated list CSV (ConList.csv, 2020 layout): one row per name variant,
 * grouped into one entity by Group ID; columns are found by header name. A file whose header row
 * has one more (empty) leading cell than its data rows, as the shared excerpt has, is read with
 * that cell dropped. Fatal: no header with Name 6 and Group ID, a row without Group ID or name,
 * an unknown Group Type. Warnings: unknown countries, unreadable dates.
 */
export async function importUkOfsi(source: ListSource, options: ImportOptions = {}): Promise<ListImportResult> {
  const file = pickSingleFile(source, /\.csv$/i);
  const context: ImportContext = new ImportContext(file);
  const list = options.list ?? 'uk-ofsi';
  let asOf = options.asOf;
  let header: string[] | undefined;
  let headers = new Map<string, number>();
  const entities = new Map<string, WatchlistEntity>();
  const firstRows = new Map<string, number>();

  for await (const row of readCsvRows(decodeText(await source.readFile(file)), { file })) {
    if (!header) {
      const keys = row.fields.map(normalizeHeader);
      if (keys[0] === 'lastupdated' && !keys.includes('groupid')) asOf ??= toIsoDate(row.fields[1] ?? '');
      if (keys.includes('name6') && keys.includes('groupid')) {
        header = row.fields;
        headers = indexHeaders(header);
      }
      continue;
    }
    const fields = header[0]?.trim() === '' && row.fields.length === header.length - 1 ? ['', ...row.fields] : row.fields;
    const id = cell(fields, headers, 'Group ID');
    if (!id) context.fail(row.line, 'row without Group ID');
    let entity = entities.get(id);
    if (!entity) {
      const typeText = cell(fields, headers, 'Group Type').toLowerCase();
      const type = GROUP_TYPES[typeText];
      if (!type) context.fail(row.line, `unknown Group Type '${typeText}'`);
      entity = createEntity(id, list, type, 'sanction');
      entities.set(id, entity);
      firstRows.set(id, row.line);
    }
    readRow(entity, fields, headers, context, row.line);
  }
  if (!header) context.fail(null, 'no header row with Name 6 and Group ID');
  for (const entity of entities.values()) assertNamed(entity, context, firstRows.get(entity.id) ?? 0);
  return { format: 'uk-ofsi', list, ...(asOf ? { asOf } : {}), entities: [...entities.values()], warnings: context.warnings };
}

function nameType(aliasType: string, quality: string): NameType {
  if (/low/i.test(quality)) return 'weak';
  if (/^(?:prime alias|primary name)$/i.test(aliasType)) return 'primary';
  return /fka|formerly/i.test(aliasType) ? 'fka' : 'aka';
}

function readRow(entity: WatchlistEntity, fields: string[], headers: Map<string, number>, context: ImportContext, line: number): void {
  const get = (name: string): string => cell(fields, headers, name);
  const given = ['Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5'].map(get).filter(Boolean);
  const family = get('Name 6');
  const full = entity.type === 'person' ? [...given, family].join(' ') : [family, ...given].join(' ');
  const type = nameType(get('Alias Type'), get('Alias Quality'));
  const parts = entity.type === 'person' ? { given: given[0], middle: given.slice(1).join(' '), family } : {};
  if (!addName(entity, full, type === 'primary' && entity.names.some((name) => name.type === 'primary') ? 'aka' : type, parts)) {
    context.fail(line, `row of Group ID ${entity.id} has no name`);
  }

  for (const dob of splitEnumerated(get('DOB'))) addBirthDate(entity, dob, context, line);
  const towns = splitEnumerated(get('Town of Birth'));
  const birthCountries = splitEnumerated(get('Country of Birth'));
  for (const town of towns) addUnique(entity.birthPlaces, town);
  for (const country of birthCountries) {
    addCountry(entity, country, 'birth', context, line);
    if (towns.length === 0) addUnique(entity.birthPlaces, country);
  }
  for (const nationality of splitEnumerated(get('Nationality'))) addCountry(entity, nationality, 'nationality', context, line);
  addDocumentText(entity, get('Passport Details'), 'passport');
  addDocumentText(entity, get('NI Number'), 'national-id');
  for (const position of splitEnumerated(get('Position'))) addUnique((entity.positions ??= []), position);
  const title = get('Title');
  if (title) addUnique((entity.positions ??= []), title);
  readAddress(entity, fields, headers, context, line);
  addUnique(entity.programmes, get('Regime'));

  const listedOn = toIsoDate(get('Listed On'));
  if (listedOn && (!entity.listedOn || listedOn < entity.listedOn)) entity.listedOn = listedOn;
  const updated = toIsoDate(get('Last Updated'));
  if (updated && (!entity.updatedOn || updated > entity.updatedOn)) entity.updatedOn = updated;
  const other = cleanText(get('Other Information'));
  if (other && !entity.remarks) {
    entity.remarks = other;
    for (const father of extractFatherNames(other)) addUnique(entity.fatherNames, father);
    const imo = /\bIMO:?\s*(\d{7})\b/.exec(other)?.[1];
    if (imo) {
      addIdentifier(entity, { type: 'imo', value: imo });
      if (entity.type === 'vessel') entity.vessel = { ...entity.vessel, imo };
    }
  }
}

function readAddress(entity: WatchlistEntity, fields: string[], headers: Map<string, number>, context: ImportContext, line: number): void {
  const lines = ['Address 1', 'Address 2', 'Address 3', 'Address 4', 'Address 5', 'Address 6', 'Post/Zip Code'].map((name) => cell(fields, headers, name));
  const country = cell(fields, headers, 'Country');
  const full = [...lines, country].map(cleanText).filter(Boolean).join(', ');
  if (!full || entity.addresses.some((address) => address.full === full)) return;
  const code = country ? countryCode(country) : undefined;
  entity.addresses.push({ full, ...(code ? { country: code } : {}) });
  if (country) addCountry(entity, country, entity.type === 'person' ? 'residence' : 'other', context, line);
}
