import type { EntityType, HitType, WatchlistEntity } from '../model';
import { formatPartialDate, parseEntityDate } from './date-parser';
import {
  addBirthDate,
  addCountry,
  addIdentifier,
  addName,
  addPositions,
  addUnique,
  cleanText,
  createEntity,
  ImportContext,
  parseGender,
} from './entity-builder';
import { type FtmRecord, type FtmRelation, linkFtmRelations, readFtmRelation } from './ftm-relations';
import type { ImportOptions, ListImportResult } from './import-result';
import { readLines } from './line-reader';
import { type ListSource, pickSingleFile } from './list-source';

const MATCHABLE: Readonly<Record<string, EntityType>> = {
  Person: 'person',
  Organization: 'organisation',
  Company: 'organisation',
  LegalEntity: 'organisation',
  PublicBody: 'organisation',
  Vessel: 'vessel',
  Airplane: 'aircraft',
};

/** FtM identifier properties and the identifier type each normalises to. */
const IDENTIFIER_PROPERTIES: Readonly<Record<string, string>> = {
  passportNumber: 'passport',
  idNumber: 'national-id',
  taxNumber: 'tax-id',
  innCode: 'tax-id',
  vatCode: 'tax-id',
  registrationNumber: 'registration',
  ogrnCode: 'registration',
  leiCode: 'lei',
  swiftBic: 'swift',
  dunsCode: 'duns',
  imoNumber: 'imo',
  mmsi: 'mmsi',
  callSign: 'call-sign',
  isin: 'isin',
  socialSecurityNumber: 'ssn',
};

const COUNTRY_PROPERTIES: Readonly<Record<string, 'nationality' | 'citizenship' | 'birth' | 'registration' | 'other'>> = {
  nationality: 'nationality',
  citizenship: 'citizenship',
  birthCountry: 'birth',
  jurisdiction: 'registration',
  country: 'other',
  mainCountry: 'other',
};

/**
 * Imports OpenSanctions FollowTheMoney JSON lines: persons, organisations, companies, vessels and
 * aircraft that are targets become entities (non-target records such as a sanctioned company's
 * registry twin only lend their names to links); Sanction records give programmes and listing
 * dates, Address / Passport / Identification records fill in their holders, and Family,
 * Ownership, Directorship and other links become associates on both sides. Topics decide the hit
 * type. Fatal: a line that is not JSON, a record without id or schema, a target without any name.
 * Warnings: unknown countries, unreadable dates, links to records not in the file.
 */
export async function importFtm(source: ListSource, options: ImportOptions = {}): Promise<ListImportResult> {
  const file = pickSingleFile(source, /\.(json|jsonl|ftm)$/i);
  const context: ImportContext = new ImportContext(file);
  const list = options.list ?? 'ftm';
  const entities = new Map<string, WatchlistEntity>();
  const captions = new Map<string, string>();
  const addresses = new Map<string, string>();
  const details: { record: FtmRecord; line: number }[] = [];
  // Address records may come after the entities that point at them: resolved once the file is read.
  const pendingAddresses = new Map<string, string[]>();
  const relations: FtmRelation[] = [];

  for await (const { text, line } of readLines(source.openStream(file))) {
    if (!text.trim()) continue;
    const record = parseRecord(text, line, context);
    const caption = cleanText(record.caption ?? record.properties.name?.[0]);
    if (caption) captions.set(record.id, caption);
    const type = MATCHABLE[record.schema];
    if (type && record.target !== false) {
      const entity = readEntity(record, type, list, context, line);
      entities.set(record.id, entity);
      const addressIds = values(record, 'addressEntity');
      if (addressIds.length > 0) pendingAddresses.set(record.id, addressIds);
    } else if (record.schema === 'Address') addresses.set(record.id, cleanText(record.properties.full?.[0] ?? caption));
    else if (['Sanction', 'Passport', 'Identification'].includes(record.schema)) details.push({ record, line });
    else {
      const relation = readFtmRelation(record, line);
      if (relation) relations.push(relation);
    }
  }

  for (const [id, addressIds] of pendingAddresses) {
    const entity = entities.get(id);
    for (const full of addressIds.map((addressId) => addresses.get(addressId))) {
      if (entity && full && !entity.addresses.some((known) => known.full === full)) entity.addresses.push({ full });
    }
  }
  for (const { record, line } of details) applyDetail(record, entities, context, line);
  linkFtmRelations(relations, entities, captions, context);
  for (const entity of entities.values()) entity.hitType = hitTypeOf(entity.categories);
  return {
    format: 'ftm',
    list,
    ...(options.asOf ? { asOf: options.asOf } : {}),
    entities: [...entities.values()],
    warnings: context.warnings,
  };
}

