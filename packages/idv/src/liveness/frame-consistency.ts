import type { FaceBox } from '../face/face-description';
import { scoreDescriptors } from '../face/face-similarity';
import type { Point } from '../face/rgb-image';
import { affineResidual, normaliseShape } from './landmark-geometry';

export interface FaceInFrame {
  readonly box: FaceBox;
  readonly detectionScore: number;
  readonly landmarks: readonly Point[];
  readonly rollDegrees: number;
  /** Subject-centred: positive = the subject's own left. */
  readonly yawDegrees: number;
  readonly eyeAspectRatio: number;
}

export interface FrameObservation {
  readonly index: number;
  /** Faces counted in the frame: the main one plus clearly visible others. */
  readonly faceCount: number;
  readonly face: FaceInFrame | null;
}

/** A face must be seen in at least this share of the frames: someone must stay in front of the camera. */
export const MIN_FACE_PRESENCE = 0.6;
/** Second faces in this share of the face frames (and in at least two frames) fail the check. */
export const SEVERAL_FACES_SHARE = 0.1;
/**
 * Below all three of these the face only ever moved as a flat picture can: shape change is the
 * affine residual (see landmark-geometry.ts) in eye-distance units, its 90th percentile over the
 * frames so that one mis-located frame does not count. The three spoof samples, swayed, turned and
 * tilted in front of a simulated camera (npm run eval -- idv-faces), stay at or below 0.03, 9
 * degrees and 0.13; a live person answering a challenge exceeds them by construction: a head turn
 * spans at least 30 degrees of yaw, a blink lowers the eye aspect ratio by a quarter.
 */
export const STILL_SHAPE_CHANGE = 0.04;
export const STILL_YAW_RANGE_DEGREES = 12;
export const STILL_EYE_RANGE_SHARE = 0.2;
/** Frames used for the identity check are roughly frontal, where descriptors are reliable. */
export const IDENTITY_FRAME_MAX_YAW = 20;
export const IDENTITY_FRAMES = 6;

export function measurePresence(frames: readonly FrameObservation[]): { framesWithFace: number; share: number } {
  const framesWithFace = frames.filter((frame) => frame.face !== null).length;
  return { framesWithFace, share: frames.length === 0 ? 0 : framesWithFace / frames.length };
}

export function countSeveralFaceFrames(frames: readonly FrameObservation[]): number {
  return frames.filter((frame) => frame.faceCount > 1).length;
}

export function hasSeveralFaces(frames: readonly FrameObservation[]): boolean {
  const several = countSeveralFaceFrames(frames);
  const { framesWithFace } = measurePresence(frames);
  return several >= 2 && several >= framesWithFace * SEVERAL_FACES_SHARE;
}

export interface MotionMeasures {
  /** 90th percentile of the frames' affine residual from the median shape, eye-distance units. */
  readonly shapeChange: number;
  readonly yawRangeDegrees: number;
  /** (max - min) / max of the eye aspect ratio. */
  readonly eyeRangeShare: number;
}

export function measureMotion(frames: readonly FrameObservation[]): MotionMeasures {
  const faces = frames.flatMap((frame) => (frame.face ? [frame.face] : []));
  if (faces.length === 0) return { shapeChange: 0, yawRangeDegrees: 0, eyeRangeShare: 0 };
  const shapes = faces.map((face) => normaliseShape(face.landmarks));
  const middle = medianShape(shapes);
  const changes = shapes.map((shape) => affineResidual(shape, middle)).toSorted((a, b) => a - b);
  const yaws = faces.map((face) => face.yawDegrees);
  const eyes = faces.map((face) => face.eyeAspectRatio);
  const maxEye = Math.max(...eyes);
  return {
    shapeChange: changes[Math.min(changes.length - 1, Math.floor(changes.length * 0.9))] ?? 0,
    yawRangeDegrees: Math.max(...yaws) - Math.min(...yaws),
    eyeRangeShare: maxEye > 0 ? (maxEye - Math.min(...eyes)) / maxEye : 0,
  };
}

export function isStill(motion: MotionMeasures): boolean {
  return (
    motion.shapeChange < STILL_SHAPE_CHANGE &&
    motion.yawRangeDegrees < STILL_YAW_RANGE_DEGREES &&
    motion.eyeRangeShare < STILL_EYE_RANGE_SHARE
  );
}

/** The most frontal, level, confidently detected frame: the one compared with the document. */
export function chooseAnchorFrame(frames: readonly FrameObservation[]): FrameObservation | null {
  let best: FrameObservation | null = null;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const frame of frames) {
    if (!frame.face) continue;
    const cost = Math.abs(frame.face.yawDegrees) + Math.abs(frame.face.rollDegrees) / 2 + (1 - frame.face.detectionScore) * 10;
    if (cost < bestCost) {
      best = frame;
      bestCost = cost;
    }
  }
  return best;
}

/** Up to IDENTITY_FRAMES roughly frontal frames spread evenly over the video, the anchor excluded. */
export function chooseIdentityFrames(frames: readonly FrameObservation[], anchorIndex: number): FrameObservation[] {
  const withFace = frames.filter((frame) => frame.face !== null && frame.index !== anchorIndex);
  const frontal = withFace.filter((frame) => Math.abs(frame.face?.yawDegrees ?? 0) <= IDENTITY_FRAME_MAX_YAW);
  const pool = frontal.length >= 2 ? frontal : withFace;
  if (pool.length <= IDENTITY_FRAMES) return pool;
  const chosen: FrameObservation[] = [];
  for (let i = 0; i < IDENTITY_FRAMES; i += 1) {
    const frame = pool[Math.round(((i + 0.5) * pool.length) / IDENTITY_FRAMES - 0.5)];
    if (frame) chosen.push(frame);
  }
  return chosen;
}

export interface IdentityConsistency {
  readonly consistent: boolean;
  /** The lowest similarity score between the anchor frame and another sampled frame; null with nothing to compare. */
  readonly lowestScore: number | null;
  readonly lowestFrame: number | null;
}

export function assessIdentity(
  anchor: Float32Array,
  others: readonly { index: number; descriptor: Float32Array }[],
  threshold: number,
): IdentityConsistency {
  let lowestScore: number | null = null;
  let lowestFrame: number | null = null;
  for (const other of others) {
    const { score } = scoreDescriptors(anchor, other.descriptor);
    if (lowestScore === null || score < lowestScore) {
      lowestScore = score;
      lowestFrame = other.index;
    }
  }
  return { consistent: lowestScore === null || lowestScore >= threshold, lowestScore, lowestFrame };
}

function medianShape(shapes: readonly (readonly Point[])[]): Point[] {
  const first = shapes[0] ?? [];
  return first.map((_, pointIndex) => ({
    x: median(shapes.map((shape) => shape[pointIndex]?.x ?? 0)),
    y: median(shapes.map((shape) => shape[pointIndex]?.y ?? 0)),
  }));
}

function median(values: readonly number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
