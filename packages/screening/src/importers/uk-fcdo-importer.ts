import type { NameType, WatchlistEntity } from '../model';
import { cell, indexHeaders, normalizeHeader, readCsvRows } from './csv-reader';
import { toIsoDate } from './date-parser';
import {
  addIdentifier,
  addName,
  addPositions,
  addUnique,
  cleanText,
  countryCode,
  extractFatherNames,
  type ImportContext,
  parseGender,
} from './entity-builder';
import type { ImportOptions, ListImportResult } from './import-result';
import { ListImportRun } from './list-import-run';
import { type ListSource, pickSingleFile } from './list-source';
import { decodeText } from './text-decoding';
import { addDocumentText, splitValues } from './uk-field-parser';
import { addUkAddress, addUkBirthAndNationality, addUkName, groupUkRow, type UkCell } from './uk-row-reader';

/**
 * Imports the FCDO UK Sanctions List CSV: a 'Report Date:' line, then a header of 58 columns
 * read by name, one row per name, grouped into one entity by Unique ID. Multiple values in a
 * cell are separated by '|'. Fatal: no header with Unique ID and Name 6, a row without Unique ID
 * or name, an unknown Designation Type. Warnings: unknown countries, unreadable dates.
 */
export async function importUkFcdo(source: ListSource, options: ImportOptions = {}): Promise<ListImportResult> {
  const file = pickSingleFile(source, /\.csv$/i);
  const run = new ListImportRun('uk-fcdo', file, options);
  let headers: Map<string, number> | undefined;

  for await (const { fields, line } of readCsvRows(decodeText(await source.readFile(file)), { file })) {
    if (!headers) {
      const report = /^Report Date:\s*(.+)$/i.exec(fields[0]?.trim() ?? '');
      if (report) run.asOf ??= toIsoDate(report[1] ?? '');
      const keys = fields.map(normalizeHeader);
      if (keys.includes('uniqueid') && keys.includes('name6')) headers = indexHeaders(fields);
      continue;
    }
    const rowHeaders = headers;
    const get: UkCell = (name) => cell(fields, rowHeaders, name);
    readRow(groupUkRow(run, get, 'Unique ID', 'Designation Type', line), get, run.context, line);
  }
  if (!headers) run.context.fail(null, 'no header row with Unique ID and Name 6');
  return run.result();
}

function nameType(text: string, strength: string): NameType {
  if (/low/i.test(strength)) return 'weak';
  if (/^primary name$/i.test(text)) return 'primary';
  return /former|fka/i.test(text) ? 'fka' : 'aka';
}

function readRow(entity: WatchlistEntity, get: UkCell, context: ImportContext, line: number): void {
  addUkName(entity, get, nameType(get('Name type'), get('Alias strength')), 'Unique ID', context, line);
  for (const original of splitValues(get('Name non-latin script'))) addName(entity, original, 'aka');

  const gender = parseGender(get('Gender'));
  if (gender) entity.gender = gender;
  const birthColumns = { dates: 'D.O.B', towns: 'Town of birth', countries: 'Country of birth', nationalities: 'Nationality(/ies)' };
  addUkBirthAndNationality(entity, get, splitValues, birthColumns, context, line);
  addDocumentText(entity, get('Passport number'), 'passport', get('Passport additional information'));
  addDocumentText(entity, get('National Identifier number'), 'national-id', get('National Identifier additional information'));
  for (const number of splitValues(get('Business registration number (s)'))) addIdentifier(entity, { type: 'registration', value: number });
  addPositions(entity, [...splitValues(get('Position')), get('Title')]);
  const addressLines = [
    'Address Line 1',
    'Address Line 2',
    'Address Line 3',
    'Address Line 4',
    'Address Line 5',
    'Address Line 6',
    'Address Postal Code',
  ];
  addUkAddress(entity, addressLines.map(get), get('Address Country'), context, line);
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

function readShip(entity: WatchlistEntity, get: UkCell): void {
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
