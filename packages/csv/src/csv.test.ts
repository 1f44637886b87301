import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, formatCsv, parseCsv, parseCsvRecords, readCsvRows } from './csv';

const parseUnclosed = () => parseCsv('a,b\n1,"open\n');

async function* chunks(text: string, size: number): AsyncGenerator<string> {
  for (let index = 0; index < text.length; index += size) yield text.slice(index, index + size);
}

describe('reading CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and the line each row starts on', () => {
    const rows = parseCsv('\uFEFFcode,title\r\nPK,"Pakistan, Islamic Republic"\r\nXX,"Say ""hi""\nthen go"\nAF,Afghanistan\n');
    expect(rows).toEqual([
      { line: 1, fields: ['code', 'title'] },
      { line: 2, fields: ['PK', 'Pakistan, Islamic Republic'] },
      { line: 3, fields: ['XX', 'Say "hi"\nthen go'] },
      { line: 5, fields: ['AF', 'Afghanistan'] },
    ]);
  });

  it('skips blank lines, and records of blanks or the DOS end-of-file mark, but keeps counting lines', () => {
    expect(parseCsv('a\n\nb\n , \n\u001a\n').map((row) => row.line)).toEqual([1, 3]);
  });

  it('reads a stream in chunks exactly as the same text whole', async () => {
    const text = 'name,alias\n"Khan, Ali","A ""K"""\r\n\nSmith,\n';
    const streamed: unknown[] = [];
    for await (const row of readCsvRows(chunks(text, 3))) streamed.push(row);
    expect(streamed).toEqual(parseCsv(text));
  });

  it('reads another delimiter, and stray quotes when told the file does not escape them', () => {
    expect(parseCsv('a;b\n1;2\n', { delimiter: ';' })[1]?.fields).toEqual(['1', '2']);
    expect(parseCsv('name\nO"Brien\n', { isQuoteRelaxed: true })[1]?.fields).toEqual(['O"Brien']);
  });

  it('refuses a quoted field that is never closed, or a quote inside a field, naming the line', () => {
    expect(parseUnclosed).toThrow(CsvSyntaxError);
    expect(parseUnclosed).toThrow(expect.objectContaining({ line: 2, message: 'A quoted field is not closed' }));
    expect(() => parseCsv('a\nx"y"\n')).toThrow(expect.objectContaining({ line: 2, message: 'A quote may only start a field' }));
  });

  it('keys records by the header, ignoring a byte-order mark, case and blank lines', () => {
    expect(parseCsvRecords('\uFEFFName,DOB\nAli Khan,1970\n\n')).toEqual([{ name: 'Ali Khan', dob: '1970' }]);
  });
});

describe('writing CSV', () => {
  it('writes text a spreadsheet would run as a formula with an apostrophe; numbers keep their sign', () => {
    const csv = formatCsv(['code', 'title', 'score'], [{ code: '=HYPERLINK("x")', title: '-ok', score: -5 }]);
    expect(csv).toBe('"code","title","score"\r\n"\'=HYPERLINK(""x"")","\'-ok","-5"\r\n');
  });

  it('quotes every cell, so a locale that splits on semicolons cannot turn part of a cell into a formula', () => {
    const csv = formatCsv(['country'], [{ country: "Fiji;=cmd|'/C calc'!A0;" }]);
    expect(csv.split('\r\n')[1]).toBe('"Fiji;=cmd|\'/C calc\'!A0;"');
    expect(parseCsv(csv)[1]?.fields).toEqual(["Fiji;=cmd|'/C calc'!A0;"]);
  });

  it('writes null and undefined as empty cells', () => {
    expect(formatCsv(['a', 'b'], [{ a: null }])).toBe('"a","b"\r\n"",""\r\n');
  });
});
