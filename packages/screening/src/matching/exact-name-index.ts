/**
 * Names by the set of their words, in any order: a query whose words are all listed words finds
 * the names made of exactly those words with one lookup, whatever the pruning of the candidate
 * search would do with common or short words ('Kim Jong Un', 'Oo Oo Khine', 'Ali bin Ali'). An
 * exact or reordered listed name therefore always reaches scoring. One 32-bit hash of the sorted
 * word ids per name (a sum of mixed ids, so order does not matter); hashes and name ids sit in two sorted typed arrays.
 */
import { HashDirectory } from './hash-directory';

function mixWord(word: number): number {
  let hash = Math.imul(word ^ 0x5bd1e995, 0x9e3779b1);
  hash ^= hash >>> 15;
  hash = Math.imul(hash, 0x2c1b3c6d);
  return (hash ^ (hash >>> 12)) >>> 0;
}

/** Hash of a set of word ids with repeats, in any order: a sum of mixed ids, mixed with the count. */
export function hashWordSet(words: ArrayLike<number>, start = 0, end = words.length): number {
  let sum = 0;
  for (let index = start; index < end; index += 1) sum = (sum + mixWord(words[index]!)) >>> 0;
  let hash = Math.imul(sum ^ (end - start), 0x85ebca6b);
  hash ^= hash >>> 13;
  return Math.imul(hash, 0xc2b2ae35) >>> 0;
}

function countOf(words: ArrayLike<number>, start: number, end: number, word: number): number {
  let count = 0;
  for (let index = start; index < end; index += 1) if (words[index] === word) count += 1;
  return count;
}

export class ExactNameIndex {
  private readonly hashes: Uint32Array;
  private readonly names: Uint32Array;
  private readonly directory: HashDirectory;
  private readonly tokenStart: Uint32Array;
  private readonly tokenWords: Uint32Array;

  private constructor(hashes: Uint32Array, names: Uint32Array, tokenStart: Uint32Array, tokenWords: Uint32Array) {
    this.hashes = hashes;
    this.names = names;
    this.directory = new HashDirectory(hashes);
    this.tokenStart = tokenStart;
    this.tokenWords = tokenWords;
  }

  /** Names are given as word ids per name: name n is tokenWords[tokenStart[n] .. tokenStart[n + 1]). */
  static build(tokenStart: Uint32Array, tokenWords: Uint32Array): ExactNameIndex {
    const nameCount = tokenStart.length - 1;
    const hashOf = new Uint32Array(nameCount);
    for (let name = 0; name < nameCount; name += 1) hashOf[name] = hashWordSet(tokenWords, tokenStart[name]!, tokenStart[name + 1]!);
    const order = Uint32Array.from({ length: nameCount }, (_, name) => name).toSorted((a, b) => hashOf[a]! - hashOf[b]! || a - b);
    const hashes = new Uint32Array(nameCount);
    for (let index = 0; index < nameCount; index += 1) hashes[index] = hashOf[order[index]!]!;
    return new ExactNameIndex(hashes, order, tokenStart, tokenWords);
  }

  get byteSize(): number {
    return this.hashes.byteLength + this.names.byteLength + this.directory.byteSize;
  }

  /** Appends the names made of exactly these words (repeats counted), in any order. */
  collectNames(words: readonly number[], into: number[]): void {
    const hash = hashWordSet(words);
    const hashes = this.hashes;
    for (let index = this.directory.findFirst(hashes, hash); index < hashes.length && hashes[index] === hash; index += 1) {
      const name = this.names[index]!;
      if (this.holdsExactly(name, words)) into.push(name);
    }
  }

  /** Guards against hash collisions: the name holds each given word as often as given, and nothing else. */
  private holdsExactly(name: number, words: readonly number[]): boolean {
    const start = this.tokenStart[name]!;
    const end = this.tokenStart[name + 1]!;
    if (end - start !== words.length) return false;
    return words.every((word) => countOf(this.tokenWords, start, end, word) === countOf(words, 0, words.length, word));
  }
}
