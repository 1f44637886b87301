import type { ImageWithMainFace } from '../face/face-analysis';
import { describeShapes } from '../face/face-description';
import type { FaceModels } from '../face/face-models';
import { isFaceMatch, scoreDescriptors } from '../face/face-similarity';
import { summarisePresentation } from '../face/presentation-score';
import type { RgbImage } from '../face/rgb-image';
import { verifyChallenge } from './challenge-verifier';
import { analyseFrames } from './frame-analysis';
import {
  MIN_FACE_PRESENCE,
  assessIdentity,
  chooseAnchorFrame,
  chooseIdentityFrames,
  countSeveralFaceFrames,
  hasSeveralFaces,
  isStill,
  measureMotion,
  measurePresence,
  type FaceInFrame,
} from './frame-consistency';
import type { LivenessChallenge } from './liveness-challenge';
import type { LivenessEvidence, LivenessReason, LivenessVerdict } from './liveness-verdict';

/** A challenge takes a couple of seconds; less video than this cannot hold an answer. */
export const MIN_VIDEO_SECONDS = 1.5;

export interface LivenessAssessmentInput {
  readonly frames: readonly RgbImage[];
  readonly fps: number;
  readonly challenge: LivenessChallenge;
  /** Lowest similarity score for the same person, both within the video and against the reference. */
  readonly threshold: number;
  /** The document portrait, already analysed; undefined when the caller gave none. */
  readonly reference?: ImageWithMainFace;
  /** True when the client recorded the mirrored preview rather than the camera image. */
  readonly isMirrored: boolean;
  /** Measure the passive anti-spoofing for `evidence.presentation` (no verdict reads it); default true. */
  readonly withPresentation?: boolean;
}

export async function assessLiveness(models: FaceModels, input: LivenessAssessmentInput): Promise<LivenessVerdict> {
  const observations = await analyseFrames(models, input.frames, { isMirrored: input.isMirrored });

  const reasons: LivenessReason[] = [];
  if (input.frames.length < MIN_VIDEO_SECONDS * input.fps) reasons.push('VIDEO_TOO_SHORT');
  const presence = measurePresence(observations);
  const challenge = verifyChallenge(
    input.challenge,
    observations.map((frame) => ({ yawDegrees: frame.face?.yawDegrees ?? null, eyeAspectRatio: frame.face?.eyeAspectRatio ?? null })),
    input.fps,
  );
  const motion = measureMotion(observations);
  const anchor = chooseAnchorFrame(observations);
  const faces = observations.flatMap((frame) => (frame.face ? [frame.face] : []));
  const evidence: LivenessEvidence = {
    fps: input.fps,
    framesWithFace: presence.framesWithFace,
    framesWithSeveralFaces: countSeveralFaceFrames(observations),
    yawDegrees:
      faces.length === 0
        ? null
        : { min: round(Math.min(...faces.map((face) => face.yawDegrees))), max: round(Math.max(...faces.map((face) => face.yawDegrees))) },
    blinks: 'blinks' in challenge.detail ? challenge.detail.blinks : 0,
    shapeChange: round(motion.shapeChange, 3),
    eyeRangeShare: round(motion.eyeRangeShare, 3),
    identityScore: null,
    headTurn:
      'sideReachedAt' in challenge.detail
        ? { sideReachedAt: challenge.detail.sideReachedAt, brokenTransitions: challenge.detail.brokenTransitions }
        : null,
  };
  const verdictBase = { challenge: input.challenge, challengeCompleted: challenge.completed, framesAnalysed: input.frames.length };

  if (!anchor?.face) {
    return { live: false, reasons: [...reasons, 'NO_FACE'], ...verdictBase, evidence: { ...evidence, presentation: null } };
  }
  if (presence.share < MIN_FACE_PRESENCE) reasons.push('FACE_NOT_CONTINUOUS');
  if (hasSeveralFaces(observations)) reasons.push('SEVERAL_FACES');

  const faceAt = (index: number, landmarks: FaceInFrame['landmarks']) => ({ index, image: frameAt(input.frames, index), landmarks });
  const others = chooseIdentityFrames(observations, anchor.index).flatMap((frame) =>
    frame.face ? [faceAt(frame.index, frame.face.landmarks)] : [],
  );
  // The anchor and the frames compared with it go through each network together, as one batch.
  const compared = [faceAt(anchor.index, anchor.face.landmarks), ...others];
  const [anchorDescriptor, ...otherDescriptors] = await describeShapes(models, compared);
  if (!anchorDescriptor) throw new Error('The recognition networks returned nothing');
  const sampled = others.flatMap((frame, position) => {
    const descriptor = otherDescriptors[position];
    return descriptor ? [{ index: frame.index, descriptor }] : [];
  });
  // Evidence for a reviewer only: left out (presentation undefined) when the caller keeps just the verdict.
  const presentationSamples = (input.withPresentation ?? true) ? await models.assessPresentationOfEach(compared) : null;
  const identity = assessIdentity(anchorDescriptor, sampled, input.threshold);
  if (!identity.consistent) reasons.push('FACE_CHANGED');
  if (isStill(motion)) reasons.push('NO_MOTION');
  if (!challenge.completed) reasons.push('CHALLENGE_NOT_COMPLETED');

  let faceMatch: LivenessVerdict['faceMatch'];
  if (input.reference) {
    if (input.reference.main) {
      const { score } = scoreDescriptors(input.reference.main.descriptor, anchorDescriptor);
      faceMatch = { score, threshold: input.threshold, match: isFaceMatch(score, input.threshold), frameIndex: anchor.index };
      if (!faceMatch.match) reasons.push('FACE_MISMATCH');
    } else {
      reasons.push('REFERENCE_NO_FACE');
    }
  }
  return {
    live: reasons.length === 0,
    reasons,
    ...verdictBase,
    ...(faceMatch ? { faceMatch } : {}),
    evidence: {
      ...evidence,
      identityScore: identity.lowestScore,
      ...(presentationSamples ? { presentation: summarisePresentation(presentationSamples) } : {}),
    },
  };
}

export function unreadableVideoVerdict(challenge: LivenessChallenge, fps: number, message: string): LivenessVerdict {
  return {
    live: false,
    reasons: ['VIDEO_UNREADABLE'],
    challenge,
    challengeCompleted: false,
    framesAnalysed: 0,
    evidence: {
      fps,
      framesWithFace: 0,
      framesWithSeveralFaces: 0,
      yawDegrees: null,
      blinks: 0,
      shapeChange: 0,
      eyeRangeShare: 0,
      identityScore: null,
      headTurn: null,
      error: message,
    },
  };
}

function frameAt(frames: readonly RgbImage[], index: number): RgbImage {
  const frame = frames[index];
  if (!frame) throw new RangeError(`No frame ${index}`);
  return frame;
}

function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
