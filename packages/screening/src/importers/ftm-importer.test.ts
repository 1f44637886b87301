import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED_LISTS_DIR } from './fixture-paths';
import { entityById, importFixture, nameList } from './import-test-helpers';
import { importList } from './list-importer';
import { sourceFromFiles, sourceFromPath } from './list-source';

const importEntities = () => importFixture('ftm', 'ftm/entities.ftm.json');

describe('FollowTheMoney JSON lines importer', () => {
  it('imports persons, companies and vessels that are targets, keyed by their FtM id', async () => {
    const result = await importEntities();
    expect(result.entities.map((entity) => [entity.id, entity.type])).toEqual([
      ['ex-person-1', 'person'],
      ['ex-company-1', 'organisation'],
      ['ex-vessel-1', 'vessel'],
      ['ex-pep-1', 'person'],
    ]);
  });

  it('reads names, aliases, weak aliases, previous names and the father’s name', async () => {
    const result = await importEntities();
    expect(nameList(entityById(result, 'ex-person-1'))).toEqual([
      ['Olena Petrenko', 'primary'],
      ['Олена Петренко', 'aka'],
      ['Elena Petrenko', 'aka'],
      ['Lena', 'weak'],
    ]);
    expect(entityById(result, 'ex-person-1').names[0]).toMatchObject({ given: 'Olena', family: 'Petrenko' });
    expect(entityById(result, 'ex-person-1').fatherNames).toEqual(['Ivanivna']);
    expect(nameList(entityById(result, 'ex-company-1'))).toEqual([
      ['Example Holding LLC', 'primary'],
      ['Old Example LLC', 'fka'],
    ]);
  });

  it('fills in addresses, passports and sanction programmes from their own records', async () => {
    const person = entityById(await importEntities(), 'ex-person-1');
    expect(person.addresses).toEqual([{ full: 'Sumska St 1, Kharkiv' }]);
    expect(person.identifiers).toEqual([
      { type: 'passport', value: 'FA123456' },
      { type: 'passport', value: 'EK765432', country: 'UA', note: 'International passport' },
    ]);
    expect(person.programmes).toEqual(['Example Programme']);
    expect(person.listedOn).toBe('2022-02-24');
    expect(person.birthDates).toEqual([{ quality: 'exact', from: { year: 1975, month: 4, day: 2 }, text: '1975-04-02' }]);
    expect(person.countries).toEqual([
      { code: 'UA', role: 'nationality' },
      { code: 'RU', role: 'other' },
      { code: 'UA', role: 'other' },
    ]);
    expect(person.updatedOn).toBe('2025-03-01');
  });

  it('turns family, ownership and directorship links into associates on both sides', async () => {
    const result = await importEntities();
    expect(entityById(result, 'ex-person-1').associates).toEqual([
      { name: 'Jan Kowalski', relationship: 'relative (spouse)', entityId: 'ex-pep-1' },
      { name: 'Example Holding LLC', relationship: 'owns', entityId: 'ex-company-1' },
      { name: 'Example Holding LLC', relationship: 'director of (General director)', entityId: 'ex-company-1' },
    ]);
    expect(entityById(result, 'ex-company-1').associates).toEqual([
      { name: 'Olena Petrenko', relationship: 'owned by', entityId: 'ex-person-1' },
      { name: 'Example Holding Registry Twin', relationship: 'owns' },
      { name: 'Olena Petrenko', relationship: 'director (General director)', entityId: 'ex-person-1' },
    ]);
  });

  it('takes the hit type from the topics', async () => {
    const result = await importEntities();
    expect(result.entities.map((entity) => entity.hitType)).toEqual(['sanction', 'sanction', 'sanction', 'pep']);
    expect(entityById(result, 'ex-vessel-1').vessel).toEqual({ imo: '9000002', vesselType: 'Tanker', flag: 'PA' });
  });

  it('warns about a link to a record the file does not hold', async () => {
    const result = await importEntities();
    expect(result.warnings).toEqual([
      { file: 'entities.ftm.json', row: 13, reason: 'link to ex-missing-9, which is not in the file, ignored' },
    ]);
  });

  it('refuses a line that is not JSON, naming it', async () => {
    const source = sourceFromFiles({ 'x.ftm.json': '{"id":"a","schema":"Person","properties":{"name":["A"]}}\n{"id": oops}\n' });
    await expect(importList('ftm', source)).rejects.toMatchObject({ row: 2, reason: expect.stringMatching(/^not JSON/) });
  });

  it('refuses a target without a name', async () => {
    const source = sourceFromFiles({ 'x.ftm.json': '{"id":"a","schema":"Person","target":true,"properties":{}}\n' });
    await expect(importList('ftm', source)).rejects.toMatchObject({ row: 1, reason: 'record a has no name' });
  });
});

describe.runIf(existsSync(SHARED_LISTS_DIR))('FtM importer on the yente samples', { timeout: 60_000 }, () => {
  it('reads the 91-record zala sample with its ownership and family links', async () => {
    const result = await importList('ftm', await sourceFromPath(path.join(SHARED_LISTS_DIR, 'ftm', 'zala.ftm.json')));
    expect(result.entities).toHaveLength(14);
    const person = entityById(result, 'NK-2Tbri3s6GgNtAwsSXh4qpL');
    expect(person.associates.map((associate) => associate.entityId)).toContain('NK-aU5ybkbRFJucf8YMwsJvDw');
    expect(result.entities.filter((entity) => entity.associates.length > 0).length).toBeGreaterThan(5);
  });

  it('reads the six EU entities of t1', async () => {
    const result = await importList('ftm', await sourceFromPath(path.join(SHARED_LISTS_DIR, 'ftm', 't1.ftm.json')));
    expect(result.entities).toHaveLength(6);
    expect(result.entities.every((entity) => entity.hitType === 'sanction')).toBe(true);
  });
});
