import type { PresentationAssessment } from '../face/presentation-score';
import type { LivenessChallenge } from './liveness-challenge';

/**
 * Why a clip is not accepted as live. Several can apply; `live` is true only when none does.
 * - VIDEO_UNREADABLE: ffmpeg could not decode the bytes as a video.
 * - VIDEO_TOO_SHORT: less than MIN_VIDEO_SECONDS of frames.
 * - NO_FACE: no face in any frame.
 * - FACE_NOT_CONTINUOUS: a face in fewer than 60% of the frames.
 * - SEVERAL_FACES: a second clearly visible face in several frames.
 * - FACE_CHANGED: the roughly frontal frames do not all show the same person.
 * - NO_MOTION: the face never changed shape: a photo or a screen held still or moved about.
 * - CHALLENGE_NOT_COMPLETED: the requested head turn or blink was not seen.
 * - REFERENCE_NO_FACE: a reference portrait was given but has no face to compare with.
 * - FACE_MISMATCH: the video's face is not the reference portrait's.
 */
export type LivenessReason =
  | 'VIDEO_UNREADABLE'
  | 'VIDEO_TOO_SHORT'
  | 'NO_FACE'
  | 'FACE_NOT_CONTINUOUS'
  | 'SEVERAL_FACES'
  | 'FACE_CHANGED'
  | 'NO_MOTION'
  | 'CHALLENGE_NOT_COMPLETED'
  | 'REFERENCE_NO_FACE'
  | 'FACE_MISMATCH';

export interface LivenessFaceMatch {
  readonly score: number;
  readonly threshold: number;
  readonly match: boolean;
  /** Which video frame was compared: the most frontal one. */
  readonly frameIndex: number;
}

/** The measurements behind the verdict, for the reviewer and the audit trail. */
export interface LivenessEvidence {
  readonly fps: number;
  readonly framesWithFace: number;
  readonly framesWithSeveralFaces: number;
  /** Lowest and highest subject-centred yaw seen (positive = subject's left); null without faces. */
  readonly yawDegrees: { readonly min: number; readonly max: number } | null;
  readonly blinks: number;
  readonly shapeChange: number;
  readonly eyeRangeShare: number;
  /** Lowest similarity between the anchor frame and the other sampled frames; null if not measured. */
  readonly identityScore: number | null;
  /** For a head-turn challenge: frames where each side was first held, and how often the turn was broken. */
  readonly headTurn: { readonly sideReachedAt: readonly [number | null, number | null]; readonly brokenTransitions: number } | null;
  /**
   * Passive anti-spoofing over the frames compared for identity (medians); null without a face.
   * Reported for the reviewer: it does not change `live` (packages/idv/README.md says why).
   */
  readonly presentation?: PresentationAssessment | null;
  /** Set when the video could not be read. */
  readonly error?: string;
}

export interface LivenessVerdict {
  readonly live: boolean;
  readonly reasons: readonly LivenessReason[];
  readonly challenge: LivenessChallenge;
  readonly challengeCompleted: boolean;
  readonly framesAnalysed: number;
  /** Present when a reference portrait was given and both it and the video show a face. */
  readonly faceMatch?: LivenessFaceMatch;
  readonly evidence: LivenessEvidence;
}
