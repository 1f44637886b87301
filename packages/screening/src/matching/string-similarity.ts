/**
 * Character-level similarity measures. They run in the inner loop of every query, so they work on
 * reused typed-array rows instead of allocating a matrix per call.
 */

const MAX_LENGTH = 64;
let rowA = new Float64Array(MAX_LENGTH + 1);
let rowB = new Float64Array(MAX_LENGTH + 1);
let rowC = new Float64Array(MAX_LENGTH + 1);
const gapCostsB = new Float64Array(MAX_LENGTH + 1);
const matchedA = new Uint8Array(MAX_LENGTH);
const matchedB = new Uint8Array(MAX_LENGTH);

/** Jaro-Winkler similarity (prefix scale 0.1, up to 4 prefix characters), 0..1. */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return a.length === 0 ? 0 : 1;
  const lengthA = Math.min(a.length, MAX_LENGTH);
  const lengthB = Math.min(b.length, MAX_LENGTH);
  if (lengthA === 0 || lengthB === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(lengthA, lengthB) / 2) - 1);
  matchedA.fill(0, 0, lengthA);
  matchedB.fill(0, 0, lengthB);
  let matches = 0;
  for (let i = 0; i < lengthA; i += 1) {
    const start = Math.max(0, i - window);
    const end = Math.min(lengthB - 1, i + window);
    for (let j = start; j <= end; j += 1) {
      if (matchedB[j] === 0 && a.charCodeAt(i) === b.charCodeAt(j)) {
        matchedA[i] = 1;
        matchedB[j] = 1;
        matches += 1;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < lengthA; i += 1) {
    if (matchedA[i] === 0) continue;
    while (matchedB[k] === 0) k += 1;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions += 1;
    k += 1;
  }
  const jaro = (matches / lengthA + matches / lengthB + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < lengthA && prefix < lengthB && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix += 1;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** Substitution cost between two characters; cheap for pairs that transliterations and typists swap. */
export type SubstitutionCost = (a: number, b: number) => number;

const VOWELS = new Set([...'aeiouy'].map((char) => char.charCodeAt(0)));

export function isVowelCode(code: number): boolean {
  return VOWELS.has(code);
}

/**
 * Optimal-string-alignment edit distance (insert, delete, substitute, swap adjacent) with a
 * caller-supplied substitution cost. Inserting or deleting a doubled letter costs less, because
 * 'Basharr' and 'Joonng' are keyboard stutters rather than different names. Stops early and
 * returns a value above `maxDistance` once every alignment costs more than that.
 */
export function weightedEditDistance(a: string, b: string, substitution: SubstitutionCost, maxDistance = Number.POSITIVE_INFINITY): number {
  const lengthA = Math.min(a.length, MAX_LENGTH);
  const lengthB = Math.min(b.length, MAX_LENGTH);
  if (lengthA === 0) return lengthB;
  if (lengthB === 0) return lengthA;
  let previous = rowA;
  let current = rowB;
  let beforePrevious = rowC;
  previous[0] = 0;
  for (let j = 1; j <= lengthB; j += 1) {
    gapCostsB[j] = j > 1 && b.charCodeAt(j - 2) === b.charCodeAt(j - 1) ? 0.4 : 1;
    previous[j] = previous[j - 1]! + gapCostsB[j]!;
  }
  let previousCodeA = -1;
  for (let i = 1; i <= lengthA; i += 1) {
    const codeA = a.charCodeAt(i - 1);
    const deleteCost = codeA === previousCodeA ? 0.4 : 1;
    current[0] = previous[0]! + deleteCost;
    let rowMinimum = current[0]!;
    for (let j = 1; j <= lengthB; j += 1) {
      const codeB = b.charCodeAt(j - 1);
      const substitute = previous[j - 1]! + (codeA === codeB ? 0 : substitution(codeA, codeB));
      let best = previous[j]! + deleteCost;
      const insert = current[j - 1]! + gapCostsB[j]!;
      if (insert < best) best = insert;
      if (substitute < best) best = substitute;
      if (i > 1 && j > 1 && codeA !== codeB && codeA === b.charCodeAt(j - 2) && previousCodeA === codeB) {
        const swap = beforePrevious[j - 2]! + 0.8;
        if (swap < best) best = swap;
      }
      current[j] = best;
      if (best < rowMinimum) rowMinimum = best;
    }
    if (rowMinimum > maxDistance) return rowMinimum;
    const recycled = beforePrevious;
    beforePrevious = previous;
    previous = current;
    current = recycled;
    previousCodeA = codeA;
  }
  rowA = previous;
  rowB = current;
  rowC = beforePrevious;
  return previous[lengthB]!;
}

/**
 * 1 − distance / longer length, floored at 0: the share of the longer string that survives the
 * edits. Below `floor` the result is only known to be below it (the distance stops early).
 */
export function editSimilarity(a: string, b: string, substitution: SubstitutionCost, floor = 0): number {
  if (a === b) return 1;
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 0;
  return Math.max(0, 1 - weightedEditDistance(a, b, substitution, (1 - floor) * longer) / longer);
}
