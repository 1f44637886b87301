import type { EntityDate, WatchlistEntity } from '../model';
import { parsePartialDate } from './date-parser';
import {
  addAddress,
  addBirthDate,
  addCountry,
  addIdentifier,
  addName,
  addPositions,
  addUnique,
  assertNamed,
  cleanText,
  countryCode,
  createEntity,
  extractFatherNames,
  type ImportContext,
  parseGender,
} from './entity-builder';
import type { ImportOptions, ListImportResult } from './import-result';
import { ListImportRun, readXmlList } from './list-import-run';
import { type ListSource, pickSingleFile } from './list-source';
import { childNodes, childText, childTexts, type XmlNode } from './xml-record-reader';

const ALIAS_TYPES: Readonly<Record<string, 'aka' | 'fka' | 'weak'>> = {
  good: 'aka',
  'a.k.a.': 'aka',
  low: 'weak',
  'f.k.a.': 'fka',
};

const DOCUMENT_TYPES: readonly (readonly [RegExp, string])[] = [
  [/pass(?:port|eport)|pasaporte/i, 'passport'],
  [/national\s+identification|national id|identity card|id card|national identity/i, 'national-id'],
  [/tax/i, 'tax-id'],
  [/registration/i, 'registration'],
];

/**
 * Imports the UN Security Council consolidated list XML (INDIVIDUALS and ENTITIES, the id is
 * DATAID). Fatal: malformed XML, a record without DATAID or name, a repeated DATAID, no
 * CONSOLIDATED_LIST root. Warnings: unknown countries, unreadable dates.
 */
export async function importUn(source: ListSource, options: ImportOptions = {}): Promise<ListImportResult> {
  const file = pickSingleFile(source, /\.xml$/i);
  const run = new ListImportRun('un', file, options);
  await readXmlList(source, file, run, {
    root: 'CONSOLIDATED_LIST',
    rootDateAttribute: 'dateGenerated',
    isRecord: (name, path) => (name === 'INDIVIDUAL' || name === 'ENTITY') && path.length === 2,
    idName: 'DATAID',
    missingRootReason: 'not a UN consolidated list: no CONSOLIDATED_LIST root element',
    readRecord,
  });
  return run.result();
}

function readRecord(record: XmlNode, run: ListImportRun): WatchlistEntity {
  const context: ImportContext = run.context;
  const row = record.line;
  const id = childText(record, 'DATAID');
  if (!id) context.fail(row, 'record without DATAID');
  const isPerson = record.name === 'INDIVIDUAL';
  const entity = createEntity(id, run.list, isPerson ? 'person' : 'organisation', 'sanction');

  const parts = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'].map((tag) => childText(record, tag));
  addName(entity, parts.filter(Boolean).join(' '), 'primary');
  for (const original of childTexts(record, 'NAME_ORIGINAL_SCRIPT')) addName(entity, original, 'aka');
  for (const alias of childNodes(record, isPerson ? 'INDIVIDUAL_ALIAS' : 'ENTITY_ALIAS')) readAlias(entity, alias, context);
  assertNamed(entity, context, row);

  const gender = parseGender(childText(record, 'GENDER'));
  if (gender) entity.gender = gender;
  addUnique(entity.programmes, childText(record, 'UN_LIST_TYPE'));
  const listedOn = childText(record, 'LISTED_ON').slice(0, 10);
  if (listedOn) entity.listedOn = listedOn;
  const updated = childNodes(record, 'LAST_DAY_UPDATED')
    .flatMap((node) => childTexts(node, 'VALUE'))
    .toSorted()
    .at(-1);
  if (updated) entity.updatedOn = updated.slice(0, 10);
  const comments = cleanText(childText(record, 'COMMENTS1'));
  const reference = childText(record, 'REFERENCE_NUMBER');
  const remarks = [reference ? `UN reference ${reference}` : '', comments].filter(Boolean).join('. ');
  if (remarks) entity.remarks = remarks;
  entity.fatherNames.push(...extractFatherNames(comments));

  addPositions(
    entity,
    [...childNodes(record, 'DESIGNATION'), ...childNodes(record, 'TITLE')].flatMap((node) => childTexts(node, 'VALUE')),
  );
  for (const node of childNodes(record, 'NATIONALITY')) {
    for (const value of childTexts(node, 'VALUE')) addCountry(entity, value, 'nationality', context, row);
  }
  for (const node of childNodes(record, 'INDIVIDUAL_DATE_OF_BIRTH')) readBirthDate(entity, node, context);
  for (const node of childNodes(record, 'INDIVIDUAL_PLACE_OF_BIRTH')) readBirthPlace(entity, node, context);
  for (const node of childNodes(record, isPerson ? 'INDIVIDUAL_ADDRESS' : 'ENTITY_ADDRESS')) readAddress(entity, node, context);
  for (const node of childNodes(record, 'INDIVIDUAL_DOCUMENT')) readDocument(entity, node);
  return entity;
}

