import { describe, expect, it } from 'vitest';
import { HashDirectory } from './hash-directory';

function firstIndexByScan(hashes: Uint32Array, hash: number): number {
  const index = hashes.findIndex((value) => value >= hash);
  return index === -1 ? hashes.length : index;
}

describe('HashDirectory', () => {
  it('finds the first of repeated hashes and the insertion point of absent ones, as a binary search would', () => {
    const values: number[] = [];
    let state = 7;
    for (let index = 0; index < 5000; index += 1) {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      values.push(state, state);
    }
    values.push(0, 0xffffffff);
    const hashes = Uint32Array.from(values.toSorted((a, b) => a - b));
    const directory = new HashDirectory(hashes);
    for (const hash of [...hashes.subarray(0, 200), 1, 0xfffffffe, 0x80000000, hashes[4000]! + 1]) {
      expect(directory.findFirst(hashes, hash)).toBe(firstIndexByScan(hashes, hash));
    }
  });

  it('answers an empty array with index 0', () => {
    const hashes = new Uint32Array(0);
    expect(new HashDirectory(hashes).findFirst(hashes, 12_345)).toBe(0);
  });
});
