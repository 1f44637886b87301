import { intersectionOverUnion } from './box-geometry';
import type { FaceBox } from './face-description';
import { IMAGE_LEFT_EYE, IMAGE_RIGHT_EYE, NOSE_TIP, boundingBox, estimateRoll, landmarkAt, meanPoint, rotatePoint } from './face-landmarks';
import type { Point } from './rgb-image';

/**
 * Whether 68 landmarks describe an upright face where the detector put one. The landmark network
 * always returns a face-like shape, even on a patch of wall; what it cannot fake is a shape that
 * stands upright (eyes level, above the nose, above the mouth), has a face's proportions, and
 * fills the box the detector drew. A face found in a turned copy of a photo must pass this as an
 * upright face would, so that a texture that looks like a small face when turned is not compared.
 */
export interface LandmarkCheck {
  readonly isPlausible: boolean;
  /** In-plane tilt of the eye line, degrees. */
  readonly rollDegrees: number;
  /** Distance between the eye centres over the width of the landmark box (about 0.4 for a frontal face). */
  readonly eyeSpacing: number;
  /** Overlap of the landmarks' box with the detector's box, 0-1. */
  readonly boxAgreement: number;
  readonly failures: readonly string[];
}

/** A frontal or half-turned face: generous bounds, as 68-point fits of real faces fall well inside them. */
const MAX_ROLL_DEGREES = 35;
const MIN_EYE_SPACING = 0.22;
const MAX_EYE_SPACING = 0.65;
const MIN_BOX_AGREEMENT = 0.35;

export function checkLandmarks(landmarks: readonly Point[], detectorBox: FaceBox): LandmarkCheck {
  const roll = estimateRoll(landmarks);
  const centre = meanPoint(landmarks);
  const level = landmarks.map((point) => rotatePoint(point, centre, -roll));
  const leftEye = meanPoint(level.slice(IMAGE_LEFT_EYE[0], IMAGE_LEFT_EYE[1] + 1));
  const rightEye = meanPoint(level.slice(IMAGE_RIGHT_EYE[0], IMAGE_RIGHT_EYE[1] + 1));
  const noseTip = landmarkAt(level, NOSE_TIP);
  const mouth = meanPoint(level.slice(48, 68));
  const box = boundingBox(level);
  const eyeY = (leftEye.y + rightEye.y) / 2;
  const eyeSpacing = box.width > 0 ? Math.hypot(rightEye.x - leftEye.x, rightEye.y - leftEye.y) / box.width : 0;
  const boxAgreement = intersectionOverUnion(boundingBox(landmarks), detectorBox);
  const rollDegrees = (roll * 180) / Math.PI;

  const failures: string[] = [];
  if (Math.abs(rollDegrees) > MAX_ROLL_DEGREES) failures.push('tilted');
  if (!(eyeY < noseTip.y && noseTip.y < mouth.y)) failures.push('eyes, nose and mouth out of order');
  if (noseTip.x < leftEye.x || noseTip.x > rightEye.x) failures.push('nose outside the eyes');
  if (eyeSpacing < MIN_EYE_SPACING || eyeSpacing > MAX_EYE_SPACING) failures.push('eye spacing');
  if (boxAgreement < MIN_BOX_AGREEMENT) failures.push('landmarks off the detected box');
  return { isPlausible: failures.length === 0, rollDegrees, eyeSpacing, boxAgreement, failures };
}
