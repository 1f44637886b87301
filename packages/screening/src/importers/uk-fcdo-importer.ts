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
  parseGender,
} from './entity-builder';
import type { ImportOptions, ListImportResult } from './import-result';
import { type ListSource, pickSingleFile } from './list-source';
import { decodeText } from './text-decoding';
import { addDocumentText, splitValues } from './uk-field-parser';

const DESIGNATION_TYPES: Readonly<Record<string, EntityType>> = { individual: 'person', entity: 'organisation', ship: 'vessel' };

/**
 * Imports the FCDO UK Sanctions List CSV: a 'Report Date:' line, then a header of 58 columns
 * read by name, one row per name, grouped into one entity by Unique ID. Multiple values in a
 * cell are separated by '|'. Fatal: no header with Unique ID and Name 6, a row without Unique ID
 * or name, an unknown Designation Type. Warnings: unknown countries, unreadable dates.
 */
export async function importUkFcdo(source: ListSource, options: ImportOptions = {}): Promise<ListImportResult> {
  const file = pickSingleFile(source, /\.csv$/i);
  const context: ImportContext = new ImportContext(file);
  const list = options.list ?? 'uk-fcdo';
  let asOf = options.asOf;
  let headers: Map<string, number> | undefined;
  const entities = new Map<string, WatchlistEntity>();
  const firstRows = new Map<string, number>();

  for await (const { fields, line } of readCsvRows(decodeText(await source.readFile(file)), { file })) {
    if (!headers) {
      const report = /^Report Date:\s*(.+)$/i.exec(fields[0]?.trim() ?? '');
      if (report) asOf ??= toIsoDate(report[1] ?? '');
      const keys = fields.map(normalizeHeader);
      if (keys.includes('uniqueid') && keys.includes('name6')) headers = indexHeaders(fields);
      continue;
    }
    const id = cell(fields, headers, 'Unique ID');
    if (!id) context.fail(line, 'row without Unique ID');
    let entity = entities.get(id);
    if (!entity) {
      const typeText = cell(fields, headers, 'Designation Type').toLowerCase();
      const type = DESIGNATION_TYPES[typeText];
      if (!type) context.fail(line, `unknown Designation Type '${typeText}'`);
      entity = createEntity(id, list, type, 'sanction');
      entities.set(id, entity);
      firstRows.set(id, line);
    }
    readRow(entity, fields, headers, context, line);
  }
  if (!headers) context.fail(null, 'no header row with Unique ID and Name 6');
  for (const entity of entities.values()) assertNamed(entity, context, firstRows.get(entity.id) ?? 0);
  return { format: 'uk-fcdo', list, ...(asOf ? { asOf } : {}), entities: [...entities.values()], warnings: context.warnings };
}

function nameType(text: string, strength: string): NameType {
  if (/low/i.test(strength)) return 'weak';
  if (/^primary name$/i.test(text)) return 'primary';
  return /former|fka/i.test(text) ? 'fka' : 'aka';
}

