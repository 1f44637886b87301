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

/**
 * The engine's descriptor is two descriptors end to end: face-api's 128-d ResNet-34 (dlib's
 * training) and FaceRes's 1024-d unit vector (HSE, VGGFace2), two networks trained apart on
 * different data and crops, whose mistakes are partly independent. Their scores are averaged with
 * equal weight (no weight was fitted): on the tuning pairs this cut the false non-match rate at a
 * 1 % false match rate from 4.6 % (ResNet alone) or 5.1 % (FaceRes alone) to 1.8 %
 * (npm run eval -- idv-faces, `recognizers`).
 */
export const RESNET_DESCRIPTOR_LENGTH = 128;
export const FACERES_DESCRIPTOR_LENGTH = 1024;
export const FUSED_DESCRIPTOR_LENGTH = RESNET_DESCRIPTOR_LENGTH + FACERES_DESCRIPTOR_LENGTH;

export interface DescriptorScores {
  readonly score: number;
  /** Euclidean distance of the ResNet parts (face-api's native measure), or of the whole vectors when they are not fused. */
  readonly distance: number;
  /** Each network's own score, when both descriptors are fused ones. */
  readonly parts?: { readonly resnet: number; readonly faceres: number };
}

/** Score and distance of two descriptors, rounded as every result of the engine reports them. */
export function scoreDescriptors(a: ArrayLike<number>, b: ArrayLike<number>): DescriptorScores {
  if (a.length === FUSED_DESCRIPTOR_LENGTH && b.length === FUSED_DESCRIPTOR_LENGTH) {
    const resnetDistance = euclideanDistance(slice(a, 0, RESNET_DESCRIPTOR_LENGTH), slice(b, 0, RESNET_DESCRIPTOR_LENGTH));
    const faceresDistance = euclideanDistance(slice(a, RESNET_DESCRIPTOR_LENGTH), slice(b, RESNET_DESCRIPTOR_LENGTH));
    const resnet = distanceToScore(resnetDistance);
    const faceres = distanceToScore(faceresDistance);
    return {
      score: Math.round(((resnet + faceres) / 2) * 100) / 100,
      distance: Math.round(resnetDistance * 10_000) / 10_000,
      parts: { resnet, faceres },
    };
  }
  const distance = euclideanDistance(a, b);
  return { score: distanceToScore(distance), distance: Math.round(distance * 10_000) / 10_000 };
}

function slice(values: ArrayLike<number>, start: number, end = values.length): number[] {
  return Array.from({ length: end - start }, (_, i) => values[start + i] ?? 0);
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
