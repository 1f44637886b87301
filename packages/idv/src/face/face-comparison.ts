import { findMainFace, type ImageFaces, type ImageWithMainFace } from './face-analysis';
import type { FaceModels } from './face-models';
import { isFaceMatch, scoreDescriptors } from './face-similarity';
import type { RgbImage } from './rgb-image';

export type FaceComparisonIssue = 'NO_FACE_IN_FIRST' | 'NO_FACE_IN_SECOND' | 'SEVERAL_FACES_IN_FIRST' | 'SEVERAL_FACES_IN_SECOND';

export interface FaceComparison {
  /** 0-100, the mean of the two networks' scores, each 100 x (1 - distance / 2) (see face-similarity.ts); 0 when either image has no face. */
  readonly score: number;
  /** The lowest score accepted as the same person. */
  readonly threshold: number;
  readonly match: boolean;
  /** Euclidean distance of the ResNet-34 descriptors (face-api's native measure, 0.6 being its usual cut); null without faces. */
  readonly distance: number | null;
  /**
   * NO_FACE_* makes `match` false. SEVERAL_FACES_* is a warning: the largest face was compared,
   * which is right for a document with a ghost portrait and worth a look for a selfie.
   */
  readonly issues: readonly FaceComparisonIssue[];
  /** Each network's own score (ResNet-34 and FaceRes) whose mean is `score`; null without faces. */
  readonly scores: { readonly resnet: number; readonly faceres: number } | null;
  readonly first: ImageFaces;
  readonly second: ImageFaces;
}

export async function compareImageFaces(models: FaceModels, first: RgbImage, second: RgbImage, threshold: number): Promise<FaceComparison> {
  const a = await findMainFace(models, first);
  const b = await findMainFace(models, second);
  return compareMainFaces(a, b, threshold);
}

export function compareMainFaces(a: ImageWithMainFace, b: ImageWithMainFace, threshold: number): FaceComparison {
  const issues: FaceComparisonIssue[] = [];
  if (!a.main) issues.push('NO_FACE_IN_FIRST');
  if (!b.main) issues.push('NO_FACE_IN_SECOND');
  if (a.summary.faceCount > 1) issues.push('SEVERAL_FACES_IN_FIRST');
  if (b.summary.faceCount > 1) issues.push('SEVERAL_FACES_IN_SECOND');
  if (!a.main || !b.main) {
    return { score: 0, threshold, match: false, distance: null, issues, scores: null, first: a.summary, second: b.summary };
  }
  const { score, distance, parts } = scoreDescriptors(a.main.descriptor, b.main.descriptor);
  return {
    score,
    threshold,
    match: isFaceMatch(score, threshold),
    distance,
    issues,
    scores: parts ?? null,
    first: a.summary,
    second: b.summary,
  };
}
