import { describe, expect, it } from 'vitest';
import { PAIR_DISTINCTIVE, PAIR_SECONDARY, WordPairIndex } from './word-pair-index';

describe('word-pair index', () => {
  // Words 0 'ali', 1 'asad', 2 'hassan', 3 'bin' (secondary), 4 'al' (secondary), 5 'j' (not paired);
  // names [ali asad], [hassan bin ali], [ali hassan asad], [ali bin], [bin al j ali].
  const tokenStart = Uint32Array.from([0, 2, 5, 8, 10, 14]);
  const tokenWords = Uint32Array.from([0, 1, 2, 3, 0, 0, 2, 1, 0, 3, 3, 4, 5, 0]);
  const role = Uint8Array.from([PAIR_DISTINCTIVE, PAIR_DISTINCTIVE, PAIR_DISTINCTIVE, PAIR_SECONDARY, PAIR_SECONDARY, 0]);
  const index = WordPairIndex.build(tokenStart, tokenWords, role);

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

  it('pairs a secondary word with the distinctive words of its name', () => {
    expect(holders(0, 3)).toEqual([1, 3, 4]);
    expect(holders(3, 2)).toEqual([1]);
    expect(holders(4, 0)).toEqual([4]);
  });

  it('never pairs two secondary words, nor a word that takes no part', () => {
    expect(holders(3, 4)).toEqual([]);
    expect(holders(5, 0)).toEqual([]);
  });
});

describe('word-pair index with a repeated word', () => {
  it('pairs a distinctive word held twice with itself, and only then', () => {
    // Names [ali ali hassan], [ali hassan].
    const index = WordPairIndex.build(Uint32Array.from([0, 3, 5]), Uint32Array.from([0, 0, 2, 0, 2]), Uint8Array.from([1, 1, 1]));
    const names: number[] = [];
    index.collectNames(0, 0, names);
    expect(names).toEqual([0]);
  });
});
