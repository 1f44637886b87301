import type { NameType, WatchlistEntity } from '../model';
import { cell, indexHeaders, normalizeHeader, readCsvRows } from './csv-reader';
import { toIsoDate } from './date-parser';
import { addIdentifier, addPositions, addUnique, cleanText, extractFatherNames, type ImportContext } from './entity-builder';
import type { ImportOptions, ListImportResult } from './import-result';
import { ListImportRun } from './list-import-run';
import { type ListSource, pickSingleFile } from './list-source';
import { decodeText } from './text-decoding';
import { addDocumentText, splitEnumerated } from './uk-field-parser';
import { addUkAddress, addUkBirthAndNationality, addUkName, groupUkRow, type UkCell } from './uk-row-reader';

/**
 * Imports the UK OFSI consolidated list CSV (ConList.csv, 2020 layout): one row per name variant,
 * grouped into one entity by Group ID; columns are found by header name. A file whose header row
 * has one more (empty) leading cell than its data rows, as the shared excerpt has, is read with
 * that cell dropped. Fatal: no header with Name 6 and Group ID, a row without Group ID or name,
 * an unknown Group Type. Warnings: unknown countries, unreadable dates.
 */
export async function importUkOfsi(source: ListSource, options: ImportOptions = {}): Promise<ListImportResult> {
  const file = pickSingleFile(source, /\.csv$/i);
  const run = new ListImportRun('uk-ofsi', file, options);
  let header: string[] | undefined;
  let headers = new Map<string, number>();

  for await (const row of readCsvRows(decodeText(await source.readFile(file)), { file })) {
    if (!header) {
      const keys = row.fields.map(normalizeHeader);
      if (keys[0] === 'lastupdated' && !keys.includes('groupid')) run.asOf ??= toIsoDate(row.fields[1] ?? '');
      if (keys.includes('name6') && keys.includes('groupid')) {
        header = row.fields;
        headers = indexHeaders(header);
      }
      continue;
    }
    const fields = header[0]?.trim() === '' && row.fields.length === header.length - 1 ? ['', ...row.fields] : row.fields;
    const rowHeaders = headers;
    const get: UkCell = (name) => cell(fields, rowHeaders, name);
    readRow(groupUkRow(run, get, 'Group ID', 'Group Type', row.line), get, run.context, row.line);
  }
  if (!header) run.context.fail(null, 'no header row with Name 6 and Group ID');
  return run.result();
}

function nameType(aliasType: string, quality: string): NameType {
  if (/low/i.test(quality)) return 'weak';
  if (/^(?:prime alias|primary name)$/i.test(aliasType)) return 'primary';
  return /fka|formerly/i.test(aliasType) ? 'fka' : 'aka';
}

function readRow(entity: WatchlistEntity, get: UkCell, context: ImportContext, line: number): void {
  addUkName(entity, get, nameType(get('Alias Type'), get('Alias Quality')), 'Group ID', context, line);

  const birthColumns = { dates: 'DOB', towns: 'Town of Birth', countries: 'Country of Birth', nationalities: 'Nationality' };
  addUkBirthAndNationality(entity, get, splitEnumerated, birthColumns, context, line);
  addDocumentText(entity, get('Passport Details'), 'passport');
  addDocumentText(entity, get('NI Number'), 'national-id');
  addPositions(entity, [...splitEnumerated(get('Position')), get('Title')]);
  const addressLines = ['Address 1', 'Address 2', 'Address 3', 'Address 4', 'Address 5', 'Address 6', 'Post/Zip Code'];
  addUkAddress(entity, addressLines.map(get), get('Country'), context, line);
  addUnique(entity.programmes, get('Regime'));

  const listedOn = toIsoDate(get('Listed On'));
  if (listedOn && (!entity.listedOn || listedOn < entity.listedOn)) entity.listedOn = listedOn;
  const updated = toIsoDate(get('Last Updated'));
  if (updated && (!entity.updatedOn || updated > entity.updatedOn)) entity.updatedOn = updated;
  const other = cleanText(get('Other Information'));
  if (other && !entity.remarks) {
    entity.remarks = other;
    for (const father of extractFatherNames(other)) addUnique(entity.fatherNames, father);
    const imo = /\bIMO:?\s*(\d{7})\b/.exec(other)?.[1];
    if (imo) {
      addIdentifier(entity, { type: 'imo', value: imo });
      if (entity.type === 'vessel') entity.vessel = { ...entity.vessel, imo };
    }
  }
}
