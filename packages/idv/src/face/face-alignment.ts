import { boundingBox, estimateRoll, meanPoint, rotatePoint } from './face-landmarks';
import type { Point, SquareRegion } from './rgb-image';

/** Input sizes the landmark and recognition networks were trained on. */
export const LANDMARK_CHIP_SIZE = 112;
export const DESCRIPTOR_CHIP_SIZE = 150;

/**
 * The recognition network was trained (face-api's alignMinBbox) on the landmarks' bounding box
 * padded by 20% of its size; we keep that padding and add roll correction, so that a tilted head
 * gives the network the same upright chip as a level one.
 */
const DESCRIPTOR_BOX_PADDING = 0.2;

/** A detector box becomes a square landmark chip around its centre. */
export function landmarkRegion(box: { x: number; y: number; width: number; height: number }, angle = 0): SquareRegion {
  return {
    centre: { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    side: Math.max(box.width, box.height),
    angle,
    outputSize: LANDMARK_CHIP_SIZE,
  };
}

/** A landmark chip around existing landmarks, turned by their roll: the second, level look at a tilted face. */
export function levelledLandmarkRegion(landmarks: readonly Point[]): SquareRegion {
  const roll = estimateRoll(landmarks);
  const centre = meanPoint(landmarks);
  const levelled = landmarks.map((point) => rotatePoint(point, centre, -roll));
  const box = boundingBox(levelled);
  const boxCentre = rotatePoint({ x: box.x + box.width / 2, y: box.y + box.height / 2 }, centre, roll);
  return { centre: boxCentre, side: Math.max(box.width, box.height) * 1.25, angle: roll, outputSize: LANDMARK_CHIP_SIZE };
}

/** The square, roll-corrected region the descriptor is computed on. */
export function descriptorRegion(landmarks: readonly Point[]): SquareRegion {
  const roll = estimateRoll(landmarks);
  const centre = meanPoint(landmarks);
  const levelled = landmarks.map((point) => rotatePoint(point, centre, -roll));
  const box = boundingBox(levelled);
  const side = Math.max(box.width, box.height) * (1 + DESCRIPTOR_BOX_PADDING);
  const boxCentre = rotatePoint({ x: box.x + box.width / 2, y: box.y + box.height / 2 }, centre, roll);
  return { centre: boxCentre, side, angle: roll, outputSize: DESCRIPTOR_CHIP_SIZE };
}