function parseRecord(text: string, line: number, context: ImportContext): FtmRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return context.fail(line, `not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof value !== 'object' || value === null) return context.fail(line, 'not a FollowTheMoney record');
  const record = value as Partial<FtmRecord>;
  if (typeof record.id !== 'string' || !record.id) return context.fail(line, 'record without id');
  if (typeof record.schema !== 'string' || !record.schema) return context.fail(line, `record ${record.id} without schema`);
  return { ...record, id: record.id, schema: record.schema, properties: record.properties ?? {} };
}

function values(record: FtmRecord, property: string): string[] {
  return (record.properties[property] ?? []).map(cleanText).filter(Boolean);
}

function readEntity(record: FtmRecord, type: EntityType, list: string, context: ImportContext, line: number): WatchlistEntity {
  const entity = createEntity(record.id, list, type, 'sanction');
  const names = values(record, 'name');
  const primary =
    cleanText(record.caption) && names.includes(cleanText(record.caption))
      ? cleanText(record.caption)
      : (names[0] ?? cleanText(record.caption));
  // Name parts are separate multi-valued properties, so they describe the primary name only when each has one value.
  const [given, middle, family] = ['firstName', 'middleName', 'lastName'].map((property) => values(record, property));
  const isSingle = (given?.length ?? 0) <= 1 && (middle?.length ?? 0) <= 1 && (family?.length ?? 0) <= 1;
  const parts = isSingle ? { given: given?.[0], middle: middle?.[0], family: family?.[0] } : {};
  if (!addName(entity, primary, 'primary', parts)) {
    context.fail(line, `record ${record.id} has no name`);
  }
  for (const name of names) addName(entity, name, 'aka');
  for (const name of [...values(record, 'alias'), ...values(record, 'abbreviation')]) addName(entity, name, 'aka');
  for (const name of values(record, 'previousName')) addName(entity, name, 'fka');
  for (const name of values(record, 'weakAlias')) addName(entity, name, 'weak');
  for (const father of values(record, 'fatherName')) addUnique(entity.fatherNames, father);

  const gender = parseGender(values(record, 'gender')[0] ?? '');
  if (gender) entity.gender = gender;
  for (const date of values(record, 'birthDate')) addBirthDate(entity, date, context, line);
  for (const place of values(record, 'birthPlace')) addUnique(entity.birthPlaces, place);
  if (values(record, 'deathDate').length > 0) entity.deceased = true;
  for (const [property, role] of Object.entries(COUNTRY_PROPERTIES)) {
    for (const country of values(record, property)) addCountry(entity, country, role, context, line);
  }
  for (const [property, identifierType] of Object.entries(IDENTIFIER_PROPERTIES)) {
    for (const value of values(record, property)) addIdentifier(entity, { type: identifierType, value });
  }
  for (const address of values(record, 'address'))
    if (!entity.addresses.some((known) => known.full === address)) entity.addresses.push({ full: address });
  addPositions(entity, [...values(record, 'position'), ...values(record, 'title')]);
  for (const topic of values(record, 'topics')) addUnique(entity.categories, topic);
  for (const programme of values(record, 'programId')) addUnique(entity.programmes, programme);
  readVessel(entity, record);
  const remarks = [...values(record, 'notes'), ...values(record, 'summary')].join(' ');
  if (remarks) entity.remarks = remarks;
  if (record.last_change) entity.updatedOn = record.last_change.slice(0, 10);
  return entity;
}

function readVessel(entity: WatchlistEntity, record: FtmRecord): void {
  if (entity.type !== 'vessel') return;
  const details = {
    imo: values(record, 'imoNumber')[0],
    mmsi: values(record, 'mmsi')[0],
    callSign: values(record, 'callSign')[0],
    vesselType: values(record, 'type')[0],
    tonnage: values(record, 'tonnage')[0],
    grossRegisteredTonnage: values(record, 'grossRegisteredTonnage')[0],
    flag: values(record, 'flag')[0]?.toUpperCase(),
    yearBuilt: values(record, 'buildDate')[0]?.slice(0, 4),
  };
  entity.vessel = Object.fromEntries(Object.entries(details).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

function applyDetail(record: FtmRecord, entities: ReadonlyMap<string, WatchlistEntity>, context: ImportContext, line: number): void {
  const ownerId = values(record, record.schema === 'Sanction' ? 'entity' : 'holder')[0] ?? '';
  const entity = entities.get(ownerId);
  if (!entity) return;
  if (record.schema === 'Sanction') {
    for (const programme of [...values(record, 'program'), ...values(record, 'programId')]) addUnique(entity.programmes, programme);
    for (const text of [...values(record, 'listingDate'), ...values(record, 'startDate')]) {
      const date = parseEntityDate(text);
      const iso = date ? formatPartialDate(date.from) : undefined;
      if (iso && (!entity.listedOn || iso < entity.listedOn)) entity.listedOn = iso;
    }
    return;
  }
  const country = values(record, 'country')[0];
  for (const number of values(record, 'number')) {
    addIdentifier(entity, {
      type: record.schema === 'Passport' ? 'passport' : 'national-id',
      value: number,
      ...(country ? { country: country.toUpperCase() } : {}),
      note: values(record, 'type')[0] ?? '',
    });
  }
  if (country) addCountry(entity, country, 'other', context, line);
}

/** Topics decide the hit type: any sanction topic makes a sanction hit, a PEP role a pep hit, the rest enforcement. */
export function hitTypeOf(topics: readonly string[]): HitType {
  if (topics.some((topic) => topic.startsWith('sanction'))) return 'sanction';
  if (topics.some((topic) => topic.startsWith('role.pep') || topic === 'role.rca')) return 'pep';
  return 'enforcement';
}
