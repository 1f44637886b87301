import type { EntityType, WatchlistEntity } from '../model';
import { type CsvRow, readCsvRows } from './csv-reader';
import {
  addAddress,
  addName,
  addUnique,
  assertNamed,
  cleanText,
  countryCode,
  createEntity,
  ImportContext,
  splitSurnameFirst,
} from './entity-builder';
import type { ImportOptions, ImportWarning, ListImportResult } from './import-result';
import { ListImportError } from './list-import-error';
import { findFile, type ListSource } from './list-source';
import { applyOfacRemarks } from './ofac-remarks-parser';
import { decodeText } from './text-decoding';

/** The four files of one OFAC set: the SDN list (sdn.csv …) or the consolidated non-SDN list (cons_prim.csv …). */
interface OfacFileSet {
  list: 'ofac-sdn' | 'ofac-cons';
  main: string;
  alt?: string;
  add?: string;
  comments?: string;
}

const MAIN_COLUMNS = 12;

/**
 * Imports an OFAC SDN or consolidated (non-SDN) CSV set: no header rows, `-0-` for empty, the
 * remarks column continued in sdn_comments.csv / cons_comments.csv when it exceeds 1,000
 * characters. Fatal: a missing main file, a main row with fewer than 12 columns, a non-numeric
 * or repeated ent_num, a nameless entry. Warnings: alias, address or comment rows for an
 * unknown ent_num, unknown countries, unreadable dates.
 */
export async function importOfac(source: ListSource, options: ImportOptions = {}): Promise<ListImportResult> {
  const files = findOfacFiles(source);
  const list = options.list ?? files.list;
  const warnings: ImportWarning[] = [];
  const mainContext = new ImportContext(files.main);
  const rows = new Map<string, { row: number; remarks: string }>();
  const entities = new Map<string, WatchlistEntity>();

  for await (const row of readOfacRows(source, files.main)) {
    const entity = readMainRow(row, list, mainContext);
    if (entities.has(entity.id)) mainContext.fail(row.line, `ent_num ${entity.id} appears twice`);
    entities.set(entity.id, entity);
    rows.set(entity.id, { row: row.line, remarks: ofacValue(row.fields[11]) });
  }

  if (files.comments) {
    const context = new ImportContext(files.comments);
    for await (const row of readOfacRows(source, files.comments)) {
      const id = cleanText(row.fields[0]);
      const known = rows.get(id);
      if (!known) context.warn(row.line, `comment for unknown ent_num ${id} ignored`);
      else known.remarks += ofacValue(row.fields[1]);
    }
    warnings.push(...context.warnings);
  }

  for (const [id, { row, remarks }] of rows) {
    const entity = entities.get(id);
    if (!entity || !remarks) continue;
    entity.remarks = remarks;
    applyOfacRemarks(entity, remarks, mainContext, row);
  }
  if (files.alt) warnings.push(...(await readAliases(source, files.alt, entities)));
  if (files.add) warnings.push(...(await readAddresses(source, files.add, entities)));
  for (const [id, entity] of entities) assertNamed(entity, mainContext, rows.get(id)?.row ?? 0);
  linkAssociates(entities);

  return {
    format: 'ofac',
    list,
    ...(options.asOf ? { asOf: options.asOf } : {}),
    entities: [...entities.values()],
    warnings: [...mainContext.warnings, ...warnings],
  };
}

export function findOfacFiles(source: ListSource): OfacFileSet {
  const sdn = findFile(source, /^sdn\.csv$/i);
  const cons = findFile(source, /^cons_prim\.csv$/i);
  if (sdn && cons) throw new ListImportError('the directory holds both an SDN set and a consolidated set; import them separately', null);
  if (sdn) return withOptional({ list: 'ofac-sdn', main: sdn }, source, /^alt\.csv$/i, /^add\.csv$/i, /^sdn_comments\.csv$/i);
  if (cons) return withOptional({ list: 'ofac-cons', main: cons }, source, /^cons_alt\.csv$/i, /^cons_add\.csv$/i, /^cons_comments\.csv$/i);
  throw new ListImportError('no sdn.csv or cons_prim.csv found', null);
}

function withOptional(set: OfacFileSet, source: ListSource, alt: RegExp, add: RegExp, comments: RegExp): OfacFileSet {
  const altFile = findFile(source, alt);
  const addFile = findFile(source, add);
  const commentsFile = findFile(source, comments);
  return {
    ...set,
    ...(altFile ? { alt: altFile } : {}),
    ...(addFile ? { add: addFile } : {}),
    ...(commentsFile ? { comments: commentsFile } : {}),
  };
}

async function* readOfacRows(source: ListSource, file: string): AsyncGenerator<CsvRow> {
  const text = decodeText(await source.readFile(file));
  yield* readCsvRows(text, { file });
}

function ofacValue(field: string | undefined): string {
  const value = (field ?? '').trim();
  return value === '-0-' ? '' : value;
}

const ENTITY_TYPES: Readonly<Record<string, EntityType>> = {
  individual: 'person',
  vessel: 'vessel',
  aircraft: 'aircraft',
  '': 'organisation',
};

