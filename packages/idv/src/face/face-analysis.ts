import { describeFace, locateFaceShape, type DescribedFace, type FaceBox } from './face-description';
import { searchFaces, type DetectionPass, type Rotation } from './face-detector';
import type { FaceModels } from './face-models';
import { summarisePresentation, type PresentationAssessment } from './presentation-score';
import type { Point, RgbImage } from './rgb-image';

export interface FaceSummary {
  /** Pixel box in the upright image (after EXIF orientation and `rotation`). */
  readonly box: FaceBox;
  /** Detector confidence, 0-1. */
  readonly detectionScore: number;
  /** In-plane tilt of the eye line, degrees (positive: clockwise in the image); null when not located. */
  readonly rollDegrees: number | null;
  /** The 68 landmarks (iBUG 300-W order); null for faces that were counted but not located. */
  readonly landmarks: readonly Point[] | null;
}

export interface ImageFaces {
  readonly width: number;
  readonly height: number;
  /** Clockwise quarter turns applied because the face was only found that way up. */
  readonly rotation: Rotation;
  readonly pass: DetectionPass;
  readonly faceCount: number;
  /** Most prominent (largest) first. */
  readonly faces: readonly FaceSummary[];
  /**
   * Passive anti-spoofing of the main face (presentation-score.ts); null without a face, and not
   * measured by `detectFaces` (only where the main face is described).
   */
  readonly presentation?: PresentationAssessment | null;
}

export interface ImageWithMainFace {
  readonly summary: ImageFaces;
  /** The largest face with its descriptor; null when no face was found. */
  readonly main: DescribedFace | null;
  readonly image: RgbImage;
}

/** At most this many faces get landmarks in a detection report; a crowd photo is not our input. */
const MAX_REPORTED_FACES = 10;

/**
 * The image's largest face, described. `withPresentation: false` leaves out the anti-spoofing
 * networks, for a caller that reads only the descriptor (a liveness check's reference portrait).
 */
export async function findMainFace(
  models: FaceModels,
  image: RgbImage,
  options: { readonly withPresentation?: boolean } = {},
): Promise<ImageWithMainFace> {
  const search = await searchFaces(models, image);
  const [first, ...others] = search.faces;
  const main = first ? await describeFace(models, search.image, first.box) : null;
  const faces: FaceSummary[] = [];
  if (first && main) faces.push(summarise(first.box, first.score, main.landmarks, main.roll));
  for (const other of others) faces.push(summarise(other.box, other.score, null, null));
  const isAssessed = main !== null && (options.withPresentation ?? true);
  const presentation = isAssessed ? summarisePresentation([await models.assessPresentation(search.image, main.landmarks)]) : null;
  return { summary: { ...toImageFaces(search, faces), presentation }, main, image: search.image };
}

export async function findAllFaces(models: FaceModels, image: RgbImage): Promise<ImageFaces> {
  const search = await searchFaces(models, image);
  const faces: FaceSummary[] = [];
  for (const face of search.faces.slice(0, MAX_REPORTED_FACES)) {
    const shape = await locateFaceShape(models, search.image, face.box);
    faces.push(summarise(face.box, face.score, shape.landmarks, shape.roll));
  }
  return toImageFaces(search, faces, search.faces.length);
}

function toImageFaces(
  search: { image: RgbImage; rotation: Rotation; pass: DetectionPass },
  faces: FaceSummary[],
  faceCount = faces.length,
): ImageFaces {
  return { width: search.image.width, height: search.image.height, rotation: search.rotation, pass: search.pass, faceCount, faces };
}

function summarise(box: FaceBox, score: number, landmarks: readonly Point[] | null, roll: number | null): FaceSummary {
  return {
    box: { x: round(box.x), y: round(box.y), width: round(box.width), height: round(box.height) },
    detectionScore: Math.round(score * 1000) / 1000,
    rollDegrees: roll === null ? null : round((roll * 180) / Math.PI),
    landmarks: landmarks ? landmarks.map((point) => ({ x: round(point.x), y: round(point.y) })) : null,
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
