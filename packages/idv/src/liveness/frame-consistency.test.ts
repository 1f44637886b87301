import { describe, expect, it } from 'vitest';
import {
  assessIdentity,
  chooseAnchorFrame,
  chooseIdentityFrames,
  hasSeveralFaces,
  isStill,
  measureMotion,
  measurePresence,
  type FrameObservation,
} from './frame-consistency';
import { estimateYawDegrees, eyeAspectRatio } from './landmark-geometry';
import { syntheticLandmarks, type Pose } from './synthetic-landmarks.fixture';

function frame(index: number, pose: Pose | null, extra: { faceCount?: number; detectionScore?: number } = {}): FrameObservation {
  if (!pose) return { index, faceCount: 0, face: null };
  const landmarks = syntheticLandmarks(pose);
  return {
    index,
    faceCount: extra.faceCount ?? 1,
    face: {
      box: { x: 100, y: 100, width: 200, height: 200 },
      detectionScore: extra.detectionScore ?? 0.9,
      landmarks,
      rollDegrees: pose.roll ?? 0,
      yawDegrees: estimateYawDegrees(landmarks),
      eyeAspectRatio: eyeAspectRatio(landmarks),
    },
  };
}

function descriptor(seed: number, noise = 0): Float32Array {
  return Float32Array.from({ length: 128 }, (_, i) => Math.sin(seed * 7.3 + i) * 0.12 + Math.cos(i * 13.1 + seed) * noise);
}

describe('face presence', () => {
  it('counts the frames that show a face', () => {
    const frames = [frame(0, {}), frame(1, null), frame(2, {}), frame(3, {})];
    expect(measurePresence(frames)).toEqual({ framesWithFace: 3, share: 0.75 });
    expect(measurePresence([])).toEqual({ framesWithFace: 0, share: 0 });
  });
});

describe('several faces', () => {
  it('ignores a second face seen in a single frame', () => {
    const frames = Array.from({ length: 20 }, (_, i) => frame(i, {}, { faceCount: i === 4 ? 2 : 1 }));
    expect(hasSeveralFaces(frames)).toBe(false);
  });

  it('fails a second face that stays in the picture', () => {
    const frames = Array.from({ length: 20 }, (_, i) => frame(i, {}, { faceCount: i >= 10 && i < 14 ? 2 : 1 }));
    expect(hasSeveralFaces(frames)).toBe(true);
  });
});

describe('motion', () => {
  it('finds a photo moved, turned and brought closer still', () => {
    const frames = Array.from({ length: 16 }, (_, i) =>
      frame(i, { yaw: 4, roll: i * 2, scale: 1.5 + i * 0.05, offset: { x: 200 + i * 5, y: 240 - i * 3 }, squeeze: 1 - i * 0.01 }),
    );
    const motion = measureMotion(frames);
    expect(motion.shapeChange).toBeLessThan(0.001);
    expect(isStill(motion)).toBe(true);
  });

  it('finds a turning head moving', () => {
    const frames = [0, 10, 20, 25, 10, 0, -10, -20, -25, 0].map((yaw, i) => frame(i, { yaw }));
    const motion = measureMotion(frames);
    expect(motion.yawRangeDegrees).toBeCloseTo(50, 6);
    expect(isStill(motion)).toBe(false);
  });

  it('finds a blinking face moving though the head stays still', () => {
    const frames = [4, 4, 4, 1, 4, 4, 4, 4].map((eyeOpening, i) => frame(i, { eyeOpening }));
    expect(isStill(measureMotion(frames))).toBe(false);
  });
});

describe('anchor and identity frames', () => {
  it('compares the document with the most frontal, level frame', () => {
    const frames = [frame(0, { yaw: 20 }), frame(1, { yaw: 2, roll: 1 }), frame(2, { yaw: -9 }), frame(3, null)];
    expect(chooseAnchorFrame(frames)?.index).toBe(1);
    expect(chooseAnchorFrame([frame(0, null)])).toBeNull();
  });

  it('samples at most six roughly frontal frames spread over the clip', () => {
    const frames = Array.from({ length: 40 }, (_, i) => frame(i, { yaw: i % 10 === 5 ? 35 : 0 }));
    const chosen = chooseIdentityFrames(frames, 0).map((chosenFrame) => chosenFrame.index);
    expect(chosen).toHaveLength(6);
    expect(chosen).not.toContain(0);
    expect(chosen.every((index) => index % 10 !== 5)).toBe(true);
    expect((chosen.at(-1) ?? 0) - (chosen[0] ?? 0)).toBeGreaterThan(25);
  });

  it('accepts frames of one person and flags a different one', () => {
    const anchor = descriptor(1);
    const same = [1, 2, 3].map((index) => ({ index, descriptor: descriptor(1, 0.01) }));
    expect(assessIdentity(anchor, same, 70)).toMatchObject({ consistent: true });
    const swapped = [...same, { index: 9, descriptor: descriptor(5) }];
    expect(assessIdentity(anchor, swapped, 70)).toMatchObject({ consistent: false, lowestFrame: 9 });
  });
});
