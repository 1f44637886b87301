import { describe, expect, it } from 'vitest';
import { affineResidual, estimateYawDegrees, eyeAspectRatio, normaliseShape, shapeDifference, yawRatio } from './landmark-geometry';
import { syntheticLandmarks } from './synthetic-landmarks.fixture';

describe('head yaw from landmarks', () => {
  it('reads a frontal face as zero yaw', () => {
    expect(estimateYawDegrees(syntheticLandmarks())).toBeCloseTo(0, 6);
  });

  it.each([-40, -20, -10, 10, 25, 40])('recovers a turn of %i degrees', (yaw) => {
    expect(estimateYawDegrees(syntheticLandmarks({ yaw }))).toBeCloseTo(yaw, 6);
  });

  it('gives a positive yaw when the nose points to the image right', () => {
    const landmarks = syntheticLandmarks({ yaw: 20 });
    expect(landmarks[30]?.x).toBeGreaterThan(((landmarks[36]?.x ?? 0) + (landmarks[45]?.x ?? 0)) / 2);
    expect(yawRatio(landmarks)).toBeGreaterThan(0);
  });

  it('is unchanged by in-plane tilt, distance and position of the face', () => {
    const reference = estimateYawDegrees(syntheticLandmarks({ yaw: 18 }));
    const moved = estimateYawDegrees(syntheticLandmarks({ yaw: 18, roll: 25, scale: 0.7, offset: { x: 50, y: 400 } }));
    expect(moved).toBeCloseTo(reference, 6);
  });

  it('is not faked by tilting a flat photo away from the camera', () => {
    expect(estimateYawDegrees(syntheticLandmarks({ squeeze: 0.6 }))).toBeCloseTo(0, 6);
    expect(estimateYawDegrees(syntheticLandmarks({ yaw: 8, squeeze: 0.5 }))).toBeCloseTo(8, 6);
  });
});

describe('eye aspect ratio', () => {
  it('is about 0.3 for open eyes and below 0.1 for closed ones', () => {
    expect(eyeAspectRatio(syntheticLandmarks({ eyeOpening: 4 }))).toBeCloseTo(0.296, 2);
    expect(eyeAspectRatio(syntheticLandmarks({ eyeOpening: 1 }))).toBeLessThan(0.1);
  });

  it('does not depend on how large the face appears', () => {
    const near = eyeAspectRatio(syntheticLandmarks({ scale: 4 }));
    const far = eyeAspectRatio(syntheticLandmarks({ scale: 0.5, roll: -15 }));
    expect(far).toBeCloseTo(near, 6);
  });
});

describe('normalised face shape', () => {
  it('is the same for a face moved, scaled and turned in the image plane', () => {
    const a = normaliseShape(syntheticLandmarks());
    const b = normaliseShape(syntheticLandmarks({ roll: 30, scale: 5, offset: { x: 10, y: 10 } }));
    expect(shapeDifference(a, b)).toBeLessThan(1e-9);
  });

  it('changes when the head turns or the eyes close', () => {
    const frontal = normaliseShape(syntheticLandmarks());
    expect(shapeDifference(frontal, normaliseShape(syntheticLandmarks({ yaw: 15 })))).toBeGreaterThan(0.05);
    expect(shapeDifference(frontal, normaliseShape(syntheticLandmarks({ eyeOpening: 1 })))).toBeGreaterThan(0.005);
  });
});

describe('affine residual', () => {
  it('is zero between any two views of a flat picture', () => {
    const photo = normaliseShape(syntheticLandmarks({ yaw: 5 }));
    const tilted = normaliseShape(syntheticLandmarks({ yaw: 5, squeeze: 0.7, roll: 12, scale: 3 }));
    expect(affineResidual(tilted, photo)).toBeLessThan(1e-9);
  });

  it('shows the depth of a real head that turns', () => {
    const frontal = normaliseShape(syntheticLandmarks());
    expect(affineResidual(normaliseShape(syntheticLandmarks({ yaw: 15 })), frontal)).toBeGreaterThan(0.02);
  });
});
