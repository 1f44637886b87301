import { describe, expect, it } from 'vitest';
import { syntheticLandmarks } from '../liveness/synthetic-landmarks.fixture';
import { DESCRIPTOR_CHIP_SIZE, descriptorRegion, landmarkRegion, levelledLandmarkRegion } from './face-alignment';
import { estimateRoll } from './face-landmarks';

const degrees = (radians: number) => (radians * 180) / Math.PI;

describe('face alignment', () => {
  it('measures the tilt of the eye line', () => {
    expect(degrees(estimateRoll(syntheticLandmarks({ roll: 0 })))).toBeCloseTo(0, 9);
    expect(degrees(estimateRoll(syntheticLandmarks({ roll: 20 })))).toBeCloseTo(20, 9);
    expect(degrees(estimateRoll(syntheticLandmarks({ roll: -35 })))).toBeCloseTo(-35, 9);
  });

  it('turns the descriptor chip with the head, so a tilted face yields a level chip', () => {
    const level = descriptorRegion(syntheticLandmarks({ offset: { x: 200, y: 200 } }));
    const tilted = descriptorRegion(syntheticLandmarks({ roll: 25, offset: { x: 200, y: 200 } }));
    expect(degrees(tilted.angle)).toBeCloseTo(25, 9);
    expect(tilted.side).toBeCloseTo(level.side, 9);
    expect(tilted.outputSize).toBe(DESCRIPTOR_CHIP_SIZE);
  });

  it('pads the landmarks by a fifth, as the recognition network was trained', () => {
    const landmarks = syntheticLandmarks({ scale: 1 });
    const xs = landmarks.map((point) => point.x);
    const ys = landmarks.map((point) => point.y);
    const extent = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
    expect(descriptorRegion(landmarks).side).toBeCloseTo(extent * 1.2, 9);
  });

  it('centres the landmark chip on the detector box', () => {
    expect(landmarkRegion({ x: 10, y: 20, width: 100, height: 120 })).toEqual({
      centre: { x: 60, y: 80 },
      side: 120,
      angle: 0,
      outputSize: 112,
    });
  });

  it('levels a second landmark look at a tilted face', () => {
    expect(degrees(levelledLandmarkRegion(syntheticLandmarks({ roll: -30 })).angle)).toBeCloseTo(-30, 9);
  });
});
