/**
 * Scores are on a 0-100 scale derived from face-api's native measure, the Euclidean distance d
 * between the two 128-d descriptors: score = 100 x (1 - d / 2), clamped to 0-100 and rounded to
 * two decimals. d = 0.6, dlib's customary same-person cut, is a score of 70. Cosine similarity was
 * measured and rejected: these descriptors share a large common component, so cosine squeezes
 * same-person pairs into 0.92-0.99 and different-person pairs into 0.72-0.93 (npm run eval --
 * idv-faces; bench/results/idv-faces-eval.json has both distributions).
 */
export function euclideanDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length || a.length === 0) throw new RangeError(`Descriptors differ in length: ${a.length} and ${b.length}`);
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    sum += difference * difference;
  }
  return Math.sqrt(sum);
}

export function distanceToScore(distance: number): number {
  return Math.round(Math.max(0, Math.min(1, 1 - distance / 2)) * 10_000) / 100;
}

export function scoreToDistance(score: number): number {
  return 2 * (1 - score / 100);
}

export function similarityScore(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return distanceToScore(euclideanDistance(a, b));
}

/** Score and distance of two descriptors, rounded as every result of the engine reports them. */
export function scoreDescriptors(a: ArrayLike<number>, b: ArrayLike<number>): { score: number; distance: number } {
  const distance = euclideanDistance(a, b);
  return { score: distanceToScore(distance), distance: Math.round(distance * 10_000) / 10_000 };
}

/** A score equal to the threshold matches: the threshold is the lowest accepted score. */
export function isFaceMatch(score: number, threshold: number): boolean {
  return score >= threshold;
}

export function assertThreshold(threshold: number): number {
  if (!Number.isFinite(threshold) || threshold < 0 || threshold > 100) {
    throw new RangeError(`A face-match threshold is a score between 0 and 100, got ${threshold}`);
  }
  return threshold;
}
