import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, formatCsv, parseCsv, readCsvRecords } from './csv';

const parseUnclosed = () => parseCsv('a,b\n1,"open\n');

describe('CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and the line each row starts on', () => {
    const rows = parseCsv('\uFEFFcode,title\r\nPK,"Pakistan, Islamic Republic"\r\nXX,"Say ""hi""\nthen go"\nAF,Afghanistan\n');
    expect(rows).toEqual([
      { line: 1, cells: ['code', 'title'] },
      { line: 2, cells: ['PK', 'Pakistan, Islamic Republic'] },
      { line: 3, cells: ['XX', 'Say "hi"\nthen go'] },
      { line: 5, cells: ['AF', 'Afghanistan'] },
    ]);
  });

  it('skips blank lines but keeps counting them', () => {
    expect(parseCsv('a\n\nb\n').map((row) => row.line)).toEqual([1, 3]);
  });

  it('refuses a quoted field that is never closed, naming its line', () => {
    expect(parseUnclosed).toThrow(CsvSyntaxError);
    expect(parseUnclosed).toThrow(expect.objectContaining({ line: 2 }));
  });

  it('writes text a spreadsheet would run as a formula with an apostrophe, and reads it back as it was', () => {
    const csv = formatCsv(['code', 'title', 'score'], [{ code: '=HYPERLINK("x")', title: '-ok', score: -5 }]);
    expect(csv).toBe('"code","title","score"\r\n"\'=HYPERLINK(""x"")","\'-ok","-5"\r\n');
    expect(parseCsv(csv)[1]?.cells).toEqual(['=HYPERLINK("x")', '-ok', '-5']);
  });

  it('quotes every cell, so a locale that splits on semicolons cannot turn part of a cell into a formula', () => {
    const csv = formatCsv(['country'], [{ country: "Fiji;=cmd|'/C calc'!A0;" }]);
    const [, row] = csv.split('\r\n');
    expect(row).toBe('"Fiji;=cmd|\'/C calc\'!A0;"');
    // Split as such a spreadsheet would: inside quotes the semicolons are text, so no cell starts with '='.
    expect(row?.startsWith('"')).toBe(true);
    expect(parseCsv(csv)[1]?.cells).toEqual(["Fiji;=cmd|'/C calc'!A0;"]);
  });

  it('maps columns by header name whatever their order or case, and reports missing ones', () => {
    const { records, missingColumns } = readCsvRecords('Title , CODE,extra\nPakistan,PK,1\n', ['code', 'title', 'score']);
    expect(records).toEqual([{ line: 2, values: { title: 'Pakistan', code: 'PK' } }]);
    expect(missingColumns).toEqual(['score']);
  });
});
