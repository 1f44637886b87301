import { describe, expect, it } from 'vitest';
import { importFixture } from '../importers/import-test-helpers';
import { applyDelta } from './delta-apply';
import { diffEntityLists } from './version-diff';

describe('applying a delta list', () => {
  it('adds, changes and deletes entities of the current version', async () => {
    const base = await importFixture('csv', 'sanad-list/black-list.csv');
    const delta = await importFixture('csv', 'sanad-list/delta.csv');
    const { entities, warnings } = applyDelta(base.entities, delta);
    expect(entities.map((entity) => [entity.id, entity.names[0]?.full])).toEqual([
      ['BL-001', 'Muhammad Asif Khan'],
      ['BL-002', 'Quick Cash Exchange LLC'],
      ['BL-004', 'Kamran Ali'],
    ]);
    expect(warnings).toEqual([]);
    const diff = diffEntityLists(base.entities, entities);
    expect([diff.added, diff.removed, diff.changed.map((change) => change.id)]).toEqual([['BL-004'], ['BL-003'], ['BL-002']]);
  });

  it('applies a Dow Jones daily file to the last full file', async () => {
    const full = await importFixture('dowjones', 'dowjones/pfa-full.xml');
    const daily = await importFixture('dowjones', 'dowjones/pfa-daily.xml', { references: full.references });
    const { entities } = applyDelta(full.entities, daily);
    expect(entities.map((entity) => entity.id)).toEqual(['5001', '5002', '6001', '5003']);
  });

  it('warns when a delta deletes or changes an id the list does not hold', async () => {
    const delta = await importFixture('csv', 'sanad-list/delta.csv');
    const { entities, warnings } = applyDelta([], delta);
    expect(entities.map((entity) => entity.id)).toEqual(['BL-004', 'BL-002']);
    expect(warnings.map((warning) => warning.reason)).toEqual([
      'delete of unknown id BL-003 ignored',
      'changed id BL-002 not listed: applied as an addition',
    ]);
  });

  it('refuses a full import', async () => {
    const full = await importFixture('csv', 'sanad-list/black-list.csv');
    expect(() => applyDelta([], full)).toThrow('not a delta');
  });
});
