import { describe, expect, it } from 'vitest';
import { entityById, importFixture, nameList } from './import-test-helpers';
import { importList } from './list-importer';
import { sourceFromFiles } from './list-source';

const importPremium = () => importFixture('worldcheck', 'worldcheck/premium.tsv');

describe('World-Check CSV importer', () => {
  it('keys records by UID and tells individuals, entities and vessels apart', async () => {
    const result = await importPremium();
    expect(result.entities.map((entity) => [entity.id, entity.type])).toEqual([
      ['1001', 'person'],
      ['1002', 'person'],
      ['1003', 'person'],
      ['1004', 'organisation'],
      ['1005', 'vessel'],
    ]);
  });

  it('maps categories, sub-categories and keywords to hit types', async () => {
    const result = await importPremium();
    expect(result.entities.map((entity) => entity.hitType)).toEqual(['pep', 'pep', 'sanction', 'enforcement', 'sanction']);
    expect(entityById(result, '1001').categories).toEqual(['POLITICAL INDIVIDUAL', 'PEP National Government']);
    expect(entityById(result, '1003').programmes).toEqual(['OFAC', 'UN']);
  });

  it('reads names, aliases, low-quality aliases and alternative spellings', async () => {
    const result = await importPremium();
    expect(nameList(entityById(result, '1001'))).toEqual([
      ['Imran Ahmed KHAN', 'primary'],
      ['KHAN, Imran', 'aka'],
      ['Imran Ahmad KHAN', 'aka'],
      ['Imraan Ahmed KHAN', 'aka'],
    ]);
    expect(nameList(entityById(result, '1003'))).toEqual([
      ['Abdul RAHMAN', 'primary'],
      ['ABU AHMED', 'aka'],
      ['ABU A', 'weak'],
    ]);
  });

  it('reads dates of birth, documents, locations, citizenship, position and father’s name', async () => {
    const person = entityById(await importPremium(), '1001');
    expect(person.birthDates).toEqual([{ quality: 'exact', from: { year: 1961, month: 3, day: 14 }, text: '1961/03/14' }]);
    expect(person.identifiers).toEqual([
      { type: 'passport', value: 'AB1234567' },
      { type: 'national-id', value: '35202-1234567-1' },
    ]);
    expect(person.addresses).toEqual([{ full: 'LAHORE, PUNJAB, PAKISTAN', country: 'PK' }]);
    expect(person.countries).toEqual([
      { code: 'PK', role: 'citizenship' },
      { code: 'PK', role: 'other' },
      { code: 'PK', role: 'residence' },
    ]);
    expect(person.positions).toEqual(['Federal Minister of Example Affairs']);
    expect(person.fatherNames).toEqual(['Ahmed Khan']);
    expect(person.listedOn).toBe('2018-08-20');
    expect(person.updatedOn).toBe('2024-01-05');
  });

  it('links LINKED TO UIDs as associates and warns about a UID not in the file', async () => {
    const result = await importPremium();
    expect(entityById(result, '1001').associates).toEqual([
      { name: 'Sara KHAN', relationship: 'linked to', entityId: '1002' },
      { name: 'UID 1009', relationship: 'linked to' },
    ]);
    expect(result.warnings).toEqual([{ file: 'premium.tsv', row: 2, reason: 'link to UID 1009, which is not in the file' }]);
  });

  it('returns the reference lists the World-Check screening-data pages show', async () => {
    const { references } = await importPremium();
    expect(references?.category).toEqual([
      { code: '4', name: 'CORPORATE' },
      { code: '25', name: 'CRIME - TERROR' },
      { code: '13', name: 'EMBARGO VESSEL' },
      { code: '14', name: 'INDIVIDUAL' },
      { code: '18', name: 'POLITICAL INDIVIDUAL' },
    ]);
    expect(references?.EIType?.map((entry) => entry.code)).toEqual(['E', 'I']);
    expect(references?.keyword?.map((entry) => entry.code)).toEqual(['OFAC', 'PK-PEP', 'UN']);
    expect(references?.['sub-category']?.map((entry) => entry.name)).toContain('PEP National Government - Immediate Relative');
  });

  it('maps columns by header name, whatever their order and delimiter', async () => {
    const source = sourceFromFiles({
      'wc.csv': 'E/I,FIRST NAME,UID,LAST NAME,SUB-CATEGORY,DOB\nI,Jana,77,NOVAK,PEP Local Government,1970\n',
    });
    const result = await importList('worldcheck', source);
    expect(result.entities[0]).toMatchObject({ id: '77', hitType: 'pep', names: [{ full: 'Jana NOVAK', type: 'primary' }] });
  });

  it('refuses a repeated UID and a file without the UID column', async () => {
    const repeated = sourceFromFiles({ 'wc.csv': 'UID,LAST NAME\n1,A\n1,B\n' });
    await expect(importList('worldcheck', repeated)).rejects.toMatchObject({ row: 3, reason: 'UID 1 appears twice' });
    await expect(importList('worldcheck', sourceFromFiles({ 'wc.csv': 'NAME\nA\n' }))).rejects.toThrow('no UID and LAST NAME columns');
  });
});
