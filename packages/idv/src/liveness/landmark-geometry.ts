import {
  IMAGE_LEFT_EYE,
  IMAGE_LEFT_EYE_OUTER,
  IMAGE_RIGHT_EYE,
  IMAGE_RIGHT_EYE_OUTER,
  NOSE_TIP,
  eyeCentres,
  landmarkAt,
} from '../face/face-landmarks';
import type { Point } from '../face/rgb-image';

/**
 * Yaw from a generic head: outer eye corners 45 mm either side of the nose tip and 35 mm behind it.
 * Turning such a head by an angle t moves the nose tip along the eye line so that
 * (d1 - d2) / (d1 + d2) = (35 / 45) tan t, where d1 and d2 are its distances to the two outer corners
 * measured along the eye line. Measured along the eye line, the ratio ignores roll and scale; it is
 * also unchanged when a flat photo is tilted away from the camera (a horizontal squeeze), which is
 * why a held-up picture cannot fake a head turn.
 */
const NOSE_DEPTH_OVER_EYE_HALF_WIDTH = 35 / 45;

/** Signed position of the nose tip between the outer eye corners: 0 frontal, positive towards the image's right. */
export function yawRatio(landmarks: readonly Point[]): number {
  const left = landmarkAt(landmarks, IMAGE_LEFT_EYE_OUTER);
  const right = landmarkAt(landmarks, IMAGE_RIGHT_EYE_OUTER);
  const nose = landmarkAt(landmarks, NOSE_TIP);
  const axisX = right.x - left.x;
  const axisY = right.y - left.y;
  const length = Math.hypot(axisX, axisY);
  if (length === 0) return 0;
  const d1 = ((nose.x - left.x) * axisX + (nose.y - left.y) * axisY) / length;
  const d2 = length - d1;
  return (d1 - d2) / length;
}

/**
 * Approximate head yaw in degrees. Positive means the nose points to the image's right, which in a
 * camera recording that is not mirrored is the subject turning to their own left.
 */
export function estimateYawDegrees(landmarks: readonly Point[]): number {
  return (Math.atan(yawRatio(landmarks) / NOSE_DEPTH_OVER_EYE_HALF_WIDTH) * 180) / Math.PI;
}

/**
 * Eye aspect ratio (Soukupova and Cech, 2016): the eyelid opening over the eye width, from the six
 * landmarks of one eye; about 0.3 open, falling towards 0.1 when closed. Averaged over both eyes.
 */
export function eyeAspectRatio(landmarks: readonly Point[]): number {
  return (singleEyeAspectRatio(landmarks, IMAGE_LEFT_EYE[0]) + singleEyeAspectRatio(landmarks, IMAGE_RIGHT_EYE[0])) / 2;
}

function singleEyeAspectRatio(landmarks: readonly Point[], first: number): number {
  const [p1, p2, p3, p4, p5, p6] = [0, 1, 2, 3, 4, 5].map((offset) => landmarkAt(landmarks, first + offset)) as [
    Point,
    Point,
    Point,
    Point,
    Point,
    Point,
  ];
  const width = distance(p1, p4);
  if (width === 0) return 0;
  return (distance(p2, p6) + distance(p3, p5)) / (2 * width);
}

/**
 * The landmarks in a face-centred frame: origin between the eyes, eye line along x, unit = the
 * distance between the eye centres. Two frames of a photo moved, turned in-plane or brought closer
 * give the same normalised shape; a face that moves in depth or changes expression does not.
 */
export function normaliseShape(landmarks: readonly Point[]): Point[] {
  const { imageLeft, imageRight } = eyeCentres(landmarks);
  const origin = { x: (imageLeft.x + imageRight.x) / 2, y: (imageLeft.y + imageRight.y) / 2 };
  const scale = distance(imageLeft, imageRight);
  if (scale === 0) return landmarks.map(() => ({ x: 0, y: 0 }));
  const angle = Math.atan2(imageRight.y - imageLeft.y, imageRight.x - imageLeft.x);
  const cos = Math.cos(-angle);
  const sin = Math.sin(-angle);
  return landmarks.map((point) => {
    const dx = point.x - origin.x;
    const dy = point.y - origin.y;
    return { x: (dx * cos - dy * sin) / scale, y: (dx * sin + dy * cos) / scale };
  });
}

/** Mean distance between corresponding points of two normalised shapes, in eye-distance units. */
export function shapeDifference(a: readonly Point[], b: readonly Point[]): number {
  if (a.length !== b.length || a.length === 0) throw new RangeError(`Shapes differ in size: ${a.length} and ${b.length}`);
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += distance(landmarkAt(a, i), landmarkAt(b, i));
  return sum / a.length;
}

/**
 * What is left of the difference between two shapes after the best affine map from one onto the
 * other, as a mean point distance. Under the weak perspective of a selfie camera every view of a
 * flat picture is an affine image of every other, however the picture is moved, turned or tilted;
 * a real head turning, talking or blinking is not, because its points lie at different depths.
 */
export function affineResidual(shape: readonly Point[], reference: readonly Point[]): number {
  if (shape.length !== reference.length || shape.length < 3) throw new RangeError('Shapes must pair at least three points');
  const normal = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  const rightX = [0, 0, 0];
  const rightY = [0, 0, 0];
  for (let i = 0; i < shape.length; i += 1) {
    const from = landmarkAt(shape, i);
    const to = landmarkAt(reference, i);
    const row = [from.x, from.y, 1];
    for (let r = 0; r < 3; r += 1) {
      for (let c = 0; c < 3; c += 1) normal[r * 3 + c] = (normal[r * 3 + c] ?? 0) + (row[r] ?? 0) * (row[c] ?? 0);
      rightX[r] = (rightX[r] ?? 0) + (row[r] ?? 0) * to.x;
      rightY[r] = (rightY[r] ?? 0) + (row[r] ?? 0) * to.y;
    }
  }
  const mapX = solve3(normal, rightX);
  const mapY = solve3(normal, rightY);
  if (!mapX || !mapY) return shapeDifference(shape, reference);
  let sum = 0;
  for (let i = 0; i < shape.length; i += 1) {
    const from = landmarkAt(shape, i);
    const to = landmarkAt(reference, i);
    const x = mapX[0] * from.x + mapX[1] * from.y + mapX[2];
    const y = mapY[0] * from.x + mapY[1] * from.y + mapY[2];
    sum += Math.hypot(x - to.x, y - to.y);
  }
  return sum / shape.length;
}

/** Cramer's rule for a 3x3 system; null when singular (all points on a line). */
function solve3(m: readonly number[], b: readonly number[]): [number, number, number] | null {
  const [a = 0, bb = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, i = 0] = m;
  const det = a * (e * i - f * h) - bb * (d * i - f * g) + c * (d * h - e * g);
  if (Math.abs(det) < 1e-12) return null;
  const [x = 0, y = 0, z = 0] = b;
  return [
    (x * (e * i - f * h) - bb * (y * i - f * z) + c * (y * h - e * z)) / det,
    (a * (y * i - f * z) - x * (d * i - f * g) + c * (d * z - y * g)) / det,
    (a * (e * z - y * h) - bb * (d * z - y * g) + x * (d * h - e * g)) / det,
  ];
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}
