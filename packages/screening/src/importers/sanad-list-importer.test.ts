import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { entityById, importFixture, nameList } from './import-test-helpers';
import { importList } from './list-importer';
import { sourceFromFiles } from './list-source';

async function workbookBytes(rows: (string | number | Date)[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Black list');
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe("Sanad's own list format (CSV and XLSX)", () => {
  it('reads a black-list CSV into blackList hits keyed by the firm’s id', async () => {
    const result = await importFixture('csv', 'sanad-list/black-list.csv');
    expect(result.list).toBe('sanad-list');
    expect(result.delta).toBeUndefined();
    expect(result.entities.map((entity) => [entity.id, entity.type, entity.hitType])).toEqual([
      ['BL-001', 'person', 'blackList'],
      ['BL-002', 'organisation', 'enforcement'],
      ['BL-003', 'person', 'pep'],
    ]);
  });

  it('reads every documented column of a person', async () => {
    const person = entityById(await importFixture('csv', 'sanad-list/black-list.csv'), 'BL-001');
    expect(nameList(person)).toEqual([
      ['Muhammad Asif Khan', 'primary'],
      ['M. Asif Khan', 'aka'],
      ['Mohammed Asif Khan', 'aka'],
      ['Asif Bhai', 'weak'],
    ]);
    expect(person.names[0]).toMatchObject({ given: 'Muhammad Asif', family: 'Khan' });
    expect(person.birthDates).toEqual([
      { quality: 'exact', from: { year: 1980, month: 5, day: 14 }, text: '1980-05-14' },
      { quality: 'approximate', from: { year: 1981 }, text: 'circa 1981' },
    ]);
    expect(person.gender).toBe('male');
    expect(person.countries).toEqual([
      { code: 'PK', role: 'nationality' },
      { code: 'PK', role: 'residence' },
    ]);
    expect(person.identifiers).toEqual([
      { type: 'passport', value: 'AB1234567', country: 'PK' },
      { type: 'national-id', value: '17301-1234567-1' },
    ]);
    expect(person.fatherNames).toEqual(['Abdul Rauf Khan']);
    expect(person.addresses).toEqual([{ full: 'House 12, Street 4, Peshawar, Pakistan', country: 'PK' }]);
    expect(person.associates).toEqual([{ name: 'Sajid Khan', relationship: 'brother' }]);
    expect(person.programmes).toEqual(['Fraudulent account opening']);
    expect(person.listedOn).toBe('2024-03-01');
    expect(person.remarks).toBe('Opened accounts with forged documents.');
  });

  it('warns about unknown columns and countries without refusing the file', async () => {
    const result = await importFixture('csv', 'sanad-list/black-list.csv');
    expect(result.warnings).toEqual([
      { file: 'black-list.csv', row: 1, reason: "unknown column 'branch' ignored" },
      { file: 'black-list.csv', row: 4, reason: "unknown country 'Atlantis' kept as written" },
    ]);
  });

  it('reads a delta list of add, change and delete rows', async () => {
    const result = await importFixture('csv', 'sanad-list/delta.csv');
    expect(result.delta).toEqual({ added: ['BL-004'], changed: ['BL-002'], deleted: ['BL-003'] });
    expect(result.entities.map((entity) => entity.names[0]?.full)).toEqual(['Kamran Ali', 'Quick Cash Exchange LLC']);
  });

  it('applies a change row to the current entry: only the cells it fills in change', async () => {
    const full = await importFixture('csv', 'sanad-list/black-list.csv');
    const current = new Map(full.entities.map((entity) => [entity.id, entity]));
    const result = await importFixture('csv', 'sanad-list/delta.csv', { current });
    const changed = entityById(result, 'BL-002');
    expect(changed).toMatchObject({ type: 'organisation', hitType: 'enforcement', listedOn: '2023-02-01' });
    expect(nameList(changed)).toEqual([
      ['Quick Cash Exchange LLC', 'primary'],
      ['QCE', 'aka'],
    ]);
    expect(changed.countries).toEqual(current.get('BL-002')?.countries);
    expect(changed.identifiers).toEqual(current.get('BL-002')?.identifiers);
    expect(entityById(result, 'BL-004').names[0]?.full).toBe('Kamran Ali');
  });

  it('changes a person into an organisation with the role of its countries, and keeps a field whose cell it cannot read', async () => {
    const current = new Map((await importFixture('csv', 'sanad-list/black-list.csv')).entities.map((entity) => [entity.id, entity]));
    const csv = 'action,id,name,type,country,dob\nchange,BL-001,,organisation,AE,someday\n';
    const result = await importList('csv', sourceFromFiles({ 'd.csv': csv }), { current });
    const changed = entityById(result, 'BL-001');
    expect(changed.type).toBe('organisation');
    expect(changed.countries).toEqual([
      { code: 'PK', role: 'nationality' },
      { code: 'AE', role: 'other' },
    ]);
    expect(changed.birthDates).toEqual(current.get('BL-001')?.birthDates);
    expect(result.warnings.map((warning) => warning.reason)).toEqual([expect.stringMatching(/someday/)]);
  });

  it('refuses a change to an id the list lacks, naming the row', async () => {
    const current = new Map((await importFixture('csv', 'sanad-list/black-list.csv')).entities.map((entity) => [entity.id, entity]));
    const csv = 'action,id,name\nadd,N-1,New Person\nchange,BL-999,Someone Else\n';
    await expect(importList('csv', sourceFromFiles({ 'd.csv': csv }), { current })).rejects.toMatchObject({
      row: 3,
      reason: 'there is no entry BL-999 to change (use the action add for a new entry)',
    });
  });

  it('reads the same columns from the first worksheet of an XLSX workbook', async () => {
    const bytes = await workbookBytes([
      ['ID', 'Full Name', 'Date of Birth', 'Nationality', 'Hit Type'],
      ['X-1', 'Zainab Bibi', new Date(Date.UTC(1985, 6, 9)), 'PAK', 'sanction'],
      ['X-2', 'Harbour Traders', '', '', ''],
    ]);
    const result = await importList('csv', sourceFromFiles({ 'list.xlsx': bytes }));
    expect(result.entities.map((entity) => [entity.id, entity.names[0]?.full, entity.hitType])).toEqual([
      ['X-1', 'Zainab Bibi', 'sanction'],
      ['X-2', 'Harbour Traders', 'blackList'],
    ]);
    expect(entityById(result, 'X-1').birthDates[0]?.from).toEqual({ year: 1985, month: 7, day: 9 });
    expect(entityById(result, 'X-1').countries).toEqual([{ code: 'PK', role: 'nationality' }]);
  });

  it('names the Excel row of a refused record', async () => {
    const bytes = await workbookBytes([
      ['id', 'name'],
      ['X-1', 'Zainab Bibi'],
      ['X-2', ''],
    ]);
    await expect(importList('csv', sourceFromFiles({ 'list.xlsx': bytes }))).rejects.toMatchObject({
      row: 3,
      reason: 'record X-2 has no name',
    });
  });

  it('refuses a file without the required columns, a repeated id and an unknown action', async () => {
    await expect(importList('csv', sourceFromFiles({ 'l.csv': 'name\nA\n' }))).rejects.toMatchObject({
      row: 1,
      reason: 'no id column in the header',
    });
    await expect(importList('csv', sourceFromFiles({ 'l.csv': 'id,name\n1,A\n1,B\n' }))).rejects.toMatchObject({
      row: 3,
      reason: 'id 1 appears twice',
    });
    await expect(importList('csv', sourceFromFiles({ 'l.csv': 'action,id,name\ndelete,1,\nadd,1,\n' }))).rejects.toMatchObject({
      row: 3,
      reason: 'id 1 appears twice',
    });
    await expect(importList('csv', sourceFromFiles({ 'l.csv': 'action,id,name\npurge,1,A\n' }))).rejects.toMatchObject({
      row: 2,
      reason: "unknown action 'purge'",
    });
  });

  it('refuses a workbook that is not a readable XLSX file', async () => {
    await expect(importList('csv', sourceFromFiles({ 'l.xlsx': new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]) }))).rejects.toThrow(
      /not a readable XLSX workbook/,
    );
  });
});
