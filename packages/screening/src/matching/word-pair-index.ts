/**
 * Names by the pairs of distinctive words they hold. At a million names a common word ('Ali',
 * 'Hassan') sits in tens of thousands of them, but a pair of such words in a few: when a query
 * needs two words that are both common, the names holding both are read here instead of
 * intersecting two long postings lists. Pair hashes and name ids sit in two sorted typed arrays.
 */
import { HashDirectory } from './hash-directory';

const NAME_BITS = 2 ** 21;
/** Pairs are taken among the first words of a long name only; long organisation names would explode. */
const MAX_WORDS_PER_NAME = 8;
/** Of the other words (particles, light terms, legal forms) only the first few of a name are paired. */
const MAX_SECONDARY_PER_NAME = 4;
/** `role[wordId]`: a distinctive word, paired with every other distinctive and secondary word of a name. */
export const PAIR_DISTINCTIVE = 1;
/** `role[wordId]`: a secondary word ('abdul', 'bin'), paired with the distinctive words only. */
export const PAIR_SECONDARY = 2;

function hashPair(first: number, second: number): number {
  const low = Math.min(first, second);
  const high = Math.max(first, second);
  let hash = Math.imul(low ^ 0x5bd1e995, 0x9e3779b1) ^ Math.imul(high + 0x7f4a7c15, 0x85ebca77);
  hash ^= hash >>> 15;
  hash = Math.imul(hash, 0x2c1b3c6d);
  return (hash ^ (hash >>> 12)) >>> 0;
}

export class WordPairIndex {
  private readonly hashes: Uint32Array;
  private readonly directory: HashDirectory;
  private readonly names: Uint32Array;

  private constructor(hashes: Uint32Array, names: Uint32Array) {
    this.hashes = hashes;
    this.names = names;
    this.directory = new HashDirectory(hashes);
  }

  /**
   * `role[wordId]` marks the distinctive words (name words, patronymics, organisation terms of
   * weight) `PAIR_DISTINCTIVE`, and the secondary words (particles, light terms, legal forms)
   * `PAIR_SECONDARY`: a common particle misspelt as a word ('Abndul Mohd') is then read as a pair
   * too. Two secondary words are never paired; a distinctive word held twice is paired with itself. Names are given as word ids per name. Holds fewer
   * than 2,097,152 names.
   */
  static build(tokenStart: Uint32Array, tokenWords: Uint32Array, role: Uint8Array): WordPairIndex {
    const nameCount = tokenStart.length - 1;
    if (nameCount >= NAME_BITS) throw new RangeError(`Word-pair index holds at most ${NAME_BITS - 1} names`);
    let packed = new Float64Array(Math.max(1024, nameCount * 4));
    let size = 0;
    const words: number[] = [];
    const secondary: number[] = [];
    const repeated: number[] = [];
    for (let name = 0; name < nameCount; name += 1) {
      words.length = 0;
      secondary.length = 0;
      repeated.length = 0;
      for (let index = tokenStart[name]!; index < tokenStart[name + 1]!; index += 1) {
        const word = tokenWords[index]!;
        if (role[word] === PAIR_DISTINCTIVE && words.length < MAX_WORDS_PER_NAME) {
          if (!words.includes(word)) words.push(word);
          else if (!repeated.includes(word)) repeated.push(word);
        } else if (role[word] === PAIR_SECONDARY && secondary.length < MAX_SECONDARY_PER_NAME && !secondary.includes(word))
          secondary.push(word);
      }
      const pairs = (words.length * (words.length - 1)) / 2 + words.length * secondary.length + repeated.length;
      if (size + pairs > packed.length) {
        const grown = new Float64Array(Math.max(packed.length * 2, size + pairs));
        grown.set(packed.subarray(0, size));
        packed = grown;
      }
      for (let first = 0; first < words.length; first += 1) {
        for (let second = first + 1; second < words.length; second += 1)
          packed[size++] = hashPair(words[first]!, words[second]!) * NAME_BITS + name;
        for (const other of secondary) packed[size++] = hashPair(words[first]!, other) * NAME_BITS + name;
      }
      // A word written twice ('Oo Oo Khine', 'Ali bin Ali') pairs with itself, so a query holding it twice finds the name.
      for (const word of repeated) packed[size++] = hashPair(word, word) * NAME_BITS + name;
    }
    const sorted = packed.subarray(0, size).toSorted();
    const hashes = new Uint32Array(size);
    const names = new Uint32Array(size);
    for (let index = 0; index < size; index += 1) {
      const value = sorted[index]!;
      const hash = Math.floor(value / NAME_BITS);
      hashes[index] = hash;
      names[index] = value - hash * NAME_BITS;
    }
    return new WordPairIndex(hashes, names);
  }

  get byteSize(): number {
    return this.hashes.byteLength + this.names.byteLength + this.directory.byteSize;
  }

  /** Appends every name holding both words (and, rarely, a name whose pair hash collides). */
  collectNames(first: number, second: number, into: number[]): void {
    const hash = hashPair(first, second);
    const hashes = this.hashes;
    for (let index = this.directory.findFirst(hashes, hash); index < hashes.length && hashes[index] === hash; index += 1)
      into.push(this.names[index]!);
  }
}
