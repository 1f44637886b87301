import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from './fixture-paths';
import { entityById, importFixture, nameList } from './import-test-helpers';
import { importList } from './list-importer';
import { sourceFromFiles, sourceFromPath } from './list-source';

const importFull = () => importFixture('dowjones', 'dowjones/pfa-full.xml');
const SAMPLE_RECORD = path.resolve(FIXTURES_DIR, '../../../../../../shared/data/screening/formats/dj_pfa_person_record_sample.xml');

describe('Dow Jones PFA2 importer', () => {
  it('returns every reference list for the screening-data pages', async () => {
    const { references, asOf } = await importFull();
    expect(asOf).toBe('2026-03-01');
    expect(Object.keys(references ?? {}).toSorted()).toEqual([
      'country',
      'country-type',
      'date-type',
      'deceased',
      'descprition-1',
      'descprition-2',
      'descprition-3',
      'gender',
      'identification',
      'name-type',
      'occupation',
      'record-status',
      'relationship-type',
      'role-type',
      'sanction-reference',
    ]);
    expect(references?.country?.[0]).toEqual({
      code: 'PAKIS',
      name: 'Pakistan',
      attributes: { IsTerritory: 'False', ProfileURL: 'https://example.invalid/pk' },
    });
    expect(references?.['descprition-2']).toEqual([
      { code: '1', name: 'Sanctions Lists', parentCode: '4' },
      { code: '13', name: 'Corruption', parentCode: '4' },
    ]);
    expect(references?.['sanction-reference']?.[1]).toEqual({
      code: '150',
      name: 'OFAC - Specially Designated Nationals (SDN) List',
      parentCode: '1',
      attributes: { status: 'Current' },
    });
    expect(references?.['name-type']?.map((entry) => entry.name)).toContain('Low Quality AKA');
    expect(references?.['role-type']).toContainEqual({ code: '3', name: 'Previous Roles' });
  });

  it('reads persons with name types, original script, roles, dates, countries and documents', async () => {
    const person = entityById(await importFull(), '5001');
    expect(nameList(person)).toEqual([
      ['Tariq Mahmood Qureshi', 'primary'],
      ['طارق محمود قریشی', 'aka'],
      ['Tariq Qureshy', 'aka'],
      ['TMQ', 'weak'],
    ]);
    expect(person.hitType).toBe('pep');
    expect(person.categories).toEqual(['Politically Exposed Person (PEP)']);
    expect(person.positions).toEqual(['Federal Minister for Example Affairs']);
    expect(person.birthDates).toEqual([{ quality: 'exact', from: { year: 1961, month: 3, day: 14 }, text: '14 Mar 1961' }]);
    expect(person.birthPlaces).toEqual(['Multan, Punjab, Pakistan']);
    expect(person.countries).toEqual([
      { code: 'PK', role: 'citizenship' },
      { code: 'PK', role: 'residence' },
      { code: 'NOWHR', role: 'other' },
    ]);
    expect(person.identifiers).toEqual([
      { type: 'national-id', value: '35202-1234567-1', note: 'National ID; CNIC' },
      { type: 'passport', value: 'AB1234567' },
    ]);
    expect(person.addresses).toEqual([{ full: 'House 5, Street 10, Islamabad, Pakistan', city: 'Islamabad', country: 'PK' }]);
    expect(person.recordStatus).toBe('Active');
  });

  it('makes relatives pep hits and keeps a maiden name as formerly known as', async () => {
    const relative = entityById(await importFull(), '5002');
    expect(relative.hitType).toBe('pep');
    expect(nameList(relative)).toEqual([
      ['Ayesha Qureshi', 'primary'],
      ['Ayesha Siddiqui', 'fka'],
    ]);
    expect(relative.birthDates).toEqual([{ quality: 'year', from: { year: 1966 }, text: '1966' }]);
  });

  it('makes an entity with a sanctions reference a sanction hit, with the reference as programme', async () => {
    const company = entityById(await importFull(), '6001');
    expect(company.type).toBe('organisation');
    expect(company.hitType).toBe('sanction');
    expect(company.programmes).toEqual(['OFAC - Specially Designated Nationals (SDN) List']);
    expect(company.listedOn).toBe('2019-06-05');
    expect(company.countries).toEqual([{ code: 'AE', role: 'registration' }]);
    expect(company.identifiers).toEqual([{ type: 'registration', value: 'FZE-998877', note: 'Company Identification No.' }]);
  });

  it('reads vessel details and leaves special-interest entities as enforcement hits', async () => {
    const vessel = entityById(await importFull(), '6002');
    expect(vessel.type).toBe('vessel');
    expect(vessel.hitType).toBe('enforcement');
    expect(vessel.categories).toEqual(['Special Interest Entity (SIE)', 'Corruption', 'Bribery']);
    expect(vessel.vessel).toEqual({ callSign: '3EXM7', vesselType: 'Bulk Carrier', tonnage: '32000', flag: 'PA' });
    expect(vessel.identifiers.map((identifier) => identifier.type)).toEqual(['imo', 'call-sign']);
  });

  it('turns associations into associates with the relationship name, marking former ones', async () => {
    const result = await importFull();
    expect(entityById(result, '5001').associates).toEqual([
      { name: 'Ayesha Qureshi', relationship: 'Wife', entityId: '5002' },
      { name: 'Crescent Example Trading FZE', relationship: 'Business Associate (former)', entityId: '6001' },
      { name: 'Dow Jones 7777', relationship: 'Business Associate' },
    ]);
    expect(result.warnings).toEqual([
      { file: 'pfa-full.xml', row: 86, reason: "unknown country code 'NOWHR' kept as written" },
      { file: 'pfa-full.xml', row: 136, reason: 'associate 7777 of record 5001 is not in the file' },
    ]);
  });

  it('reads a daily file as a delta of added, changed and deleted records', async () => {
    const full = await importFull();
    const daily = await importFixture('dowjones', 'dowjones/pfa-daily.xml', { references: full.references });
    expect(daily.delta).toEqual({ added: ['5003'], changed: ['5002'], deleted: ['6002'] });
    expect(daily.entities.map((entity) => entity.id)).toEqual(['5003', '5002']);
    expect(entityById(daily, '5003').countries).toEqual([{ code: 'PK', role: 'citizenship' }]);
    expect(entityById(daily, '5002').recordStatus).toBe('Inactive');
  });

  it('refuses a record id read twice, a deleted one included, before reading the repeated record', async () => {
    const repeated = sourceFromFiles({
      'pfa.xml': '<PFA><Records>\n<Person id="1" action="del"/>\n<Person id="1" action="add"><NameDetails/></Person></Records></PFA>',
    });
    await expect(importList('dowjones', repeated)).rejects.toMatchObject({ row: 3, reason: 'record 1 appears twice' });
  });

  it('refuses an unknown action and a record without a name', async () => {
    const badAction = sourceFromFiles({ 'pfa.xml': '<PFA><Records>\n<Person id="1" action="upd"/></Records></PFA>' });
    await expect(importList('dowjones', badAction)).rejects.toMatchObject({ row: 2, reason: "unknown action 'upd' on record 1" });
    const nameless = sourceFromFiles({ 'pfa.xml': '<PFA><Records>\n<Person id="1" action="add"><NameDetails/></Person></Records></PFA>' });
    await expect(importList('dowjones', nameless)).rejects.toMatchObject({ row: 2, reason: 'record 1 has no name' });
  });
});

describe.runIf(existsSync(SAMPLE_RECORD))('Dow Jones importer on the real record sample', { timeout: 60_000 }, () => {
  it('reads the Thai ex-PEP record: names in Thai script, deceased, inactive', async () => {
    const result = await importList('dowjones', await sourceFromPath(SAMPLE_RECORD));
    const person = entityById(result, '795164');
    expect(person.names.map((name) => name.script ?? 'Latn')).toContain('Thai');
    expect(person.deceased).toBe(true);
    expect(person.recordStatus).toBe('Inactive');
    expect(person.hitType).toBe('pep');
  });
});
