import { describe, expect, it } from 'vitest';
import { syntheticLandmarks } from '../liveness/synthetic-landmarks.fixture';
import { boundingBox } from './face-landmarks';
import { checkLandmarks } from './face-plausibility';
import type { Point } from './rgb-image';

function turned(points: readonly Point[], degrees: number, centre: Point = { x: 240, y: 240 }): Point[] {
  const angle = (degrees * Math.PI) / 180;
  return points.map((point) => ({
    x: centre.x + (point.x - centre.x) * Math.cos(angle) - (point.y - centre.y) * Math.sin(angle),
    y: centre.y + (point.x - centre.x) * Math.sin(angle) + (point.y - centre.y) * Math.cos(angle),
  }));
}

describe('landmark plausibility', () => {
  const upright = syntheticLandmarks();
  const box = boundingBox(upright);

  it('accepts an upright face and a half-turned one in the box the detector drew', () => {
    expect(checkLandmarks(upright, box)).toMatchObject({ isPlausible: true, failures: [] });
    const halfTurned = syntheticLandmarks({ yaw: 25 });
    expect(checkLandmarks(halfTurned, boundingBox(halfTurned)).isPlausible).toBe(true);
  });

  it('refuses a face lying sideways or upside down', () => {
    const sideways = turned(upright, 90);
    expect(checkLandmarks(sideways, boundingBox(sideways))).toMatchObject({
      isPlausible: false,
      failures: expect.arrayContaining(['tilted']),
    });
    const upsideDown = turned(upright, 180);
    expect(checkLandmarks(upsideDown, boundingBox(upsideDown)).isPlausible).toBe(false);
  });

  it('refuses landmarks that do not fill the box the detector drew', () => {
    const tiny = { x: box.x, y: box.y, width: box.width / 3, height: box.height / 3 };
    expect(checkLandmarks(upright, tiny).failures).toContain('landmarks off the detected box');
  });

  it('refuses a shape with a face’s parts out of order', () => {
    const mouthAboveEyes = upright.map((point, index) => (index >= 48 ? { x: point.x, y: point.y - 120 } : point));
    expect(checkLandmarks(mouthAboveEyes, boundingBox(mouthAboveEyes)).failures).toContain('eyes, nose and mouth out of order');
  });
});
