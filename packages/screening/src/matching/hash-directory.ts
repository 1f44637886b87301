/**
 * A directory over a sorted array of 32-bit hashes: the hashes sharing their top bits form one
 * bucket, so finding a hash reads the directory and a few neighbouring entries instead of
 * binary-searching millions of them (each step of which is a cache miss).
 */

/** About four hashes per bucket; at least 2^8 and at most 2^22 buckets. */
function chooseBits(entryCount: number): number {
  return Math.min(22, Math.max(8, Math.ceil(Math.log2(Math.max(1, entryCount / 4)))));
}

export class HashDirectory {
  private readonly shift: number;
  private readonly starts: Uint32Array;

  /** `hashes` must be sorted ascending. */
  constructor(hashes: Uint32Array) {
    const bits = chooseBits(hashes.length);
    this.shift = 32 - bits;
    const bucketCount = 2 ** bits;
    this.starts = new Uint32Array(bucketCount + 1);
    let bucket = 0;
    for (let index = 0; index < hashes.length; index += 1) {
      const own = hashes[index]! >>> this.shift;
      while (bucket <= own) this.starts[bucket++] = index;
    }
    while (bucket <= bucketCount) this.starts[bucket++] = hashes.length;
  }

  get byteSize(): number {
    return this.starts.byteLength;
  }

  /** The first index of `hash` in `hashes`, or the index where it would be inserted. */
  findFirst(hashes: Uint32Array, hash: number): number {
    const bucket = hash >>> this.shift;
    let low = this.starts[bucket]!;
    let high = this.starts[bucket + 1]!;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (hashes[middle]! < hash) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
