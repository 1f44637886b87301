import type { EntityType, NameType, WatchlistEntity } from '../model';
import { addAddress, addBirthDate, addCountry, addName, addUnique, cleanText, createEntity, type ImportContext } from './entity-builder';
import type { ListImportRun } from './list-import-run';

/** A cell of the current row by its header name. */
export type UkCell = (name: string) => string;

const UK_ENTITY_TYPES: Readonly<Record<string, EntityType>> = { individual: 'person', entity: 'organisation', ship: 'vessel' };

/**
 * The entity a row of either UK file belongs to: both print one row per name, grouped by an id
 * column, with the type (Individual, Entity, Ship) in another. No id or an unknown type is fatal.
 */
export function groupUkRow(run: ListImportRun, get: UkCell, idColumn: string, typeColumn: string, line: number): WatchlistEntity {
  const context: ImportContext = run.context;
  const id = get(idColumn);
  if (!id) context.fail(line, `row without ${idColumn}`);
  return run.groupRow(id, line, () => {
    const typeText = get(typeColumn).toLowerCase();
    const type = UK_ENTITY_TYPES[typeText];
    if (!type) context.fail(line, `unknown ${typeColumn} '${typeText}'`);
    return createEntity(id, run.list, type, 'sanction');
  });
}

/**
 * Names 1–5 are given names and Name 6 the family name: a person's full name puts the given names
 * first, anything else's Name 6 first. A group has one primary name; a later 'primary' row is an alias.
 */
export function addUkName(
  entity: WatchlistEntity,
  get: UkCell,
  type: NameType,
  idColumn: string,
  context: ImportContext,
  line: number,
): void {
  const given = ['Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5'].map(get).filter(Boolean);
  const family = get('Name 6');
  const full = entity.type === 'person' ? [...given, family].join(' ') : [family, ...given].join(' ');
  const parts = entity.type === 'person' ? { given: given[0], middle: given.slice(1).join(' '), family } : {};
  if (!addName(entity, full, type === 'primary' && entity.names.some((name) => name.type === 'primary') ? 'aka' : type, parts)) {
    context.fail(line, `row of ${idColumn} ${entity.id} has no name`);
  }
}

/** The header names of the birth and nationality cells in one UK file. */
export interface UkBirthColumns {
  dates: string;
  towns: string;
  countries: string;
  nationalities: string;
}

/** `split` parses a cell into its values; a country of birth stands as the place of birth when the row gives no town. */
export function addUkBirthAndNationality(
  entity: WatchlistEntity,
  get: UkCell,
  split: (text: string) => string[],
  columns: UkBirthColumns,
  context: ImportContext,
  line: number,
): void {
  const towns = split(get(columns.towns));
  for (const dob of split(get(columns.dates))) addBirthDate(entity, dob, context, line);
  for (const town of towns) addUnique(entity.birthPlaces, town);
  for (const country of split(get(columns.countries))) {
    addCountry(entity, country, 'birth', context, line);
    if (towns.length === 0) addUnique(entity.birthPlaces, country);
  }
  for (const nationality of split(get(columns.nationalities))) addCountry(entity, nationality, 'nationality', context, line);
}

/** Every name row of a group repeats its address: the address lines and country are joined and added once. */
export function addUkAddress(
  entity: WatchlistEntity,
  lines: readonly string[],
  country: string,
  context: ImportContext,
  line: number,
): void {
  const full = [...lines, country].map(cleanText).filter(Boolean).join(', ');
  if (!full || entity.addresses.some((address) => address.full === full)) return;
  addAddress(entity, full, country, context, line);
}
