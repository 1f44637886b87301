import type { Point } from './rgb-image';

/**
 * Index ranges of the 68-point iBUG 300-W layout the landmark network predicts. "Left" and "right"
 * are the image's, not the subject's: the subject's right eye is the one on the image's left.
 */
export const LANDMARK_COUNT = 68;
export const JAW = [0, 16] as const;
export const NOSE_TIP = 30;
export const IMAGE_LEFT_EYE = [36, 41] as const;
export const IMAGE_RIGHT_EYE = [42, 47] as const;
export const IMAGE_LEFT_EYE_OUTER = 36;
export const IMAGE_RIGHT_EYE_OUTER = 45;

export function landmarkAt(landmarks: readonly Point[], index: number): Point {
  const point = landmarks[index];
  if (!point) throw new RangeError(`Expected ${LANDMARK_COUNT} landmarks, landmark ${index} is missing`);
  return point;
}

export function meanPoint(points: readonly Point[]): Point {
  let x = 0;
  let y = 0;
  for (const point of points) {
    x += point.x;
    y += point.y;
  }
  return { x: x / points.length, y: y / points.length };
}

export function eyeCentres(landmarks: readonly Point[]): { imageLeft: Point; imageRight: Point } {
  return {
    imageLeft: meanPoint(landmarks.slice(IMAGE_LEFT_EYE[0], IMAGE_LEFT_EYE[1] + 1)),
    imageRight: meanPoint(landmarks.slice(IMAGE_RIGHT_EYE[0], IMAGE_RIGHT_EYE[1] + 1)),
  };
}

/** In-plane tilt of the face in radians: the angle of the line from the image-left eye to the image-right eye. */
export function estimateRoll(landmarks: readonly Point[]): number {
  const { imageLeft, imageRight } = eyeCentres(landmarks);
  return Math.atan2(imageRight.y - imageLeft.y, imageRight.x - imageLeft.x);
}

export function rotatePoint(point: Point, centre: Point, angle: number): Point {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const dx = point.x - centre.x;
  const dy = point.y - centre.y;
  return { x: centre.x + dx * cos - dy * sin, y: centre.y + dx * sin + dy * cos };
}

export function boundingBox(points: readonly Point[]): { x: number; y: number; width: number; height: number } {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const point of points) {
    minX = Math.min(minX, point.x);
    minY = Math.min(minY, point.y);
    maxX = Math.max(maxX, point.x);
    maxY = Math.max(maxY, point.y);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}
