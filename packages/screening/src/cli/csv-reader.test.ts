import { describe, expect, it } from 'vitest';
import { parseCsv, parseCsvRecords } from './csv-reader';

describe('CSV reader', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('a,"b, c","say ""hi""","two\nlines"\r\nx,y,,z\n')).toEqual([
      ['a', 'b, c', 'say "hi"', 'two\nlines'],
      ['x', 'y', '', 'z'],
    ]);
  });

  it('keys records by the header, ignoring a byte-order mark, case and blank lines', () => {
    expect(parseCsvRecords('\uFEFFName,DOB\nAli Khan,1970\n\n')).toEqual([{ name: 'Ali Khan', dob: '1970' }]);
  });
});
