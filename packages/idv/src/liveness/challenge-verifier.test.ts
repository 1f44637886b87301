import { describe, expect, it } from 'vitest';
import { verifyBlink, verifyChallenge, verifyHeadTurn, type FrameMeasures } from './challenge-verifier';
import { eyeAspectRatio } from './landmark-geometry';
import { isLivenessChallenge, pickLivenessChallenge } from './liveness-challenge';
import { syntheticLandmarks } from './synthetic-landmarks.fixture';

const FPS = 8;
/** 300 degrees per second at 8 frames per second. */
const MAX_STEP = 37.5;

function yawFrames(...yaws: (number | null)[]): FrameMeasures[] {
  return yaws.map((yawDegrees) => ({ yawDegrees, eyeAspectRatio: yawDegrees === null ? null : 0.3 }));
}

function eyeFrames(...openings: (number | null)[]): FrameMeasures[] {
  return openings.map((eyeOpening) => ({
    yawDegrees: eyeOpening === null ? null : 0,
    eyeAspectRatio: eyeOpening === null ? null : eyeAspectRatio(syntheticLandmarks({ eyeOpening })),
  }));
}

describe('head-turn challenge', () => {
  const leftThenRight = yawFrames(0, 2, 10, 22, 30, 28, 12, 0, -12, -25, -31, -20, 0);

  it('accepts a turn to the left held, then to the right held', () => {
    const outcome = verifyChallenge('turn-left-right', leftThenRight, FPS);
    expect(outcome.completed).toBe(true);
    expect(outcome.detail).toEqual({ completed: true, sideReachedAt: [3, 9], brokenTransitions: 0 });
  });

  it('refuses the same clip for the opposite order, having seen only the second turn', () => {
    const outcome = verifyChallenge('turn-right-left', leftThenRight, FPS);
    expect(outcome.completed).toBe(false);
    expect(outcome.detail).toEqual({ completed: false, sideReachedAt: [9, null], brokenTransitions: 0 });
  });

  it('accepts right then left for the mirrored challenge', () => {
    expect(verifyChallenge('turn-right-left', yawFrames(0, -20, -24, -5, 18, 22, 3), FPS).completed).toBe(true);
  });

  it('ignores a single frame beyond the angle, which may be a mis-located face', () => {
    expect(verifyHeadTurn([0, 40, 0, 0, -40, 0], ['left', 'right'], MAX_STEP).completed).toBe(false);
  });

  it('does not count turns smaller than 15 degrees', () => {
    expect(verifyHeadTurn([0, 12, 14, 14, 0, -14, -14, 0], ['left', 'right'], MAX_STEP).completed).toBe(false);
  });

  it('breaks a held turn at a frame without a face', () => {
    expect(verifyHeadTurn([20, null, 20, 0, -20, -20], ['left', 'right'], MAX_STEP).sideReachedAt).toEqual([null, null]);
  });

  it('fails two posed photos cut or swapped together, the head never seen turning', () => {
    const cut = verifyHeadTurn([24, 25, 26, 25, -24, -25, -26], ['left', 'right'], MAX_STEP);
    expect(cut).toEqual({ completed: false, sideReachedAt: [null, null], brokenTransitions: 1 });
    const swapped = verifyHeadTurn([24, 25, 26, null, null, -25, -26], ['left', 'right'], MAX_STEP);
    expect(swapped.completed).toBe(false);
  });

  it('accepts the turn when it is done again, continuously, after a broken attempt', () => {
    const outcome = verifyHeadTurn([24, 25, null, 0, 20, 25, 10, -5, -20, -24], ['left', 'right'], MAX_STEP);
    expect(outcome).toEqual({ completed: true, sideReachedAt: [4, 8], brokenTransitions: 1 });
  });

  it('allows a faster turn when frames are further apart', () => {
    const frames = yawFrames(20, 22, -19, -21);
    expect(verifyChallenge('turn-left-right', frames, 8).completed).toBe(false);
    expect(verifyChallenge('turn-left-right', frames, 6).completed).toBe(true);
  });

  it('fails a photo held still in front of the camera', () => {
    expect(verifyChallenge('turn-left-right', yawFrames(3, 3.2, 2.9, 3.1, 3, 3, 3), FPS).completed).toBe(false);
  });
});

describe('blink challenge', () => {
  it('accepts eyes that close and open again', () => {
    const outcome = verifyChallenge('blink', eyeFrames(4, 4, 4.1, 3.9, 4, 1, 0.8, 3.9, 4, 4), FPS);
    expect(outcome.completed).toBe(true);
    expect(outcome.detail).toMatchObject({ blinks: 1 });
  });

  it('counts two blinks', () => {
    expect(verifyBlink(eyeFrames(4, 4, 1, 4, 4, 4, 1.2, 1, 4, 4).map((frame) => frame.eyeAspectRatio)).blinks).toBe(2);
  });

  it('fails eyes that stay open, as on a photo', () => {
    expect(verifyChallenge('blink', eyeFrames(4, 4.1, 3.9, 4, 4, 4.1, 3.9, 4), FPS).completed).toBe(false);
  });

  it('fails eyes that close and do not open again', () => {
    expect(verifyChallenge('blink', eyeFrames(4, 4, 4, 4, 4, 1, 1, 1), FPS).completed).toBe(false);
  });

  it('does not count a closing across a frame without a face', () => {
    expect(verifyChallenge('blink', eyeFrames(4, 4, 4, 4, 1, null, 4, 4), FPS).completed).toBe(false);
  });

  it('takes the open-eye level from the person, so naturally narrow eyes still blink', () => {
    expect(verifyChallenge('blink', eyeFrames(2.5, 2.5, 2.4, 2.5, 0.8, 2.5, 2.5, 2.5), FPS).completed).toBe(true);
  });

  it('gives no verdict from fewer than five measured frames', () => {
    expect(verifyBlink([0.3, 0.1, 0.3])).toEqual({ completed: false, blinks: 0, openLevel: null });
  });
});

describe('challenge choice', () => {
  it('names the three challenges and rejects anything else', () => {
    expect(['turn-left-right', 'turn-right-left', 'blink'].every(isLivenessChallenge)).toBe(true);
    expect(isLivenessChallenge('smile')).toBe(false);
    expect(isLivenessChallenge(undefined)).toBe(false);
  });

  it('picks the challenge the random index designates', () => {
    expect(pickLivenessChallenge({ pickIndex: () => 2 })).toBe('blink');
    expect(pickLivenessChallenge({ pickIndex: () => 0 })).toBe('turn-left-right');
    expect(() => pickLivenessChallenge({ pickIndex: () => 3 })).toThrow(RangeError);
  });

  it('picks only among the challenges a tenant allows', () => {
    const allowed = ['turn-right-left', 'turn-left-right'] as const;
    expect(pickLivenessChallenge({ allowed, pickIndex: () => 0 })).toBe('turn-right-left');
    expect(Array.from({ length: 20 }, () => pickLivenessChallenge({ allowed })).every((challenge) => challenge !== 'blink')).toBe(true);
    expect(() => pickLivenessChallenge({ allowed: [] })).toThrow(RangeError);
  });
});
