import { randomInt } from 'node:crypto';

/**
 * The action the client asks for and the server verifies. The server picks one at random per
 * session and signs it into the session, so a recording made for another session rarely fits.
 * Directions are the subject's own left and right.
 */
export const LIVENESS_CHALLENGES = ['turn-left-right', 'turn-right-left', 'blink'] as const;
export type LivenessChallenge = (typeof LIVENESS_CHALLENGES)[number];

export const CHALLENGE_INSTRUCTIONS: Readonly<Record<LivenessChallenge, string>> = {
  'turn-left-right': 'Look at the camera, turn your head slowly to your left, then to your right.',
  'turn-right-left': 'Look at the camera, turn your head slowly to your right, then to your left.',
  blink: 'Look at the camera and blink slowly twice.',
};

export function isLivenessChallenge(value: unknown): value is LivenessChallenge {
  return typeof value === 'string' && (LIVENESS_CHALLENGES as readonly string[]).includes(value);
}

export interface ChallengeChoice {
  /** The challenges a tenant allows; default all three. */
  readonly allowed?: readonly LivenessChallenge[];
  /** Index source, a CSPRNG by default; injectable so that callers can test their flow. */
  readonly pickIndex?: (count: number) => number;
}

/** Picks one of the allowed challenges at random. */
export function pickLivenessChallenge(choice: ChallengeChoice = {}): LivenessChallenge {
  const allowed = choice.allowed ?? LIVENESS_CHALLENGES;
  if (allowed.length === 0) throw new RangeError('At least one liveness challenge must be allowed');
  const challenge = allowed[(choice.pickIndex ?? randomInt)(allowed.length)];
  if (!challenge) throw new RangeError('The challenge picker returned an index out of range');
  return challenge;
}
