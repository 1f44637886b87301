import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WatchlistEntity } from '../model';
import { FIXTURES_DIR, SHARED_LISTS_DIR } from './fixture-paths';
import { importList } from './list-importer';
import { ListImportError } from './list-import-error';
import { sourceFromFiles, sourceFromPath } from './list-source';

async function importFixture() {
  return importList('ofac', await sourceFromPath(path.join(FIXTURES_DIR, 'ofac-sdn')), { asOf: '2021-07-01' });
}

function byId(entities: WatchlistEntity[], id: string): WatchlistEntity {
  const entity = entities.find((candidate) => candidate.id === id);
  if (!entity) throw new Error(`no entity ${id}`);
  return entity;
}

const MAIN_ROW = '101,"DOE, John","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ';

describe('OFAC SDN importer', () => {
  it('reads every entry of sdn.csv as a sanction entity keyed by ent_num', async () => {
    const result = await importFixture();
    expect(result.list).toBe('ofac-sdn');
    expect(result.asOf).toBe('2021-07-01');
    expect(result.entities.map((entity) => entity.id)).toEqual(['101', '102', '103', '104', '105']);
    expect(result.entities.every((entity) => entity.hitType === 'sanction')).toBe(true);
    expect(result.entities.map((entity) => entity.type)).toEqual(['person', 'organisation', 'vessel', 'aircraft', 'person']);
  });

  it('writes persons given name first and keeps the surname as the family part', async () => {
    const person = byId((await importFixture()).entities, '101');
    expect(person.names[0]).toEqual({ full: 'Karim Abdul HALIMI', type: 'primary', given: 'Karim Abdul', family: 'HALIMI' });
    expect(person.names.map((name) => [name.full, name.type])).toEqual([
      ['Karim Abdul HALIMI', 'primary'],
      ['Abu Karim', 'weak'],
      ['Abdul Karim HALIMI', 'aka'],
      ['Karim AL-HALIMI', 'fka'],
    ]);
  });

  it('lifts dates of birth, place of birth, nationality, citizenship, gender and documents out of the remarks', async () => {
    const person = byId((await importFixture()).entities, '101');
    expect(person.birthDates).toEqual([
      { quality: 'exact', from: { year: 1971, month: 3, day: 12 }, text: '12 Mar 1971' },
      { quality: 'approximate', from: { year: 1969 }, text: 'circa 1969' },
    ]);
    expect(person.birthPlaces).toEqual(['Kabul, Afghanistan']);
    expect(person.countries).toEqual([
      { code: 'AF', role: 'birth' },
      { code: 'AF', role: 'nationality' },
      { code: 'PK', role: 'citizenship' },
      { code: 'PK', role: 'residence' },
    ]);
    expect(person.gender).toBe('male');
    expect(person.identifiers).toEqual([
      { type: 'passport', value: 'OR1234567', country: 'PK', note: 'issued 01 Jan 2010 expires 31 Dec 2019' },
      { type: 'national-id', value: '35202-5400413-9', country: 'PK', note: 'National ID No.' },
    ]);
    expect(person.programmes).toEqual(['SDGT', 'IRGC']);
  });

  it('links "Linked To" remarks to the listed entry of that name', async () => {
    const person = byId((await importFixture()).entities, '101');
    expect(person.associates).toEqual([{ name: 'NORTHWIND TRADING LLC', relationship: 'linked to', entityId: '102' }]);
  });

  it('reads vessel columns and vessel remarks into vessel details and identifiers', async () => {
    const vessel = byId((await importFixture()).entities, '103');
    expect(vessel.vessel).toEqual({
      callSign: '9HA1234',
      vesselType: 'Crude Oil Tanker',
      tonnage: '150,000',
      grossRegisteredTonnage: '81,000',
      flag: 'MT',
      owner: 'NORTHWIND TRADING LLC',
      imo: '9187629',
      mmsi: '572469210',
    });
    expect(vessel.identifiers.map((identifier) => `${identifier.type}:${identifier.value}`)).toEqual([
      'call-sign:9HA1234',
      'imo:9187629',
      'mmsi:572469210',
    ]);
    expect(vessel.names.map((name) => name.full)).toEqual(['SEA FALCON', 'OCEAN STAR']);
  });

  it('reads aircraft remarks into aircraft details', async () => {
    const aircraft = byId((await importFixture()).entities, '104');
    expect(aircraft.aircraft).toEqual({
      manufacturerSerialNumber: '1023',
      model: 'A300B4-622R',
      operator: 'Example Air',
      tailNumber: 'EP-ABC',
    });
  });

  it('continues a remark cut at 1,000 characters with its sdn_comments.csv row', async () => {
    const person = byId((await importFixture()).entities, '105');
    expect(person.associates.map((associate) => associate.name)).toEqual(['ACME S.A.S', 'BETA SERVICIOS S.A.S']);
    expect(person.gender).toBe('female');
    expect(person.birthDates).toEqual([{ quality: 'range', from: { year: 1960 }, to: { year: 1962 }, text: '1960 to 1962' }]);
  });

  it('keeps an unknown address country as written and warns, and warns about aliases of unknown entries', async () => {
    const result = await importFixture();
    expect(byId(result.entities, '102').addresses).toContainEqual({ full: 'Atlantis', country: 'Atlantis' });
    expect(result.warnings).toEqual([
      { file: 'alt.csv', row: 4, reason: 'alias for unknown ent_num 999 ignored' },
      { file: 'add.csv', row: 3, reason: "unknown country 'Atlantis' kept as written" },
    ]);
  });

  it('names the consolidated list ofac-cons when the directory holds cons_prim.csv', async () => {
    const result = await importList('ofac', sourceFromFiles({ 'cons_prim.csv': MAIN_ROW }));
    expect(result.list).toBe('ofac-cons');
    expect(result.entities.map((entity) => entity.names[0]?.full)).toEqual(['John DOE']);
  });

  it('refuses a row with too few columns, naming the line', async () => {
    const source = sourceFromFiles({ 'sdn.csv': `${MAIN_ROW}\n102,"SHORT ROW","individual"\n` });
    await expect(importList('ofac', source)).rejects.toMatchObject({
      name: 'ListImportError',
      row: 2,
      file: 'sdn.csv',
      reason: 'expected 12 columns, found 3',
    });
  });

  it('refuses a repeated ent_num', async () => {
    const source = sourceFromFiles({ 'sdn.csv': `${MAIN_ROW}\n${MAIN_ROW}\n` });
    await expect(importList('ofac', source)).rejects.toMatchObject({ row: 2, reason: 'ent_num 101 appears twice' });
  });

  it('refuses an entry without a name', async () => {
    const source = sourceFromFiles({ 'sdn.csv': MAIN_ROW.replace('"DOE, John"', '-0- ') });
    await expect(importList('ofac', source)).rejects.toMatchObject({ row: 1, reason: 'ent_num 101 has no name' });
  });

  it('refuses a quote left open, with the line of the broken record', async () => {
    const source = sourceFromFiles({ 'sdn.csv': `${MAIN_ROW}\n102,"BROKEN,"individual"\n` });
    const error = await importList('ofac', source).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ListImportError);
    expect((error as ListImportError).row).toBe(2);
  });

  it('refuses a directory without sdn.csv or cons_prim.csv', async () => {
    await expect(importList('ofac', sourceFromFiles({ 'alt.csv': '' }))).rejects.toThrow('no sdn.csv or cons_prim.csv found');
  });
});

