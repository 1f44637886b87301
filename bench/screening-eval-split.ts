/**
 * The split of the labelled screening cases into a part to tune on and a part held apart: a case
 * belongs to one part by a hash of its own text (FNV-1a), so the split is the same on every run and
 * does not depend on the order of the file. Work that changes the matcher looks only at the tuning
 * part's errors; the held-apart part is reported beside it and never read case by case.
 */
export type SplitPart = 'tuned' | 'heldApart';

export function splitOf(key: string): SplitPart {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 2 === 0 ? 'tuned' : 'heldApart';
}

/** Cases grouped by part, in their original order. */
export function splitCases<T>(cases: readonly T[], keyOf: (item: T) => string): Record<SplitPart, T[]> {
  const parts: Record<SplitPart, T[]> = { tuned: [], heldApart: [] };
  for (const item of cases) parts[splitOf(keyOf(item))].push(item);
  return parts;
}