function readMainRow(row: CsvRow, list: string, context: ImportContext): WatchlistEntity {
  const { fields, line } = row;
  if (fields.length < MAIN_COLUMNS) context.fail(line, `expected ${MAIN_COLUMNS} columns, found ${fields.length}`);
  const id = ofacValue(fields[0]);
  if (!/^\d+$/.test(id)) context.fail(line, `ent_num '${id}' is not a number`);
  const typeText = ofacValue(fields[2]).toLowerCase();
  const type = ENTITY_TYPES[typeText];
  if (!type) context.fail(line, `unknown SDN type '${typeText}'`);
  const entity = createEntity(id, list, type, 'sanction');
  const printed = ofacValue(fields[1]);
  if (!printed) context.fail(line, `ent_num ${id} has no name`);
  addOfacName(entity, printed, 'primary');
  for (const programme of ofacValue(fields[3]).split(/\]\s*\[/)) addUnique(entity.programmes, programme.replaceAll(/[[\]]/g, ''));
  const title = ofacValue(fields[4]);
  if (title) entity.positions = [title];
  readVesselColumns(entity, fields);
  return entity;
}

function addOfacName(entity: WatchlistEntity, printed: string, type: 'primary' | 'aka' | 'fka'): void {
  if (entity.type !== 'person') {
    addName(entity, printed, type);
    return;
  }
  const { full, given, family } = splitSurnameFirst(printed);
  addName(entity, full, type, { ...(given ? { given } : {}), ...(family ? { family } : {}) });
}

function readVesselColumns(entity: WatchlistEntity, fields: readonly string[]): void {
  const [callSign, vesselType, tonnage, grt, flag, owner] = [5, 6, 7, 8, 9, 10].map((index) => ofacValue(fields[index]));
  if (!(callSign || vesselType || tonnage || grt || flag || owner)) return;
  const flagCode = flag ? countryCode(flag) : undefined;
  entity.vessel = {
    ...(callSign ? { callSign } : {}),
    ...(vesselType ? { vesselType } : {}),
    ...(tonnage ? { tonnage } : {}),
    ...(grt ? { grossRegisteredTonnage: grt } : {}),
    ...(flagCode ? { flag: flagCode } : {}),
    ...(owner ? { owner } : {}),
  };
  if (callSign) entity.identifiers.push({ type: 'call-sign', value: callSign });
  if (owner) entity.associates.push({ name: owner, relationship: 'owner' });
}

const ALIAS_TYPES: Readonly<Record<string, 'aka' | 'fka'>> = { aka: 'aka', fka: 'fka', nka: 'aka' };

async function readAliases(source: ListSource, file: string, entities: ReadonlyMap<string, WatchlistEntity>): Promise<ImportWarning[]> {
  const context = new ImportContext(file);
  for await (const { fields, line } of readOfacRows(source, file)) {
    const id = ofacValue(fields[0]);
    const entity = entities.get(id);
    if (!entity) {
      context.warn(line, `alias for unknown ent_num ${id} ignored`);
      continue;
    }
    const kind = ofacValue(fields[2]).toLowerCase().replaceAll('.', '');
    const name = ofacValue(fields[3]);
    if (!name) {
      context.warn(line, `empty alias for ent_num ${id} ignored`);
      continue;
    }
    addOfacName(entity, name, ALIAS_TYPES[kind] ?? 'aka');
  }
  return context.warnings;
}

async function readAddresses(source: ListSource, file: string, entities: ReadonlyMap<string, WatchlistEntity>): Promise<ImportWarning[]> {
  const context = new ImportContext(file);
  for await (const { fields, line } of readOfacRows(source, file)) {
    const id = ofacValue(fields[0]);
    const entity = entities.get(id);
    if (!entity) {
      context.warn(line, `address for unknown ent_num ${id} ignored`);
      continue;
    }
    const [street, city, rawCountry, note] = [2, 3, 4, 5].map((index) => ofacValue(fields[index]));
    const country = /^(?:undetermined|unknown)$/i.test(rawCountry ?? '') ? '' : rawCountry;
    const full = [street, city, country].filter(Boolean).join(', ');
    if (!full) continue;
    addAddress(entity, full, country ?? '', context, line, city);
    if (note && !entity.remarks?.includes(note)) entity.remarks = [entity.remarks, note].filter(Boolean).join('; ');
  }
  return context.warnings;
}

/** 'Linked To: LAZARUS GROUP' names another entry; link it when exactly one entry bears that primary name. */
function linkAssociates(entities: ReadonlyMap<string, WatchlistEntity>): void {
  const byName = new Map<string, string | null>();
  for (const entity of entities.values()) {
    const primary = entity.names.find((name) => name.type === 'primary');
    if (!primary) continue;
    // Persons are linked by the surname-first form OFAC prints.
    const printed = primary.family && primary.given ? `${primary.family}, ${primary.given}` : primary.full;
    for (const key of new Set([primary.full.toUpperCase(), printed.toUpperCase()])) byName.set(key, byName.has(key) ? null : entity.id);
  }
  for (const entity of entities.values()) {
    for (const associate of entity.associates) {
      const id = byName.get(associate.name.toUpperCase());
      if (id && id !== entity.id) associate.entityId = id;
    }
  }
}
