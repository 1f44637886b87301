import { describe, expect, it } from 'vitest';
import { ExactNameIndex } from './exact-name-index';

describe('exact-name index', () => {
  // Names [0 1], [1 0 2], [2 2 3], [0 1 1], [3].
  const tokenStart = Uint32Array.from([0, 2, 5, 8, 11, 12]);
  const tokenWords = Uint32Array.from([0, 1, 1, 0, 2, 2, 2, 3, 0, 1, 1, 3]);
  const index = ExactNameIndex.build(tokenStart, tokenWords);

  function holders(words: number[]): number[] {
    const names: number[] = [];
    index.collectNames(words, names);
    return names.toSorted((a, b) => a - b);
  }

  it('finds the names made of exactly the given words, in any order', () => {
    expect(holders([0, 1])).toEqual([0]);
    expect(holders([0, 1, 2])).toEqual([1]);
    expect(holders([2, 1, 0])).toEqual([1]);
    expect(holders([3])).toEqual([4]);
  });

  it('counts a repeated word: a name holding it once is not the name holding it twice', () => {
    expect(holders([2, 2, 3])).toEqual([2]);
    expect(holders([2, 3, 2])).toEqual([2]);
    expect(holders([2, 3])).toEqual([]);
    expect(holders([0, 1, 1])).toEqual([3]);
  });

  it('finds nothing for words no name is made of', () => {
    expect(holders([0])).toEqual([]);
    expect(holders([0, 1, 2, 3])).toEqual([]);
  });
});
