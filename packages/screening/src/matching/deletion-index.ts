/**
 * Finds the vocabulary words within one or two edits of a query word without comparing it with
 * every word (symmetric deletion, as in SymSpell): every word is stored under the hashes of itself
 * and of the strings left after deleting one letter (two, from seven letters on); a query word
 * looks up its own deletions. Hashes and word ids sit in two sorted typed arrays, 8 bytes per
 * entry, so the structure stays small and is built with one numeric sort.
 */
import { HashDirectory } from './hash-directory';

const TWO_DELETIONS_FROM = 7;
const MAX_INDEXED_LENGTH = 24;
const ID_BITS = 2 ** 21;

/** The word and the strings left after deleting one (or, for long words, up to two) letters. */
export function collectDeletions(word: string, into: Set<string>): void {
  into.add(word);
  if (word.length > MAX_INDEXED_LENGTH || word.length < 3) return;
  for (let first = 0; first < word.length; first += 1) {
    const once = word.slice(0, first) + word.slice(first + 1);
    into.add(once);
    if (word.length < TWO_DELETIONS_FROM) continue;
    for (let second = first; second < once.length; second += 1) into.add(once.slice(0, second) + once.slice(second + 1));
  }
}

export class DeletionIndex {
  private readonly hashes: Uint32Array;
  private readonly directory: HashDirectory;
  private readonly ids: Uint32Array;

  private constructor(hashes: Uint32Array, ids: Uint32Array) {
    this.hashes = hashes;
    this.ids = ids;
    this.directory = new HashDirectory(hashes);
  }

  /** `wordsById[id]` lists the spellings of vocabulary word `id` (fewer than 2,097,152 ids). */
  static build(wordsById: readonly (readonly string[])[]): DeletionIndex {
    if (wordsById.length >= ID_BITS) throw new RangeError(`Deletion index holds at most ${ID_BITS - 1} words`);
    let packed = new Float64Array(1024);
    let size = 0;
    const deletions = new Set<string>();
    for (let id = 0; id < wordsById.length; id += 1) {
      deletions.clear();
      for (const word of wordsById[id]!) collectDeletions(word, deletions);
      if (size + deletions.size > packed.length) {
        const grown = new Float64Array(Math.max(packed.length * 2, size + deletions.size));
        grown.set(packed.subarray(0, size));
        packed = grown;
      }
      for (const deletion of deletions) packed[size++] = hashSkipping(deletion, -1, -1) * ID_BITS + id;
    }
    const sorted = packed.subarray(0, size).toSorted();
    const hashes = new Uint32Array(size);
    const ids = new Uint32Array(size);
    for (let index = 0; index < size; index += 1) {
      const value = sorted[index]!;
      const hash = Math.floor(value / ID_BITS);
      hashes[index] = hash;
      ids[index] = value - hash * ID_BITS;
    }
    return new DeletionIndex(hashes, ids);
  }

  get entryCount(): number {
    return this.hashes.length;
  }

  get byteSize(): number {
    return this.hashes.byteLength + this.ids.byteLength + this.directory.byteSize;
  }

  /**
   * Appends to `into` the id of every word sharing a deletion with `word` (ids may repeat).
   * `maxDeletions` (1 or 2) limits the query side, for long joined words where two would be many.
   * Deletion hashes are computed in place, without building the deleted strings.
   */
  lookup(word: string, into: number[], maxDeletions = 2): void {
    const length = word.length;
    this.collectHash(hashSkipping(word, -1, -1), into);
    if (length > MAX_INDEXED_LENGTH || length < 3) return;
    const isTwo = maxDeletions >= 2 && length >= TWO_DELETIONS_FROM;
    for (let first = 0; first < length; first += 1) {
      if (first > 0 && word.charCodeAt(first) === word.charCodeAt(first - 1)) continue;
      this.collectHash(hashSkipping(word, first, -1), into);
      if (!isTwo) continue;
      for (let second = first + 1; second < length; second += 1) {
        if (second > first + 1 && word.charCodeAt(second) === word.charCodeAt(second - 1)) continue;
        this.collectHash(hashSkipping(word, first, second), into);
      }
    }
  }

  private collectHash(hash: number, into: number[]): void {
    const hashes = this.hashes;
    for (let index = this.directory.findFirst(hashes, hash); index < hashes.length && hashes[index] === hash; index += 1)
      into.push(this.ids[index]!);
  }
}

/** FNV-1a of `word` without the characters at `skipA` and `skipB` (-1 skips nothing). */
function hashSkipping(word: string, skipA: number, skipB: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < word.length; index += 1) {
    if (index === skipA || index === skipB) continue;
    hash ^= word.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
