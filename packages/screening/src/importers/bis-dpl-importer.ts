import type { WatchlistEntity } from '../model';
import { cell, indexHeaders, readCsvRows } from './csv-reader';
import { toIsoDate } from './date-parser';
import { resolveCountry } from './country-resolver';
import { addName, addUnique, cleanText, createEntity, ImportContext } from './entity-builder';
import type { ImportOptions, ListImportResult } from './import-result';
import { type ListSource, pickSingleFile } from './list-source';
import { looksLikeOrganisation } from './organisation-detector';
import { deriveStableId } from './stable-id';
import { decodeText } from './text-decoding';

const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI AS MP'.split(
    ' ',
  ),
);

/**
 * Imports the US BIS Denied Persons List (tab-separated, one row per name and address). The list
 * prints no id: rows of the same name under the same order (effective date) are one entity, keyed
 * by a stable hash of both. It does not say who is a person either: names with a legal form or
 * trade word are organisations (organisation-detector.ts). Every entry is an 'enforcement' hit.
 * Fatal: no Name column, a row without a name. Warnings: unknown countries, unreadable dates.
 */
export async function importBisDpl(source: ListSource, options: ImportOptions = {}): Promise<ListImportResult> {
  const file = pickSingleFile(source, /\.(txt|tsv|csv)$/i);
  const context: ImportContext = new ImportContext(file);
  const list = options.list ?? 'bis-dpl';
  const entities = new Map<string, WatchlistEntity>();
  let headers: Map<string, number> | undefined;

  for await (const { fields, line } of readCsvRows(decodeText(await source.readFile(file)), { delimiter: '\t', file })) {
    if (!headers) {
      headers = indexHeaders(fields);
      if (!headers.has('name')) context.fail(line, 'no Name column in the header');
      continue;
    }
    const name = cleanText(cell(fields, headers, 'Name'));
    if (!name) context.fail(line, 'row without a name');
    const effective = cell(fields, headers, 'Effective_Date');
    const id = deriveStableId('dpl', [name, effective]);
    let entity = entities.get(id);
    if (!entity) {
      entity = createEntity(id, list, looksLikeOrganisation(name) ? 'organisation' : 'person', 'enforcement');
      addName(entity, name, 'primary');
      entity.programmes.push('DPL');
      const listedOn = toIsoDate(effective, 'mdy');
      if (listedOn) entity.listedOn = listedOn;
      else if (effective) context.warn(line, `unreadable effective date '${effective}'`);
      entities.set(id, entity);
    }
    readRow(entity, fields, headers, context, line);
  }
  if (!headers) context.fail(null, 'empty file');
  return {
    format: 'bis-dpl',
    list,
    ...(options.asOf ? { asOf: options.asOf } : {}),
    entities: [...entities.values()],
    warnings: context.warnings,
  };
}

function readRow(entity: WatchlistEntity, fields: string[], headers: Map<string, number>, context: ImportContext, line: number): void {
  const street = cell(fields, headers, 'Street_Address');
  const city = cell(fields, headers, 'City');
  const state = cell(fields, headers, 'State');
  const postal = cell(fields, headers, 'Postal_Code');
  const countryText = cell(fields, headers, 'Country') || (US_STATES.has(state.toUpperCase()) ? 'US' : '');
  // Some rows carry the US state code in the country column.
  const resolved = countryText ? (resolveCountry(countryText) ?? (US_STATES.has(countryText.toUpperCase()) ? 'US' : undefined)) : undefined;
  if (countryText && !resolved) context.warn(line, `unknown country '${countryText}' kept as written`);
  const country = resolved ?? (countryText || undefined);
  const full = [street, city, state, postal, countryText].map(cleanText).filter(Boolean).join(', ');
  if (full && !entity.addresses.some((address) => address.full === full)) {
    entity.addresses.push({ full, ...(city ? { city: cleanText(city) } : {}), ...(country ? { country } : {}) });
  }
  if (country) {
    const role = entity.type === 'person' ? 'residence' : 'other';
    if (!entity.countries.some((known) => known.code === country && known.role === role)) entity.countries.push({ code: country, role });
  }
  const updated = toIsoDate(cell(fields, headers, 'Last_Update'));
  if (updated && (!entity.updatedOn || updated > entity.updatedOn)) entity.updatedOn = updated;
  const notes = [
    cell(fields, headers, 'Expiration_Date') ? `order expires ${cell(fields, headers, 'Expiration_Date')}` : '',
    cell(fields, headers, 'Standard_Order') === 'Y' ? 'standard order' : '',
    cell(fields, headers, 'FR_Citation'),
    cell(fields, headers, 'Action'),
  ];
  const remarks = (entity.remarks ?? '').split('; ').filter(Boolean);
  for (const note of notes) addUnique(remarks, note);
  if (remarks.length > 0) entity.remarks = remarks.join('; ');
}