function readRow(entity: WatchlistEntity, fields: string[], headers: Map<string, number>, context: ImportContext, line: number): void {
  const get = (name: string): string => cell(fields, headers, name);
  const given = ['Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5'].map(get).filter(Boolean);
  const family = get('Name 6');
  const full = entity.type === 'person' ? [...given, family].join(' ') : [family, ...given].join(' ');
  const type = nameType(get('Name type'), get('Alias strength'));
  const parts = entity.type === 'person' ? { given: given[0], middle: given.slice(1).join(' '), family } : {};
  if (!addName(entity, full, type === 'primary' && entity.names.some((name) => name.type === 'primary') ? 'aka' : type, parts)) {
    context.fail(line, `row of Unique ID ${entity.id} has no name`);
  }
  for (const original of splitValues(get('Name non-latin script'))) addName(entity, original, 'aka');

  const gender = parseGender(get('Gender'));
  if (gender) entity.gender = gender;
  for (const dob of splitValues(get('D.O.B'))) addBirthDate(entity, dob, context, line);
  const towns = splitValues(get('Town of birth'));
  for (const town of towns) addUnique(entity.birthPlaces, town);
  for (const country of splitValues(get('Country of birth'))) {
    addCountry(entity, country, 'birth', context, line);
    if (towns.length === 0) addUnique(entity.birthPlaces, country);
  }
  for (const nationality of splitValues(get('Nationality(/ies)'))) addCountry(entity, nationality, 'nationality', context, line);
  addDocumentText(entity, get('Passport number'), 'passport', get('Passport additional information'));
  addDocumentText(entity, get('National Identifier number'), 'national-id', get('National Identifier additional information'));
  for (const number of splitValues(get('Business registration number (s)'))) addIdentifier(entity, { type: 'registration', value: number });
  for (const position of splitValues(get('Position'))) addUnique((entity.positions ??= []), position);
  const title = get('Title');
  if (title) addUnique((entity.positions ??= []), title);
  readAddress(entity, fields, headers, context, line);
  readShip(entity, get);
  for (const subsidiary of splitValues(get('Subsidiaries'))) entity.associates.push({ name: subsidiary, relationship: 'subsidiary' });
  for (const parent of splitValues(get('Parent company'))) entity.associates.push({ name: parent, relationship: 'parent company' });

  addUnique(entity.programmes, get('Regime Name'));
  for (const measure of splitValues(get('Sanctions Imposed'))) addUnique(entity.categories, measure);
  const listedOn = toIsoDate(get('Date Designated'));
  if (listedOn) entity.listedOn = listedOn;
  const updated = toIsoDate(get('Last Updated'));
  if (updated && (!entity.updatedOn || updated > entity.updatedOn)) entity.updatedOn = updated;
  if (!entity.remarks) {
    const remarks = [
      get('UN Reference Number') ? `UN reference ${get('UN Reference Number')}` : '',
      get('OFSI Group ID') ? `OFSI Group ID ${get('OFSI Group ID')}` : '',
      cleanText(get('Other Information')),
      cleanText(get('UK Statement of Reasons')),
    ].filter(Boolean);
    if (remarks.length > 0) entity.remarks = remarks.join('. ');
    for (const father of extractFatherNames(get('Other Information'))) addUnique(entity.fatherNames, father);
  }
}

function readAddress(entity: WatchlistEntity, fields: string[], headers: Map<string, number>, context: ImportContext, line: number): void {
  const lines = ['Address Line 1', 'Address Line 2', 'Address Line 3', 'Address Line 4', 'Address Line 5', 'Address Line 6', 'Address Postal Code'];
  const country = cell(fields, headers, 'Address Country');
  const full = [...lines.map((name) => cell(fields, headers, name)), country].map(cleanText).filter(Boolean).join(', ');
  if (!full || entity.addresses.some((address) => address.full === full)) return;
  const code = country ? countryCode(country) : undefined;
  entity.addresses.push({ full, ...(code ? { country: code } : {}) });
  if (country) addCountry(entity, country, entity.type === 'person' ? 'residence' : 'other', context, line);
}

function readShip(entity: WatchlistEntity, get: (name: string) => string): void {
  const imo = get('IMO number');
  if (imo) addIdentifier(entity, { type: 'imo', value: imo });
  for (const owner of splitValues(get('Current owner/operator (s)'))) entity.associates.push({ name: owner, relationship: 'owner' });
  if (entity.type !== 'vessel') return;
  const flag = get('Current believed flag of ship');
  const details = {
    imo,
    vesselType: get('Type of ship'),
    tonnage: get('Tonnage of ship'),
    yearBuilt: get('Year Built'),
    owner: get('Current owner/operator (s)'),
    flag: flag ? (countryCode(flag) ?? flag) : '',
  };
  entity.vessel = Object.fromEntries(Object.entries(details).filter(([, value]) => value));
}
