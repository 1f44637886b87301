/**
 * Test factory: the 68 iBUG landmarks of a generic 3D head (millimetres; x to the image's right,
 * y down, z towards the camera, nose tip at the origin), posed and projected orthographically.
 * Its outer eye corners sit 45 mm to each side and 35 mm behind the nose tip.
 */
import type { Point } from '../face/rgb-image';

interface Point3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

export interface Pose {
  /** Degrees; positive turns the nose towards the image's right. */
  readonly yaw?: number;
  /** Degrees; in-plane, positive clockwise in the image. */
  readonly roll?: number;
  /** Pixels per millimetre. */
  readonly scale?: number;
  readonly offset?: Point;
  /** Half-height of each eye opening in millimetres: 4 open, about 1 closed. */
  readonly eyeOpening?: number;
  /** Squeezes the projection horizontally, as when a flat photo is tilted away from the camera. */
  readonly squeeze?: number;
}

function headModel(eyeOpening: number): Point3[] {
  const points: Point3[] = [];
  for (let i = 0; i <= 16; i += 1) {
    const angle = (Math.PI * i) / 16;
    points.push({ x: -70 * Math.cos(angle), y: -5 + 100 * Math.sin(angle), z: -60 + 50 * Math.sin(angle) });
  }
  for (const side of [-1, 1]) {
    const xs = side < 0 ? [-60, -50, -38, -26, -15] : [15, 26, 38, 50, 60];
    for (const x of xs) points.push({ x, y: -45 - 5 * Math.cos((x - side * 37) / 25), z: -25 });
  }
  for (let i = 0; i < 4; i += 1) points.push({ x: 0, y: -30 + 15 * i, z: -20 + (20 * i) / 3 });
  for (const x of [-15, -8, 0, 8, 15]) points.push({ x, y: 25, z: x === 0 ? -5 : -10 });
  const h = eyeOpening;
  points.push(
    { x: -45, y: -20, z: -35 },
    { x: -38, y: -20 - h, z: -30 },
    { x: -27, y: -20 - h, z: -30 },
    { x: -18, y: -20, z: -32 },
    { x: -27, y: -20 + h, z: -30 },
    { x: -38, y: -20 + h, z: -30 },
    { x: 18, y: -20, z: -32 },
    { x: 27, y: -20 - h, z: -30 },
    { x: 38, y: -20 - h, z: -30 },
    { x: 45, y: -20, z: -35 },
    { x: 38, y: -20 + h, z: -30 },
    { x: 27, y: -20 + h, z: -30 },
  );
  for (let i = 0; i < 12; i += 1) {
    const angle = Math.PI + (2 * Math.PI * i) / 12;
    points.push({ x: 25 * Math.cos(angle), y: 50 + 9 * Math.sin(angle), z: -12 });
  }
  for (let i = 0; i < 8; i += 1) {
    const angle = Math.PI + (2 * Math.PI * i) / 8;
    points.push({ x: 18 * Math.cos(angle), y: 50 + 3 * Math.sin(angle), z: -12 });
  }
  return points;
}

export function syntheticLandmarks(pose: Pose = {}): Point[] {
  const yaw = ((pose.yaw ?? 0) * Math.PI) / 180;
  const roll = ((pose.roll ?? 0) * Math.PI) / 180;
  const scale = pose.scale ?? 2;
  const offset = pose.offset ?? { x: 240, y: 240 };
  const squeeze = pose.squeeze ?? 1;
  return headModel(pose.eyeOpening ?? 4).map((point) => {
    const x = (point.x * Math.cos(yaw) + point.z * Math.sin(yaw)) * squeeze;
    const y = point.y;
    return {
      x: offset.x + scale * (x * Math.cos(roll) - y * Math.sin(roll)),
      y: offset.y + scale * (x * Math.sin(roll) + y * Math.cos(roll)),
    };
  });
}
