import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED_LISTS_DIR } from './fixture-paths';
import { entityById, importFixture, nameList } from './import-test-helpers';
import { importList } from './list-importer';
import { sourceFromFiles, sourceFromPath } from './list-source';

describe('UK OFSI consolidated list importer', () => {
  it('groups the rows of a Group ID into one entity with every name variant and date of birth', async () => {
    const result = await importFixture('uk-ofsi', 'uk-ofsi/ConList.csv');
    expect(result.asOf).toBe('2020-01-20');
    expect(result.entities.map((entity) => [entity.id, entity.type])).toEqual([
      ['90001', 'person'],
      ['90002', 'vessel'],
      ['90003', 'organisation'],
    ]);
    const person = entityById(result, '90001');
    expect(nameList(person)).toEqual([
      ['Tariq Salim HAMDAN', 'primary'],
      ['Abu Tariq AL-HAMDANI', 'aka'],
    ]);
    expect(person.names[0]).toMatchObject({ given: 'Tariq', middle: 'Salim', family: 'HAMDAN' });
    expect(person.birthDates.map((date) => [date.quality, date.text])).toEqual([
      ['year', '00/00/1975'],
      ['exact', '01/02/1976'],
    ]);
  });

  it('splits numbered cells into nationalities, documents and positions', async () => {
    const person = entityById(await importFixture('uk-ofsi', 'uk-ofsi/ConList.csv'), '90001');
    expect(person.countries).toEqual([
      { code: 'IQ', role: 'birth' },
      { code: 'IQ', role: 'nationality' },
      { code: 'SY', role: 'nationality' },
      { code: 'SY', role: 'residence' },
    ]);
    expect(person.identifiers).toEqual([
      { type: 'passport', value: 'A1234567', country: 'IQ', note: 'A1234567 (Iraqi passport)' },
      { type: 'passport', value: 'B7654321', note: 'no: B7654321 (issued under another name)' },
    ]);
    expect(person.positions).toEqual(['Financier', 'Courier', 'Sheikh']);
    expect(person.fatherNames).toEqual(['Salim Hamdan']);
    expect(person.listedOn).toBe('2016-04-01');
    expect(person.programmes).toEqual(["The ISIL (Da'esh) and Al-Qaida organisations"]);
  });

  it('reads the IMO number of a ship from the other information', async () => {
    const ship = entityById(await importFixture('uk-ofsi', 'uk-ofsi/ConList.csv'), '90002');
    expect(ship.vessel).toEqual({ imo: '8937675' });
    expect(ship.identifiers).toEqual([{ type: 'imo', value: '8937675' }]);
  });

  it('warns about an unknown country and keeps it as written', async () => {
    const result = await importFixture('uk-ofsi', 'uk-ofsi/ConList.csv');
    expect(entityById(result, '90003').countries).toEqual([{ code: 'Atlantis', role: 'other' }]);
    expect(result.warnings).toEqual([{ file: 'ConList.csv', row: 7, reason: "unknown country 'Atlantis' kept as written" }]);
  });

  it('reads a file whose header has one more, empty, leading cell than its rows', async () => {
    const source = sourceFromFiles({ 'ConList.csv': ',Name 6,Name 1,Group Type,Alias Type,Group ID\nDOE,Jane,Individual,Prime Alias,5\n' });
    const result = await importList('uk-ofsi', source);
    expect(result.entities[0]?.names[0]?.full).toBe('Jane DOE');
  });

  it('refuses a row without a Group ID', async () => {
    const source = sourceFromFiles({ 'ConList.csv': 'Name 6,Name 1,Group Type,Alias Type,Group ID\nDOE,Jane,Individual,Prime Alias,\n' });
    await expect(importList('uk-ofsi', source)).rejects.toMatchObject({ row: 2, reason: 'row without Group ID' });
  });

  it('refuses a file without the OFSI header', async () => {
    await expect(importList('uk-ofsi', sourceFromFiles({ 'ConList.csv': 'a,b\n1,2\n' }))).rejects.toThrow(
      'no header row with Name 6 and Group ID',
    );
  });
});

describe('UK Sanctions List (FCDO) importer', () => {
  it('maps columns by header name and groups names by Unique ID', async () => {
    const result = await importFixture('uk-fcdo', 'uk-fcdo/UK_Sanctions_List.csv');
    expect(result.asOf).toBe('2026-02-13');
    const person = entityById(result, 'AFG9001');
    expect(nameList(person)).toEqual([
      ['ABDUL WAHID RAHIMI', 'primary'],
      ['عبد الواحد رحیمی', 'aka'],
      ['WAHID RAHIMI', 'weak'],
    ]);
    expect(person.gender).toBe('male');
    expect(person.birthDates.map((date) => date.text)).toEqual(['01/01/1962', '00/00/1963']);
    expect(person.identifiers).toEqual([
      { type: 'passport', value: 'OA123456', note: 'Afghan passport' },
      { type: 'national-id', value: '1234567', note: 'Tazkira' },
    ]);
    expect(person.fatherNames).toEqual(['Abdul Karim']);
    expect(person.categories).toEqual(['Asset freeze', 'Travel Ban']);
    expect(person.listedOn).toBe('2001-01-25');
  });

  it('reads ship particulars and the owner as an associate', async () => {
    const ship = entityById(await importFixture('uk-fcdo', 'uk-fcdo/UK_Sanctions_List.csv'), 'RUS9002');
    expect(ship.type).toBe('vessel');
    expect(ship.vessel).toEqual({
      imo: '9000001',
      vesselType: 'Tanker',
      tonnage: '5000',
      yearBuilt: '2010',
      owner: 'Example Shipping LLC',
      flag: 'PA',
    });
    expect(ship.associates).toEqual([{ name: 'Example Shipping LLC', relationship: 'owner' }]);
  });

  it('refuses an unknown designation type', async () => {
    const source = sourceFromFiles({ 'list.csv': 'Unique ID,Name 6,Name type,Designation Type\nX1,DOE,Primary Name,Alien\n' });
    await expect(importList('uk-fcdo', source)).rejects.toMatchObject({ row: 2, reason: "unknown Designation Type 'alien'" });
  });
});

describe.runIf(existsSync(SHARED_LISTS_DIR))('UK importers on the real samples', { timeout: 60_000 }, () => {
  it('reads the 77-row OFSI excerpt into its groups', async () => {
    const result = await importList('uk-ofsi', await sourceFromPath(path.join(SHARED_LISTS_DIR, 'uk', 'ConList_excerpt_2020.csv')));
    expect(result.entities.length).toBeGreaterThan(20);
    expect(entityById(result, '13349').names[0]?.full).toBe('Sheikh Farooq AL-QAHTANI');
    expect(entityById(result, '12999').remarks).toContain('“Fundamental”');
  });

  it('reads the two rows of the FCDO sample', async () => {
    const result = await importList('uk-fcdo', await sourceFromPath(path.join(SHARED_LISTS_DIR, 'uk', 'UK_Sanctions_List_sample.csv')));
    expect(result.entities.map((entity) => entity.id)).toEqual(['AFG0001', 'AFG0006']);
  });
});
