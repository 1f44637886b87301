import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEntity } from '../importers/entity-builder';
import { SHARED_LISTS_DIR } from '../importers/fixture-paths';
import { importList } from '../importers/list-importer';
import { sourceFromPath } from '../importers/list-source';
import type { WatchlistEntity } from '../model';
import { hashEntity } from './entity-hash';
import { createListVersion } from './list-version';
import { diffEntityLists, diffListVersions } from './version-diff';

async function readUn(file: string): Promise<WatchlistEntity[]> {
  return (await importList('un', await sourceFromPath(path.join(SHARED_LISTS_DIR, 'un', file)))).entities;
}

async function readOfac(dir: string): Promise<WatchlistEntity[]> {
  return (await importList('ofac', await sourceFromPath(path.join(SHARED_LISTS_DIR, dir)))).entities;
}

/** The UN reference number the importer puts at the head of the remarks. */
function unReference(entity: WatchlistEntity | undefined): string | undefined {
  return /^UN reference ([A-Za-z]+\.\d+)/.exec(entity?.remarks ?? '')?.[1];
}

function person(id: string, name: string, extra: Partial<WatchlistEntity> = {}): WatchlistEntity {
  return { ...createEntity(id, 'un', 'person', 'sanction'), names: [{ full: name, type: 'primary' }], ...extra };
}

describe('list version diff', () => {
  it('finds added, removed and changed entities by id, with the fields that changed', () => {
    const before = [person('1', 'Ali Hassan'), person('2', 'Omar Farouk'), person('3', 'Lina Haddad')];
    const after = [
      person('1', 'Ali Hassan'),
      person('2', 'Omar Farouk', { birthDates: [{ quality: 'year', from: { year: 1970 } }], remarks: 'Updated' }),
      person('4', 'Samir Aziz'),
    ];
    expect(diffEntityLists(before, after)).toEqual({
      list: 'un',
      added: ['4'],
      removed: ['3'],
      changed: [{ id: '2', fields: ['birthDates', 'remarks'] }],
      unchangedCount: 1,
    });
  });

  it('does not count a reordering of aliases or countries as a change', () => {
    const names: WatchlistEntity['names'] = [
      { full: 'Ali Hassan', type: 'primary' },
      { full: 'Aly Hasan', type: 'aka' },
      { full: 'Abu Hassan', type: 'weak' },
    ];
    const countries: WatchlistEntity['countries'] = [
      { code: 'SY', role: 'nationality' },
      { code: 'IQ', role: 'residence' },
    ];
    const a = person('1', '', { names, countries });
    const b = person('1', '', { names: names.toReversed(), countries: countries.toReversed() });
    expect(hashEntity(a)).toBe(hashEntity(b));
    expect(diffEntityLists([a], [b]).changed).toEqual([]);
  });

  it('compares a new import with a stored version by hashes alone', () => {
    const stored = createListVersion({ list: 'un', entities: [person('1', 'Ali Hassan'), person('2', 'Omar Farouk')] });
    const next = createListVersion({ list: 'un', entities: [person('1', 'Ali Hasan'), person('3', 'Samir Aziz')] });
    expect(diffListVersions(stored, next)).toEqual({
      list: 'un',
      added: ['3'],
      removed: ['2'],
      changed: [{ id: '1', fields: [] }],
      unchangedCount: 0,
    });
    expect(() => diffListVersions(stored, createListVersion({ list: 'ofac-sdn', entities: [] }))).toThrow(
      'cannot compare list un with list ofac-sdn',
    );
  });

  it('orders ids numerically when they are numbers', () => {
    const diff = diffEntityLists([], [person('173', 'A'), person('36', 'B'), person('1000', 'C')]);
    expect(diff.added).toEqual(['36', '173', '1000']);
  });

  it('gives two imports of the same content the same version hash', () => {
    const entities = [person('1', 'Ali Hassan'), person('2', 'Omar Farouk')];
    const first = createListVersion({ list: 'un', entities });
    const second = createListVersion({ list: 'un', entities: entities.toReversed() });
    expect(second.contentHash).toBe(first.contentHash);
    expect(first.entityCount).toBe(2);
    expect(createListVersion({ list: 'un', entities: [person('1', 'Ali Hasan')] }).contentHash).not.toBe(first.contentHash);
  });

  it('refuses a list with a repeated id or an entity of another list', () => {
    expect(() => diffEntityLists([], [person('1', 'A'), person('1', 'B')])).toThrow('entity id 1 appears twice');
    expect(() => createListVersion({ list: 'ofac-sdn', entities: [person('1', 'A')] })).toThrow('belongs to list un');
  });
});

describe.runIf(existsSync(SHARED_LISTS_DIR))('list version diff on real list updates', { timeout: 60_000 }, () => {
  it('finds the UN 2018 → 2026 update by DATAID: 891 common, 202 removed, 112 added', async () => {
    const before = await readUn('UN_consolidated_2018-10-29.xml');
    const after = await readUn('UN_consolidated_2026-02-27.xml');
    const diff = diffEntityLists(before, after);
    expect(diff.removed).toHaveLength(202);
    expect(diff.added).toHaveLength(112);
    expect(diff.changed.length + diff.unchangedCount).toBe(891);
    expect(diff.changed.length).toBeGreaterThan(0);
    // The data README counts 892 / 201 / 111 by reference number: KPe.068 was re-issued under a new DATAID.
    const removedRefs = new Set(diff.removed.map((id) => unReference(before.find((entity) => entity.id === id))));
    const readded = diff.added.filter((id) => removedRefs.has(unReference(after.find((entity) => entity.id === id))));
    expect(readded.map((id) => unReference(after.find((entity) => entity.id === id)))).toEqual(['KPe.068']);
  });

  it('finds the OFAC SDN 2019 → 2021 update', async () => {
    const before = await readOfac('ofac-sdn-2019');
    const after = await readOfac('ofac-sdn-2021');
    const diff = diffEntityLists(before, after);
    expect(diff.added.length - diff.removed.length).toBe(after.length - before.length);
    expect(diff.changed.length + diff.unchangedCount + diff.removed.length).toBe(before.length);
    expect(diff.added.length).toBeGreaterThan(1000);
  });
});