describe.runIf(existsSync(SHARED_LISTS_DIR))('OFAC importer on the real lists', { timeout: 60_000 }, () => {
  it('reads the 2021 SDN set: 8,976 entries with their aliases and addresses', async () => {
    const result = await importList('ofac', await sourceFromPath(path.join(SHARED_LISTS_DIR, 'ofac-sdn-2021')));
    expect(result.entities).toHaveLength(8976);
    expect(
      result.entities.reduce((sum, entity) => sum + entity.names.filter((name) => name.type === 'aka' || name.type === 'fka').length, 0),
    ).toBeGreaterThan(11000);
    const cifuentes = byId(result.entities, '12300');
    expect(cifuentes.associates.map((associate) => associate.name)).toContain('PROMO RAIZ S.A.S');
    expect(result.warnings.length).toBeLessThan(50);
  });

  it('reads the 2019 SDN set and the 2025 consolidated set', async () => {
    const sdn2019 = await importList('ofac', await sourceFromPath(path.join(SHARED_LISTS_DIR, 'ofac-sdn-2019')));
    expect(sdn2019.entities).toHaveLength(7379);
    const cons = await importList('ofac', await sourceFromPath(path.join(SHARED_LISTS_DIR, 'ofac-non-sdn-2025-12')));
    expect(cons.list).toBe('ofac-cons');
    // The file holds 442 entries and the DOS end-of-file mark on a line of its own.
    expect(cons.entities).toHaveLength(442);
  });
});
