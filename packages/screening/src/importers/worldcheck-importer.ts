import type { EntityType, WatchlistEntity } from '../model';
import { resolveCountry } from './country-resolver';
import { cell, indexHeaders, normalizeHeader, readCsvRows } from './csv-reader';
import { toIsoDate } from './date-parser';
import {
  addBirthDate,
  addCountry,
  addIdentifier,
  addName,
  addPositions,
  addUnique,
  cleanText,
  createEntity,
  extractFatherNames,
  ImportContext,
} from './entity-builder';
import type { ImportOptions, ListImportResult, ReferenceLists } from './import-result';
import { readLines, readTextChunks } from './line-reader';
import { ListImportRun } from './list-import-run';
import { type ListSource, pickSingleFile } from './list-source';
import { worldCheckCategoryCode, worldCheckHitType } from './worldcheck-categories';

type Getter = (name: string) => string;

/**
 * Imports a Refinitiv World-Check CSV (tab- or comma-separated, found from the header line).
 * Columns are read by header name because feeds disagree on their order. Multi-valued cells are
 * ';'-separated; LOCATIONS entries are '~'-separated parts. Reference lists for the World-Check
 * screening-data pages (category, sub-category, deceased, location, EIType, keyword,
 * update-category, pep-status) are the distinct values the file holds. Fatal: no UID or LAST
 * NAME column, a row without UID or name, a repeated UID. Warnings: unknown countries,
 * unreadable dates, links to UIDs not in the file.
 */
export async function importWorldCheck(source: ListSource, options: ImportOptions = {}): Promise<ListImportResult> {
  const file = pickSingleFile(source, /\.(csv|tsv|txt)$/i);
  const run = new ListImportRun('worldcheck', file, options);
  const context: ImportContext = run.context;
  const delimiter = await sniffDelimiter(source, file);
  const references = new Map<string, Set<string>>();
  const links: { entity: WatchlistEntity; uid: string; line: number }[] = [];
  let headers: Map<string, number> | undefined;

  const text = readTextChunks(source.openStream(file));
  for await (const { fields, line } of readCsvRows(text, { delimiter, file, isQuoteRelaxed: true })) {
    if (!headers) {
      const keys = fields.map(normalizeHeader);
      if (!keys.includes('uid') || !keys.includes('lastname')) context.fail(line, 'no UID and LAST NAME columns in the header');
      headers = indexHeaders(fields);
      continue;
    }
    const known = headers;
    const get: Getter = (name) => cell(fields, known, name);
    const entity = readRow(get, run.list, context, line);
    run.addRecord(entity, line, 'UID');
    for (const uid of splitList(get('LINKED TO'))) links.push({ entity, uid, line });
    collectReferences(references, get);
  }
  if (!headers) context.fail(null, 'empty file');

  for (const { entity, uid, line } of links) {
    const linked = run.findEntity(uid);
    if (!linked) context.warn(line, `link to UID ${uid}, which is not in the file`);
    entity.associates.push({
      name: linked?.names[0]?.full ?? `UID ${uid}`,
      relationship: 'linked to',
      ...(linked ? { entityId: uid } : {}),
    });
  }
  const { warnings, ...imported } = run.result();
  return { ...imported, references: toReferenceLists(references), warnings };
}

async function sniffDelimiter(source: ListSource, file: string): Promise<string> {
  for await (const { text } of readLines(source.openStream(file))) {
    return (text.match(/\t/g)?.length ?? 0) > (text.match(/,/g)?.length ?? 0) ? '\t' : ',';
  }
  return ',';
}

function splitList(text: string): string[] {
  return text.split(';').map(cleanText).filter(Boolean);
}

