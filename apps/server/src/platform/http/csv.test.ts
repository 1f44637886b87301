import { describe, expect, it } from 'vitest';
import { formatCsv, readCsvRecords } from './csv';

describe('uploaded tables', () => {
  it('maps columns by header name whatever their order or case, and reports missing ones', () => {
    const { records, missingColumns } = readCsvRecords('Title , CODE,extra\nPakistan,PK,1\n', ['code', 'title', 'score']);
    expect(records).toEqual([{ line: 2, values: { title: 'Pakistan', code: 'PK' } }]);
    expect(missingColumns).toEqual(['score']);
  });

  it('reads an export back as it was, formula-like text included', () => {
    const csv = formatCsv(['code', 'title', 'score'], [{ code: '=HYPERLINK("x")', title: '-ok', score: -5 }]);
    expect(readCsvRecords(csv, ['code', 'title', 'score']).records[0]?.values).toEqual({
      code: '=HYPERLINK("x")',
      title: '-ok',
      score: '-5',
    });
  });
});
