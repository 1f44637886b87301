import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED_LISTS_DIR } from './fixture-paths';
import { importFixture } from './import-test-helpers';
import { importList } from './list-importer';
import { sourceFromFiles, sourceFromPath } from './list-source';

describe('BIS Denied Persons List importer', () => {
  it('merges the rows of one order into one enforcement entity with every address', async () => {
    const result = await importFixture('bis-dpl', 'bis-dpl/dpl.txt');
    expect(result.list).toBe('bis-dpl');
    expect(result.entities).toHaveLength(2);
    const [person, company] = result.entities;
    expect(person?.hitType).toBe('enforcement');
    expect(person?.type).toBe('person');
    expect(person?.names).toEqual([{ full: 'JOHN EXAMPLE SMITH', type: 'primary' }]);
    expect(person?.addresses).toEqual([
      { full: '12 MAIN STREET, EL PASO, TX, 79905, US', city: 'EL PASO', country: 'US' },
      { full: 'P.O. BOX 3000, ANTHONY, NM, 88201, US', city: 'ANTHONY', country: 'US' },
    ]);
    expect(person?.listedOn).toBe('2022-08-24');
    expect(person?.remarks).toContain('87 F.R. 52741 8/29/2022');
    expect(company?.type).toBe('organisation');
    expect(company?.countries).toEqual([{ code: 'AE', role: 'other' }]);
  });

  it('derives the same id for the same entry on every import', async () => {
    const first = await importFixture('bis-dpl', 'bis-dpl/dpl.txt');
    const second = await importFixture('bis-dpl', 'bis-dpl/dpl.txt');
    expect(first.entities.map((entity) => entity.id)).toEqual(second.entities.map((entity) => entity.id));
    expect(first.entities[0]?.id).toMatch(/^dpl-[0-9a-f]{16}$/);
  });

  it('refuses a row without a name', async () => {
    const source = sourceFromFiles({ 'dpl.txt': '"Name"\t"City"\n""\t"PARIS"\n' });
    await expect(importList('bis-dpl', source)).rejects.toMatchObject({ row: 2, reason: 'row without a name' });
  });

  it('refuses a file without a Name column', async () => {
    await expect(importList('bis-dpl', sourceFromFiles({ 'dpl.txt': 'City\nPARIS\n' }))).rejects.toThrow('no Name column');
  });
});

describe.runIf(existsSync(SHARED_LISTS_DIR))('BIS importer on the real list', { timeout: 60_000 }, () => {
  it('reads the 2022 file: 581 rows into entries by name and order', async () => {
    const result = await importList('bis-dpl', await sourceFromPath(path.join(SHARED_LISTS_DIR, 'us-bis-dpl', 'dpl_2022.txt')));
    expect(result.entities.length).toBeGreaterThan(400);
    expect(result.entities.length).toBeLessThan(581);
    expect(result.entities.every((entity) => entity.hitType === 'enforcement')).toBe(true);
  });
});
