import { describe, expect, it } from 'vitest';
import { WordPairIndex } from './word-pair-index';

describe('word-pair index', () => {
  // Words 0 'ali', 1 'asad', 2 'hassan', 3 'bin' (not distinctive); names [ali asad], [hassan bin ali],
  // [ali hassan asad], [ali bin].
  const tokenStart = Uint32Array.from([0, 2, 5, 8, 10]);
  const tokenWords = Uint32Array.from([0, 1, 2, 3, 0, 0, 2, 1, 0, 3]);
  const isEligible = Uint8Array.from([1, 1, 1, 0]);
  const index = WordPairIndex.build(tokenStart, tokenWords, isEligible);

  function holders(first: number, second: number): number[] {
    const names: number[] = [];
    index.collectNames(first, second, names);
    return names.toSorted((a, b) => a - b);
  }

  it('returns the names holding both words, in either order', () => {
    expect(holders(0, 1)).toEqual([0, 2]);
    expect(holders(1, 0)).toEqual([0, 2]);
    expect(holders(0, 2)).toEqual([1, 2]);
    expect(holders(1, 2)).toEqual([2]);
  });

  it('leaves out words that are not distinctive', () => {
    expect(holders(0, 3)).toEqual([]);
  });
});
