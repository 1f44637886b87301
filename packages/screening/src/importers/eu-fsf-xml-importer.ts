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
  type ImportContext,
  parseGender,
} from './entity-builder';
import { euIdentifierType } from './eu-fsf-csv-importer';
import type { ImportOptions, ListImportResult } from './import-result';
import { ListImportRun, readXmlList } from './list-import-run';
import type { ListSource } from './list-source';
import { attribute, childNodes, type XmlNode } from './xml-record-reader';

const SUBJECT_TYPES: Readonly<Record<string, 'person' | 'organisation'>> = {
  person: 'person',
  enterprise: 'organisation',
  entity: 'organisation',
};

/**
 * Imports the EU financial sanctions file in its XML layout (FSF 1.1, root `export`, one
 * `sanctionEntity` per listing keyed by logicalId, every value in attributes). A name alias with
 * strong="false" is a weak alias. Fatal: malformed XML, no `export` root, an entity without
 * logicalId or name, a repeated logicalId, an unknown subject type. Warnings: unknown countries,
 * unreadable dates.
 */
export async function importEuFsfXml(source: ListSource, file: string, options: ImportOptions): Promise<ListImportResult> {
  const run = new ListImportRun('eu-fsf', file, options);
  await readXmlList(source, file, run, {
    root: 'export',
    rootDateAttribute: 'generationDate',
    isRecord: (name, path) => name === 'sanctionEntity' && path.length === 1,
    idName: 'logicalId',
    missingRootReason: 'not an EU financial sanctions file: no export root element',
    readRecord: readEntity,
  });
  return run.result();
}

function readEntity(record: XmlNode, run: ListImportRun): WatchlistEntity {
  const context: ImportContext = run.context;
  const id = attribute(record, 'logicalId');
  if (!id) context.fail(record.line, 'sanctionEntity without logicalId');
  const subject = childNodes(record, 'subjectType')[0];
  const code = subject ? attribute(subject, 'code').toLowerCase() : '';
  const type = SUBJECT_TYPES[code] ?? (subject && attribute(subject, 'classificationCode') === 'P' ? 'person' : undefined);
  if (!type) context.fail(record.line, `unknown subject type '${code}'`);
  const entity = createEntity(id, run.list, type, 'sanction');

  for (const alias of childNodes(record, 'nameAlias')) readNameAlias(entity, alias);
  assertNamed(entity, context, record.line);
  for (const regulation of childNodes(record, 'regulation')) {
    addUnique(entity.programmes, attribute(regulation, 'programme'));
    const published = attribute(regulation, 'publicationDate');
    if (published && (!entity.listedOn || published < entity.listedOn)) entity.listedOn = published;
  }
  const designated = attribute(record, 'designationDate');
  if (designated) entity.listedOn = designated;
  const reference = attribute(record, 'euReferenceNumber');
  const remarks = [
    reference ? `EU reference ${reference}` : '',
    ...childNodes(record, 'remark').map((node) => cleanText(node.text)),
  ].filter(Boolean);
  if (remarks.length > 0) entity.remarks = remarks.join('. ');

  for (const node of childNodes(record, 'birthdate')) readBirthdate(entity, node, context);
  for (const node of childNodes(record, 'citizenship')) {
    const country = isoOrDescription(node);
    if (country) addCountry(entity, country, 'citizenship', context, node.line);
  }
  for (const node of childNodes(record, 'identification')) readIdentification(entity, node);
  for (const node of childNodes(record, 'address')) readAddress(entity, node, context);
  return entity;
}

function readNameAlias(entity: WatchlistEntity, alias: XmlNode): void {
  const [given, middle, family] = ['firstName', 'middleName', 'lastName'].map((name) => attribute(alias, name));
  const whole = attribute(alias, 'wholeName') || [given, middle, family].filter(Boolean).join(' ');
  const isWeak = attribute(alias, 'strong') === 'false';
  addName(entity, whole, entity.names.length === 0 ? 'primary' : isWeak ? 'weak' : 'aka', { given, middle, family });
  const gender = parseGender(attribute(alias, 'gender'));
  if (gender) entity.gender = gender;
  addPositions(entity, [attribute(alias, 'function'), attribute(alias, 'title')]);
}

/** '00' and empty codes mean unknown; the description is the fallback unless it says UNKNOWN too. */
function isoOrDescription(node: XmlNode): string {
  const code = attribute(node, 'countryIso2Code');
  return code && code !== '00' ? code : countryDescription(node);
}

function countryDescription(node: XmlNode): string {
  const description = attribute(node, 'countryDescription');
  return /^unknown$/i.test(description) ? '' : description;
}

function readBirthdate(entity: WatchlistEntity, node: XmlNode, context: ImportContext): void {
  const isCirca = attribute(node, 'circa') === 'true';
  const [from, to] = [attribute(node, 'yearRangeFrom'), attribute(node, 'yearRangeTo')].map((year) =>
    year ? parsePartialDate(year) : undefined,
  );
  const full = attribute(node, 'birthdate');
  const parts = [attribute(node, 'year'), attribute(node, 'monthOfYear'), attribute(node, 'dayOfMonth')];
  let date: EntityDate | undefined;
  if (from && to) date = { quality: 'range', from, to };
  else {
    const value = parsePartialDate(full || parts.filter(Boolean).join('-'));
    if (value) date = { quality: isCirca ? 'approximate' : value.day === undefined ? 'year' : 'exact', from: value };
  }
  if (date) entity.birthDates.push(date);
  else if (full || parts[0]) addBirthDate(entity, full || parts[0] || '', context, node.line);
  const place = [attribute(node, 'city'), attribute(node, 'place'), attribute(node, 'region')].filter(Boolean).join(', ');
  const country = isoOrDescription(node);
  if (place || countryDescription(node)) addUnique(entity.birthPlaces, [place, countryDescription(node)].filter(Boolean).join(', '));
  if (country) addCountry(entity, country, 'birth', context, node.line);
}

function readIdentification(entity: WatchlistEntity, node: XmlNode): void {
  const value = attribute(node, 'number') || attribute(node, 'latinNumber');
  const country = isoOrDescription(node);
  const note = [
    attribute(node, 'identificationTypeDescription'),
    attribute(node, 'issuedDate') ? `issued ${attribute(node, 'issuedDate')}` : '',
    attribute(node, 'validTo') ? `valid to ${attribute(node, 'validTo')}` : '',
    attribute(node, 'nameOnDocument') ? `name on document ${attribute(node, 'nameOnDocument')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  const code = country ? countryCode(country) : undefined;
  addIdentifier(entity, {
    type: euIdentifierType(attribute(node, 'identificationTypeCode').toLowerCase()),
    value,
    ...(code ? { country: code } : {}),
    note,
  });
}

function readAddress(entity: WatchlistEntity, node: XmlNode, context: ImportContext): void {
  const city = attribute(node, 'city');
  const country = isoOrDescription(node);
  const lines = ['street', 'poBox', 'zipCode', 'city', 'region', 'place'].map((name) => attribute(node, name));
  const full = [...lines, countryDescription(node)].filter(Boolean).join(', ');
  if (full) addAddress(entity, full, country, context, node.line, city);
}
