import { describe, expect, it } from 'vitest';
import { DeletionIndex } from './deletion-index';

function lookup(index: DeletionIndex, word: string, maxDeletions?: number): number[] {
  const found: number[] = [];
  index.lookup(word, found, maxDeletions);
  return [...new Set(found)].toSorted((a, b) => a - b);
}

describe('deletion index', () => {
  const words = [['kovalenko'], ['kowalenko'], ['kovalchuk'], ['sechin'], ['sergei'], ['sergey'], ['lukashenko']];
  const index = DeletionIndex.build(words);

  it('finds words one substitution, insertion, deletion or swap away', () => {
    expect(lookup(index, 'sechin')).toContain(3);
    expect(lookup(index, 'sechn')).toContain(3);
    expect(lookup(index, 'seczhin')).toContain(3);
    expect(lookup(index, 'sehcin')).toContain(3);
    expect(lookup(index, 'sergej')).toEqual(expect.arrayContaining([4, 5]));
  });

  it('finds long words two edits away', () => {
    expect(lookup(index, 'lukashnko')).toContain(6);
    expect(lookup(index, 'luakshenko')).toContain(6);
    expect(lookup(index, 'kovalenko')).toEqual(expect.arrayContaining([0, 1]));
  });

  it('does not return words that share nothing', () => {
    expect(lookup(index, 'abramovich')).toEqual([]);
  });

  it('limits the query side to one deletion when asked', () => {
    expect(lookup(index, 'lukashenkoxy', 2)).toContain(6);
    expect(lookup(index, 'lukashenkoxy', 1)).not.toContain(6);
  });
});
