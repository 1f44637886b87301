import type { LivenessChallenge } from './liveness-challenge';

/** Turning the head at least this far each way counts; a deliberate turn reaches 25-45 degrees. */
export const TURN_DEGREES = 15;
/** A side counts once held for this many consecutive frames, so a single mis-located frame cannot. */
export const TURN_HELD_FRAMES = 2;
/**
 * Between the two sides the head must be seen turning: a face in every frame and no jump faster
 * than this, well above how fast a person turns their head when asked to. Two photos of the
 * person, one posed left and one right, swapped in front of the camera or cut together, jump.
 */
export const MAX_YAW_DEGREES_PER_SECOND = 300;
/** A frame is "closed" below this share of the open-eye level, and "open" again above REOPEN_SHARE. */
export const CLOSED_SHARE = 0.75;
export const REOPEN_SHARE = 0.9;
/** Fewer measured frames than this give no reliable open-eye level. */
const MIN_FRAMES_FOR_EYE_LEVEL = 5;

export type TurnSide = 'left' | 'right';

export interface HeadTurnOutcome {
  readonly completed: boolean;
  /** Frame index where each requested side was first held, in the requested order; null if never. */
  readonly sideReachedAt: readonly [number | null, number | null];
  /** Times the way from the first side to the second was broken by a jump or a frame without a face. */
  readonly brokenTransitions: number;
}

export interface BlinkOutcome {
  readonly completed: boolean;
  readonly blinks: number;
  /** Upper-quartile eye aspect ratio: the person's open-eye level; null with too few frames. */
  readonly openLevel: number | null;
}

export interface ChallengeOutcome {
  readonly challenge: LivenessChallenge;
  readonly completed: boolean;
  readonly detail: HeadTurnOutcome | BlinkOutcome;
}

export interface FrameMeasures {
  /** Subject-centred yaw in degrees, positive = the subject's own left; null when no face. */
  readonly yawDegrees: number | null;
  /** Eye aspect ratio; null when no face. */
  readonly eyeAspectRatio: number | null;
}

export function verifyChallenge(challenge: LivenessChallenge, frames: readonly FrameMeasures[], fps: number): ChallengeOutcome {
  if (challenge === 'blink') {
    const detail = verifyBlink(frames.map((frame) => frame.eyeAspectRatio));
    return { challenge, completed: detail.completed, detail };
  }
  const order: readonly [TurnSide, TurnSide] = challenge === 'turn-left-right' ? ['left', 'right'] : ['right', 'left'];
  const detail = verifyHeadTurn(
    frames.map((frame) => frame.yawDegrees),
    order,
    MAX_YAW_DEGREES_PER_SECOND / fps,
  );
  return { challenge, completed: detail.completed, detail };
}

/**
 * The first side must be held, then the second: a person who turns right first and left second
 * has not answered a left-then-right challenge until they turn right again. A frame without a face
 * breaks a run. Once the first side is reached, a frame without a face or a yaw jump larger than
 * `maxStepDegrees` sends the check back to waiting for the first side.
 */
export function verifyHeadTurn(
  yawDegrees: readonly (number | null)[],
  order: readonly [TurnSide, TurnSide],
  maxStepDegrees: number,
): HeadTurnOutcome {
  const reachedAt: [number | null, number | null] = [null, null];
  let phase = 0;
  let run = 0;
  let brokenTransitions = 0;
  let previous: number | null = null;
  for (let index = 0; index < yawDegrees.length && phase < 2; index += 1) {
    const yaw = yawDegrees[index] ?? null;
    const isBroken = phase === 1 && (yaw === null || (previous !== null && Math.abs(yaw - previous) > maxStepDegrees));
    previous = yaw;
    if (isBroken) {
      brokenTransitions += 1;
      reachedAt[0] = null;
      phase = 0;
      run = 0;
    }
    if (yaw === null) {
      run = 0;
      continue;
    }
    const towardsSide = order[phase] === 'left' ? yaw : -yaw;
    run = towardsSide >= TURN_DEGREES ? run + 1 : 0;
    if (run >= TURN_HELD_FRAMES) {
      reachedAt[phase] = index - TURN_HELD_FRAMES + 1;
      phase += 1;
      run = 0;
    }
  }
  return { completed: phase === 2, sideReachedAt: reachedAt, brokenTransitions };
}

/**
 * Counts closings and re-openings of the eyes relative to the person's own open-eye level, since
 * the eye aspect ratio differs between people and with the landmark model. One blink completes the
 * challenge; the client asks for two so that one missed between frames does not fail an honest user.
 */
export function verifyBlink(eyeAspectRatios: readonly (number | null)[]): BlinkOutcome {
  const measured = eyeAspectRatios.filter((value): value is number => value !== null);
  if (measured.length < MIN_FRAMES_FOR_EYE_LEVEL) return { completed: false, blinks: 0, openLevel: null };
  const sorted = measured.toSorted((a, b) => a - b);
  const openLevel = sorted[Math.floor(sorted.length * 0.75)] ?? 0;
  let state: 'unknown' | 'open' | 'closed' = 'unknown';
  let blinks = 0;
  for (const value of eyeAspectRatios) {
    if (value === null) {
      state = 'unknown';
    } else if (value >= openLevel * REOPEN_SHARE) {
      if (state === 'closed') blinks += 1;
      state = 'open';
    } else if (value <= openLevel * CLOSED_SHARE && state === 'open') {
      state = 'closed';
    }
  }
  return { completed: blinks >= 1, blinks, openLevel: Math.round(openLevel * 1000) / 1000 };
}
