import type { CountryRole, EntityType, HitType, NameType, WatchlistEntity } from '../model';
import { resolveCountry } from './country-resolver';
import { type CsvRow, normalizeHeader, readCsvRows } from './csv-reader';
import { toIsoDate } from './date-parser';
import {
  addBirthDate,
  addCountry,
  addIdentifier,
  addName,
  addUnique,
  cleanText,
  createEntity,
  ImportContext,
  parseGender,
} from './entity-builder';
import type { ImportOptions, ListDelta, ListImportResult } from './import-result';
import { ListImportRun } from './list-import-run';
import { type ListSource, pickSingleFile } from './list-source';
import { parseIdentifierValue } from './identifier-text-parser';
import { SANAD_LIST_COLUMNS } from './sanad-list-columns';
import { readXlsxRows } from './sanad-list-xlsx-reader';
import { decodeText } from './text-decoding';

const ENTITY_TYPES: Readonly<Record<string, EntityType>> = {
  person: 'person',
  individual: 'person',
  organisation: 'organisation',
  organization: 'organisation',
  entity: 'organisation',
  company: 'organisation',
  vessel: 'vessel',
  aircraft: 'aircraft',
};
const HIT_TYPES: Readonly<Record<string, HitType>> = {
  blacklist: 'blackList',
  sanction: 'sanction',
  pep: 'pep',
  enforcement: 'enforcement',
};
const ACTIONS: Readonly<Record<string, keyof ListDelta>> = {
  add: 'added',
  change: 'changed',
  update: 'changed',
  delete: 'deleted',
  remove: 'deleted',
};

/** Header key → column name, synonyms included. */
const COLUMN_BY_HEADER = new Map(
  SANAD_LIST_COLUMNS.flatMap((column) => [column.name, ...column.synonyms].map((name) => [normalizeHeader(name), column.name] as const)),
);

type Getter = (column: string) => string;

/**
 * Imports Sanad's own list format (sanad-list-columns.ts; CSV or XLSX) for a firm's black-list.
 * A file with an `action` column is a delta list: `delta` then lists the ids it adds, changes and
 * deletes. Fatal: no id or name column, a row without id, an add or change row without name, a
 * repeated id, an unknown type, hit type or action. Warnings: unknown columns (ignored), unknown
 * countries, unreadable dates.
 */
export async function importSanadList(source: ListSource, options: ImportOptions = {}): Promise<ListImportResult> {
  const file = pickSingleFile(source, /\.(csv|xlsx)$/i);
  // The format is 'csv' (it covers XLSX too); the list it fills is the firm's own black-list.
  const run = new ListImportRun('csv', file, { ...options, list: options.list ?? 'sanad-list' });
  const context: ImportContext = run.context;
  const rows = await readRows(source, file);
  const delta: ListDelta = { added: [], changed: [], deleted: [] };
  let columns: Map<string, number> | undefined;

  for await (const { fields, line } of rows) {
    if (!columns) {
      columns = readHeader(fields, context, line);
      continue;
    }
    const known = columns;
    const get: Getter = (column) => cleanText(fields[known.get(column) ?? -1]);
    const id = get('id');
    if (!id) context.fail(line, 'row without id');
    run.assertNewId(id, line, 'id');
    const actionText = get('action').toLowerCase() || 'add';
    const action = ACTIONS[actionText];
    if (!action) context.fail(line, `unknown action '${actionText}'`);
    delta[action].push(id);
    if (action === 'deleted') run.addDeletion(id, line, 'id');
    else if (action === 'changed' && options.current)
      run.addRecord(readChange(id, get, options.current, run.list, context, line), line, 'id');
    else run.addRecord(readEntity(id, get, run.list, context, line), line, 'id');
  }
  if (!columns) context.fail(null, 'empty file');
  const { warnings, ...imported } = run.result();
  return { ...imported, ...(columns.has('action') ? { delta } : {}), warnings };
}

async function readRows(source: ListSource, file: string): Promise<AsyncIterable<CsvRow> | CsvRow[]> {
  const bytes = await source.readFile(file);
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  return isZip || /\.xlsx$/i.test(file) ? readXlsxRows(bytes, file) : readCsvRows(decodeText(bytes), { file });
}