function readRow(get: Getter, list: string, context: ImportContext, line: number): WatchlistEntity {
  const id = get('UID');
  if (!id) context.fail(line, 'row without UID');
  const categories = splitList(get('CATEGORY'));
  const subCategories = splitList(get('SUB-CATEGORY'));
  const keywords = splitList(get('KEYWORDS'));
  const entity = createEntity(id, list, entityType(get('E/I'), categories), worldCheckHitType(categories, subCategories, keywords));
  const [given, family] = [get('FIRST NAME'), get('LAST NAME')];
  const parts = entity.type === 'person' ? { given, family } : {};
  if (!addName(entity, [given, family].filter(Boolean).join(' '), 'primary', parts)) context.fail(line, `UID ${id} has no name`);
  for (const alias of [...splitList(get('ALIASES')), ...splitList(get('ALTERNATIVE SPELLING'))]) addName(entity, alias, 'aka');
  for (const alias of splitList(get('LOW QUALITY ALIASES'))) addName(entity, alias, 'weak');

  for (const category of [...categories, ...subCategories]) addUnique(entity.categories, category);
  for (const keyword of keywords) addUnique(entity.programmes, keyword);
  addPositions(entity, [...splitList(get('POSITION')), ...splitList(get('TITLE'))]);
  for (const dob of splitList(get('DOB'))) addBirthDate(entity, dob, context, line);
  for (const place of splitList(get('PLACE OF BIRTH'))) addUnique(entity.birthPlaces, place);
  if (get('DECEASED')) entity.deceased = true;
  for (const passport of splitList(get('PASSPORTS'))) addIdentifier(entity, { type: 'passport', value: passport });
  for (const ssn of splitList(get('SSN'))) addIdentifier(entity, { type: 'ssn', value: ssn });
  for (const number of splitList(get('IDENTIFICATION NUMBERS'))) addIdentifier(entity, { type: 'national-id', value: number });
  for (const country of splitList(get('CITIZENSHIP'))) addCountry(entity, country, 'citizenship', context, line);
  for (const country of splitList(get('COUNTRIES'))) addCountry(entity, country, 'other', context, line);
  for (const location of splitList(get('LOCATIONS'))) readLocation(entity, location);
  for (const company of splitList(get('COMPANIES'))) entity.associates.push({ name: company, relationship: 'company' });
  const pepStatus = get('PEP STATUS');
  if (pepStatus) entity.recordStatus = pepStatus;
  const remarks = cleanText(get('FURTHER INFORMATION'));
  if (remarks) {
    entity.remarks = remarks;
    entity.fatherNames.push(...extractFatherNames(remarks));
  }
  const entered = toIsoDate(get('ENTERED'));
  if (entered) entity.listedOn = entered;
  const updated = toIsoDate(get('UPDATED'));
  if (updated) entity.updatedOn = updated;
  return entity;
}

function entityType(eiType: string, categories: readonly string[]): EntityType {
  if (eiType.trim().toUpperCase() === 'I') return 'person';
  return categories.some((category) => /vessel/i.test(category)) ? 'vessel' : 'organisation';
}

/** 'LONDON~GREATER LONDON~UNITED KINGDOM': the parts as an address, the country from whichever part names one. */
function readLocation(entity: WatchlistEntity, location: string): void {
  const parts = location.split('~').map(cleanText).filter(Boolean);
  if (parts.length === 0) return;
  const country = parts.map((part) => resolveCountry(part)).find((code) => code !== undefined);
  const full = parts.join(', ');
  if (!entity.addresses.some((address) => address.full === full)) entity.addresses.push({ full, ...(country ? { country } : {}) });
  const role = entity.type === 'person' ? 'residence' : 'other';
  if (country && !entity.countries.some((known) => known.code === country && known.role === role))
    entity.countries.push({ code: country, role });
}

const REFERENCE_COLUMNS: readonly (readonly [string, string, boolean])[] = [
  ['category', 'CATEGORY', true],
  ['sub-category', 'SUB-CATEGORY', true],
  ['deceased', 'DECEASED', false],
  ['location', 'LOCATIONS', true],
  ['EIType', 'E/I', false],
  ['keyword', 'KEYWORDS', true],
  ['update-category', 'UPDATED CATEGORY', true],
  ['pep-status', 'PEP STATUS', false],
];

function collectReferences(references: Map<string, Set<string>>, get: Getter): void {
  for (const [key, column, isList] of REFERENCE_COLUMNS) {
    const values = isList ? splitList(get(column)) : [cleanText(get(column))].filter(Boolean);
    if (values.length === 0) continue;
    let set = references.get(key);
    if (!set) references.set(key, (set = new Set()));
    for (const value of values) set.add(key === 'deceased' ? 'Deceased' : value);
  }
}

function toReferenceLists(references: ReadonlyMap<string, ReadonlySet<string>>): ReferenceLists {
  const lists: ReferenceLists = {};
  for (const [key, values] of references) {
    lists[key] = [...values]
      .toSorted()
      .map((name) => ({ code: (key === 'category' ? worldCheckCategoryCode(name) : undefined) ?? name, name }));
  }
  return lists;
}