function readAlias(entity: WatchlistEntity, alias: XmlNode, context: ImportContext): void {
  const name = childText(alias, 'ALIAS_NAME');
  if (!name) return;
  const quality = childText(alias, 'QUALITY').toLowerCase();
  addName(entity, name, ALIAS_TYPES[quality] ?? 'aka');
  // An alias may carry its own date and place of birth (a second identity): they belong to the entity.
  const dob = childText(alias, 'DATE_OF_BIRTH');
  if (dob) addBirthDate(entity, dob, context, alias.line);
  const city = childText(alias, 'CITY_OF_BIRTH');
  const country = childText(alias, 'COUNTRY_OF_BIRTH');
  if (city || country) addUnique(entity.birthPlaces, [city, country].filter(Boolean).join(', '));
  if (country) addCountry(entity, country, 'birth', context, alias.line);
}

function readBirthDate(entity: WatchlistEntity, node: XmlNode, context: ImportContext): void {
  const kind = childText(node, 'TYPE_OF_DATE').toUpperCase();
  const note = childText(node, 'NOTE');
  const date = childText(node, 'DATE');
  const year = childText(node, 'YEAR');
  let parsed: EntityDate | undefined;
  if (kind === 'BETWEEN') {
    const from = parsePartialDate(childText(node, 'FROM_YEAR'));
    const to = parsePartialDate(childText(node, 'TO_YEAR'));
    if (from && to) parsed = { quality: 'range', from, to };
  } else if (date || year) {
    const value = parsePartialDate(date || year);
    if (value) parsed = { quality: kind === 'APPROXIMATELY' ? 'approximate' : value.day === undefined ? 'year' : 'exact', from: value };
  } else if (note) {
    addBirthDate(entity, note, context, node.line);
    return;
  }
  if (!parsed) {
    if (kind) context.warn(node.line, `unreadable ${kind} date of birth`);
    return;
  }
  if (note) parsed.text = note;
  entity.birthDates.push(parsed);
}

function readBirthPlace(entity: WatchlistEntity, node: XmlNode, context: ImportContext): void {
  const country = childText(node, 'COUNTRY');
  const place = ['STREET', 'CITY', 'STATE_PROVINCE']
    .map((tag) => childText(node, tag))
    .concat(country)
    .filter(Boolean)
    .join(', ');
  addUnique(entity.birthPlaces, place);
  if (country) addCountry(entity, country, 'birth', context, node.line);
}

function readAddress(entity: WatchlistEntity, node: XmlNode, context: ImportContext): void {
  const country = childText(node, 'COUNTRY');
  const city = childText(node, 'CITY');
  const full = ['STREET', 'CITY', 'STATE_PROVINCE', 'ZIP_CODE']
    .map((tag) => childText(node, tag))
    .concat(country)
    .filter(Boolean)
    .join(', ');
  if (full) addAddress(entity, full, country, context, node.line, city);
}

function readDocument(entity: WatchlistEntity, node: XmlNode): void {
  const value = childText(node, 'NUMBER');
  if (!value) return;
  const typeText = cleanText(childText(node, 'TYPE_OF_DOCUMENT'));
  const type = DOCUMENT_TYPES.find(([pattern]) => pattern.test(typeText))?.[1] ?? 'other';
  const issuer = childText(node, 'ISSUING_COUNTRY') || childText(node, 'COUNTRY_OF_ISSUE');
  const country = issuer ? countryCode(issuer) : undefined;
  const note = [
    type === 'other' ? typeText : '',
    childText(node, 'TYPE_OF_DOCUMENT2'),
    childText(node, 'DATE_OF_ISSUE') ? `issued ${childText(node, 'DATE_OF_ISSUE')}` : '',
    childText(node, 'CITY_OF_ISSUE'),
    childText(node, 'NOTE'),
  ]
    .filter(Boolean)
    .join('; ');
  addIdentifier(entity, { type, value, ...(country ? { country } : {}), note });
}