function readHeader(fields: string[], context: ImportContext, line: number): Map<string, number> {
  const columns = new Map<string, number>();
  fields.forEach((header, index) => {
    const column = COLUMN_BY_HEADER.get(normalizeHeader(header));
    if (column && !columns.has(column)) columns.set(column, index);
    else if (!column && header.trim()) context.warn(line, `unknown column '${header.trim()}' ignored`);
  });
  for (const required of SANAD_LIST_COLUMNS.filter((column) => column.isRequired)) {
    if (!columns.has(required.name)) context.fail(line, `no ${required.name} column in the header`);
  }
  return columns;
}

function splitCell(text: string): string[] {
  return text.split(';').map(cleanText).filter(Boolean);
}

function readEntity(id: string, get: Getter, list: string, context: ImportContext, line: number, isNameRequired = true): WatchlistEntity {
  const typeText = get('type').toLowerCase() || 'person';
  const type = ENTITY_TYPES[typeText];
  if (!type) context.fail(line, `unknown type '${typeText}'`);
  const hitText = get('hit_type').toLowerCase() || 'blacklist';
  const hitType = HIT_TYPES[hitText];
  if (!hitType) context.fail(line, `unknown hit type '${get('hit_type')}'`);
  const entity = createEntity(id, list, type, hitType);
  const parts = { given: get('first_name'), middle: get('middle_name'), family: get('last_name') };
  if (!addName(entity, get('name'), 'primary', parts) && isNameRequired) context.fail(line, `record ${id} has no name`);
  const aliasColumns: [string, NameType][] = [
    ['aliases', 'aka'],
    ['weak_aliases', 'weak'],
    ['former_names', 'fka'],
  ];
  for (const [column, nameType] of aliasColumns) for (const alias of splitCell(get(column))) addName(entity, alias, nameType);

  for (const dob of splitCell(get('dob'))) addBirthDate(entity, dob, context, line);
  for (const place of splitCell(get('place_of_birth'))) addUnique(entity.birthPlaces, place);
  const gender = parseGender(get('gender'));
  if (gender) entity.gender = gender;
  for (const country of splitCell(get('nationality'))) addCountry(entity, country, 'nationality', context, line);
  for (const country of splitCell(get('citizenship'))) addCountry(entity, country, 'citizenship', context, line);
  for (const country of splitCell(get('country'))) addCountry(entity, country, type === 'person' ? 'residence' : 'other', context, line);
  for (const item of splitCell(get('id_numbers'))) readIdNumber(entity, item);
  for (const father of splitCell(get('father_name'))) addUnique(entity.fatherNames, father);
  for (const address of splitCell(get('address'))) {
    const country = resolveCountry(address.split(',').at(-1) ?? '');
    entity.addresses.push({ full: address, ...(country ? { country } : {}) });
  }
  for (const associate of splitCell(get('associates'))) {
    const match = /^(.*?)\s*\(([^)]*)\)$/.exec(associate);
    entity.associates.push({ name: match?.[1] || associate, relationship: match?.[2] || 'associate' });
  }
  for (const programme of splitCell(get('programme'))) addUnique(entity.programmes, programme);
  for (const category of splitCell(get('category'))) addUnique(entity.categories, category);
  const listedOn = get('listed_on');
  if (listedOn) {
    const iso = toIsoDate(listedOn);
    if (iso) entity.listedOn = iso;
    else context.warn(line, `unreadable listing date '${listedOn}'`);
  }
  const remarks = get('remarks');
  if (remarks) entity.remarks = remarks;
  return entity;
}

const replaceNames = (target: WatchlistEntity, update: WatchlistEntity, type: NameType) => {
  const incoming = update.names.filter((name) => name.type === type);
  if (incoming.length > 0) target.names = [...target.names.filter((name) => name.type !== type), ...incoming];
};
const replaceCountries = (target: WatchlistEntity, update: WatchlistEntity, roles: readonly CountryRole[], role: CountryRole) => {
  const incoming = update.countries.filter((country) => roles.includes(country.role));
  if (incoming.length > 0)
    target.countries = [
      ...target.countries.filter((country) => !roles.includes(country.role)),
      ...incoming.map((country) => ({ ...country, role })),
    ];
};
const replaceList =
  <K extends 'birthDates' | 'birthPlaces' | 'identifiers' | 'fatherNames' | 'addresses' | 'associates' | 'programmes' | 'categories'>(
    key: K,
  ) =>
  (target: WatchlistEntity, update: WatchlistEntity) => {
    if (update[key].length > 0) target[key] = update[key];
  };

