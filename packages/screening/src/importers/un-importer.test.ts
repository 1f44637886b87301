import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WatchlistEntity } from '../model';
import { FIXTURES_DIR, SHARED_LISTS_DIR } from './fixture-paths';
import { importList } from './list-importer';
import { sourceFromFiles, sourceFromPath } from './list-source';

async function importFixture() {
  return importList('un', await sourceFromPath(path.join(FIXTURES_DIR, 'un', 'consolidated.xml')));
}

function byId(entities: WatchlistEntity[], id: string): WatchlistEntity {
  const entity = entities.find((candidate) => candidate.id === id);
  if (!entity) throw new Error(`no entity ${id}`);
  return entity;
}

function unList(records: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><CONSOLIDATED_LIST dateGenerated="2026-01-15T00:00:00Z"><INDIVIDUALS>${records}</INDIVIDUALS><ENTITIES/></CONSOLIDATED_LIST>`;
}

describe('UN consolidated list importer', () => {
  it('keys individuals and entities by DATAID and dates the list by dateGenerated', async () => {
    const result = await importFixture();
    expect(result.list).toBe('un');
    expect(result.asOf).toBe('2026-01-15');
    expect(result.entities.map((entity) => [entity.id, entity.type])).toEqual([
      ['900001', 'person'],
      ['900002', 'person'],
      ['900101', 'organisation'],
    ]);
  });

  it('joins the name parts, keeps the original script and grades aliases by quality', async () => {
    const person = byId((await importFixture()).entities, '900001');
    expect(person.names).toEqual([
      { full: 'ABDUL RAHMAN YUSUF AL-QADIR', type: 'primary' },
      { full: 'عبد الرحمن يوسف القادر', type: 'aka', script: 'Arab' },
      { full: 'Abd al-Rahman Yusif', type: 'aka' },
      { full: 'Abu Yusuf', type: 'weak' },
      { full: 'Rahman Qadir', type: 'aka' },
    ]);
    const formerly = byId((await importFixture()).entities, '900002');
    expect(formerly.names.map((name) => [name.full, name.type])).toEqual([
      ['MARIE NDAYISHIMIYE', 'primary'],
      ['Marie Nduwimana', 'fka'],
    ]);
  });

  it('reads exact, year-only, approximate and between dates of birth', async () => {
    const result = await importFixture();
    expect(byId(result.entities, '900001').birthDates).toEqual([
      { quality: 'exact', from: { year: 1980, month: 8, day: 8 }, text: '1980-08-08' },
      { quality: 'exact', from: { year: 1979, month: 12, day: 3 } },
      { quality: 'range', from: { year: 1977 }, to: { year: 1982 } },
    ]);
    expect(byId(result.entities, '900002').birthDates).toEqual([
      { quality: 'approximate', from: { year: 1966 } },
      { quality: 'year', from: { year: 1967 } },
    ]);
  });

  it('reads nationalities, places of birth, addresses, documents, father’s name and designation', async () => {
    const person = byId((await importFixture()).entities, '900001');
    expect(person.countries).toEqual([
      { code: 'JO', role: 'birth' },
      { code: 'JO', role: 'nationality' },
      { code: 'SY', role: 'nationality' },
      { code: 'JO', role: 'residence' },
    ]);
    expect(person.birthPlaces).toEqual(['Zarqa, Jordan', 'Irbid, Jordan']);
    expect(person.addresses).toEqual([{ full: 'Jalan Example 12, Amman, Jordan', city: 'Amman', country: 'JO' }]);
    expect(person.identifiers).toEqual([
      { type: 'passport', value: 'K475336', country: 'JO', note: 'issued 2009-08-31; expired on 30 Aug. 2014' },
      { type: 'national-id', value: '28940000602', country: 'QA' },
    ]);
    expect(person.fatherNames).toEqual(['Yusuf Abdullah']);
    expect(person.positions).toEqual(['Finance officer', 'Haji']);
    expect(person.gender).toBe('male');
    expect(person.programmes).toEqual(['Al-Qaida']);
    expect(person.listedOn).toBe('2011-08-12');
    expect(person.updatedOn).toBe('2016-08-26');
    expect(person.remarks).toMatch(/^UN reference QDi\.901\. Facilitator/);
  });

  it('keeps an unknown country as written, with a warning naming the line', async () => {
    const result = await importFixture();
    expect(byId(result.entities, '900002').countries).toContainEqual({ code: 'Atlantis', role: 'residence' });
    expect(result.warnings).toEqual([{ file: 'consolidated.xml', row: 109, reason: "unknown country 'Atlantis' kept as written" }]);
  });

  it('refuses a record without a name, naming its line', async () => {
    const source = sourceFromFiles({ 'list.xml': unList('\n<INDIVIDUAL><DATAID>1</DATAID><FIRST_NAME/></INDIVIDUAL>') });
    await expect(importList('un', source)).rejects.toMatchObject({ name: 'ListImportError', row: 2, reason: 'record 1 has no name' });
  });

  it('refuses a DATAID that appears twice, naming the line of the second record', async () => {
    const record = '<INDIVIDUAL><DATAID>7</DATAID><FIRST_NAME>A</FIRST_NAME></INDIVIDUAL>';
    const source = sourceFromFiles({ 'list.xml': unList(`${record}\n${record}`) });
    await expect(importList('un', source)).rejects.toMatchObject({ name: 'ListImportError', row: 2, reason: 'DATAID 7 appears twice' });
  });

  it('refuses malformed XML', async () => {
    const source = sourceFromFiles({ 'list.xml': unList('<INDIVIDUAL><DATAID>1</DATAID><FIRST_NAME>A</INDIVIDUAL>') });
    await expect(importList('un', source)).rejects.toThrow(/malformed XML/);
  });

  it('refuses an XML file that is not a UN list', async () => {
    await expect(importList('un', sourceFromFiles({ 'list.xml': '<PFA></PFA>' }))).rejects.toThrow('no CONSOLIDATED_LIST root element');
  });
});

describe.runIf(existsSync(SHARED_LISTS_DIR))('UN importer on the real lists', { timeout: 60_000 }, () => {
  it('reads the 2026 list: 730 individuals and 273 entities', async () => {
    const result = await importList('un', await sourceFromPath(path.join(SHARED_LISTS_DIR, 'un', 'UN_consolidated_2026-02-27.xml')));
    expect(result.asOf).toBe('2026-02-27');
    expect(result.entities.filter((entity) => entity.type === 'person')).toHaveLength(730);
    expect(result.entities.filter((entity) => entity.type === 'organisation')).toHaveLength(273);
    expect(result.warnings.length).toBeLessThan(10);
  });

  it('reads the 2018 list: 703 individuals and 390 entities', async () => {
    const result = await importList('un', await sourceFromPath(path.join(SHARED_LISTS_DIR, 'un', 'UN_consolidated_2018-10-29.xml')));
    expect(result.entities).toHaveLength(1093);
  });
});