/**
 * What a change row's filled-in cells replace, in order (the type first: it decides the role of the
 * countries). A cell whose value cannot be read (an unknown date) leaves the field as it was, with
 * the warning the reading gave.
 */
const CHANGES: ReadonlyArray<{ columns: readonly string[]; apply(target: WatchlistEntity, update: WatchlistEntity, get: Getter): void }> = [
  { columns: ['type'], apply: (target, update) => void (target.type = update.type) },
  { columns: ['hit_type'], apply: (target, update) => void (target.hitType = update.hitType) },
  {
    columns: ['name', 'first_name', 'middle_name', 'last_name'],
    apply(target, update, get) {
      const primary = update.names.find((name) => name.type === 'primary');
      if (primary) {
        target.names = [primary, ...target.names.filter((name) => name.type !== 'primary')];
        return;
      }
      const current = target.names.find((name) => name.type === 'primary');
      if (!current) return;
      const parts = { given: get('first_name'), middle: get('middle_name'), family: get('last_name') };
      for (const [part, value] of Object.entries(parts) as [keyof typeof parts, string][]) if (value) current[part] = value;
    },
  },
  { columns: ['aliases'], apply: (target, update) => replaceNames(target, update, 'aka') },
  { columns: ['weak_aliases'], apply: (target, update) => replaceNames(target, update, 'weak') },
  { columns: ['former_names'], apply: (target, update) => replaceNames(target, update, 'fka') },
  { columns: ['dob'], apply: replaceList('birthDates') },
  { columns: ['place_of_birth'], apply: replaceList('birthPlaces') },
  {
    columns: ['gender'],
    apply(target, update) {
      if (update.gender) target.gender = update.gender;
    },
  },
  { columns: ['nationality'], apply: (target, update) => replaceCountries(target, update, ['nationality'], 'nationality') },
  { columns: ['citizenship'], apply: (target, update) => replaceCountries(target, update, ['citizenship'], 'citizenship') },
  {
    columns: ['country'],
    apply: (target, update) => replaceCountries(target, update, ['residence', 'other'], target.type === 'person' ? 'residence' : 'other'),
  },
  { columns: ['id_numbers'], apply: replaceList('identifiers') },
  { columns: ['father_name'], apply: replaceList('fatherNames') },
  { columns: ['address'], apply: replaceList('addresses') },
  { columns: ['associates'], apply: replaceList('associates') },
  { columns: ['programme'], apply: replaceList('programmes') },
  { columns: ['category'], apply: replaceList('categories') },
  {
    columns: ['listed_on'],
    apply(target, update) {
      if (update.listedOn) target.listedOn = update.listedOn;
    },
  },
  {
    columns: ['remarks'],
    apply(target, update) {
      if (update.remarks) target.remarks = update.remarks;
    },
  },
];

/**
 * A change row applied to the entry as it is: only the fields whose cells the row fills in change,
 * so a delta that renames an organisation keeps its type, hit type and countries. A change to an
 * id the list lacks is refused: there is no entry to keep the other fields from.
 */
function readChange(
  id: string,
  get: Getter,
  current: ReadonlyMap<string, WatchlistEntity>,
  list: string,
  context: ImportContext,
  line: number,
): WatchlistEntity {
  const existing = current.get(id);
  if (!existing) context.fail(line, `there is no entry ${id} to change (use the action add for a new entry)`);
  const update = readEntity(id, get, list, context, line, false);
  const entity: WatchlistEntity = { ...structuredClone(existing), id, list };
  for (const change of CHANGES) if (change.columns.some((column) => get(column) !== '')) change.apply(entity, update, get);
  return entity;
}

/** 'passport:AB1234567 (Pakistan)' or a bare number (type 'other'). */
function readIdNumber(entity: WatchlistEntity, item: string): void {
  const match = /^([a-z][a-z-]*)\s*:\s*(.+)$/i.exec(item);
  const type = match?.[1]?.toLowerCase() ?? 'other';
  const { value, country, note } = parseIdentifierValue(match?.[2] ?? item);
  addIdentifier(entity, { type, value, ...(country ? { country } : {}), note });
}
