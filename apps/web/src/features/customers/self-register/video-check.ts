import type { TFileRef } from '@sanad/contracts/customers';
import type { TLivenessChallenge, TLivenessResult } from '@sanad/contracts/idv';
import { IDV_ENDPOINTS } from '@sanad/contracts/idv.endpoints';
import { api } from '../../../lib/api';
import { getActiveDataSegmentId } from '../../../lib/session';
import { uploadFile } from '../../../lib/upload';
import { NO_VIDEO, type DraftVideo, type SelfRegisterDraft } from './draft';

/** Seconds counted down before recording starts, and the longest clip recorded. */
export const COUNTDOWN_SECONDS = 3;
export const MAX_RECORDING_SECONDS = 8;
/** Stop is refused before this much has been recorded: the check needs time to see the head turn. */
export const MIN_RECORDING_SECONDS = 3;

/** Whether Stop may end the recording yet. */
export function canStop(state: RecorderState): boolean {
  return state.phase === 'recording' && MAX_RECORDING_SECONDS - state.secondsLeft >= MIN_RECORDING_SECONDS;
}

/** Each reason the liveness check gives, in words staff can act on. */
const REASON_GUIDANCE: Record<string, string> = {
  VIDEO_UNREADABLE: 'The video could not be read. Record again.',
  VIDEO_TOO_SHORT: 'The video was too short. Let the recording run until the customer has done both turns.',
  NO_FACE: 'No face was seen. Keep the customer’s face in the middle of the picture, in good light.',
  FACE_NOT_CONTINUOUS: 'The face left the picture. Keep the customer’s whole face in view the whole time.',
  SEVERAL_FACES: 'More than one face was seen. Only the customer should be in view.',
  FACE_CHANGED: 'The face changed during the video. Only the customer should be in view.',
  NO_MOTION: 'The face did not move like a live person’s: a photo or a screen is not accepted.',
  CHALLENGE_NOT_COMPLETED: 'The head turn was not seen. Ask the customer to turn their head slowly as the instruction says.',
  REFERENCE_NO_FACE: 'No portrait was found on the document front, so the faces could not be compared.',
  FACE_MISMATCH: 'The face in the video does not match the document portrait.',
};

/** A reason in words; a reason this page does not know yet is shown as it came. */
export function reasonText(reason: string): string {
  return REASON_GUIDANCE[reason] ?? reason;
}

/** The phases of the recorder on the step, in the order they normally follow each other. */
export type RecorderState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'countdown'; challenge: TLivenessChallenge; secondsLeft: number }
  | { phase: 'recording'; challenge: TLivenessChallenge; secondsLeft: number }
  | { phase: 'checking'; challenge: TLivenessChallenge }
  | { phase: 'done' }
  | { phase: 'failed'; message: string };

export type RecorderEvent =
  | { type: 'start' }
  | { type: 'challenge'; challenge: TLivenessChallenge }
  | { type: 'tick' }
  | { type: 'stop' }
  | { type: 'checked' }
  | { type: 'fail'; message: string }
  | { type: 'reset' };

/**
 * The recorder's next state. A tick counts the countdown down and then the recording; the
 * recording stops by itself when its time runs out, or earlier when staff press Stop. Events that
 * do not fit the current phase leave it as it is, so a late timer cannot restart a finished run.
 */
export function nextRecorderState(state: RecorderState, event: RecorderEvent): RecorderState {
  switch (event.type) {
    case 'start':
      return state.phase === 'idle' || state.phase === 'done' || state.phase === 'failed' ? { phase: 'starting' } : state;
    case 'challenge':
      return state.phase === 'starting' ? { phase: 'countdown', challenge: event.challenge, secondsLeft: COUNTDOWN_SECONDS } : state;
    case 'tick':
      if (state.phase === 'countdown')
        return state.secondsLeft > 1
          ? { ...state, secondsLeft: state.secondsLeft - 1 }
          : { phase: 'recording', challenge: state.challenge, secondsLeft: MAX_RECORDING_SECONDS };
      if (state.phase === 'recording')
        return state.secondsLeft > 1 ? { ...state, secondsLeft: state.secondsLeft - 1 } : { phase: 'checking', challenge: state.challenge };
      return state;
    case 'stop':
      return state.phase === 'recording' && canStop(state) ? { phase: 'checking', challenge: state.challenge } : state;
    case 'checked':
      return state.phase === 'checking' ? { phase: 'done' } : state;
    case 'fail':
      return { phase: 'failed', message: event.message };
    case 'reset':
      return { phase: 'idle' };
  }
}

/** The draft with the uploaded clip and the liveness (and face) verdicts on it. */
export function withVideoResult(draft: SelfRegisterDraft, file: TFileRef, result: TLivenessResult): SelfRegisterDraft {
  const face = result.verificationStatus.face;
  return {
    ...draft,
    video: {
      status: 'checked',
      file,
      live: result.live,
      reasons: result.reasons,
      challengeCompleted: result.challengeCompleted,
      face: face ? { status: face, score: result.faceMatch?.score ?? null, threshold: result.faceMatch?.threshold ?? null } : null,
    },
  };
}

/** Staff go on without a video: liveness and face stay pending on the record. */
export function withVideoSkipped(draft: SelfRegisterDraft): SelfRegisterDraft {
  return { ...draft, video: { ...NO_VIDEO, status: 'skipped' } };
}

/** The document front is compared with the video only when it is an image (a PDF has no portrait to read here). */
export function referenceImage(draft: SelfRegisterDraft): TFileRef | null {
  const front = draft.document.front;
  if (!front) return null;
  return /\.pdf$/i.test(front.originalFileName ?? '') ? null : front;
}

export interface Verdict {
  color: 'green' | 'red' | 'yellow';
  title: string;
  guidance: string[];
}

/** The verdicts in words, with what staff can do about a failure. */
export function videoVerdicts(video: DraftVideo): Verdict[] {
  if (video.status !== 'checked') return [];
  const verdicts: Verdict[] = [];
  if (video.live) verdicts.push({ color: 'green', title: 'Liveness passed', guidance: ['A live person performed the challenge.'] });
  else
    verdicts.push({
      color: 'red',
      title: 'Liveness failed',
      guidance: [
        ...video.reasons.map(reasonText),
        'Record again in good light, with only the customer’s face in view, or skip and verify the customer in person.',
      ],
    });
  if (video.face?.status === 'matched') verdicts.push({ color: 'green', title: 'Face matches the document', guidance: [] });
  else if (video.face?.status === 'notmatched')
    verdicts.push({
      color: 'red',
      title: 'Face does not match the document',
      guidance: ['Check that the document belongs to this customer; record again facing the camera.'],
    });
  else if (video.face?.status === 'notfound')
    verdicts.push({
      color: 'yellow',
      title: 'No face to compare',
      guidance: ['No portrait was found on the document or no face in the video. Upload a clearer document front or record again.'],
    });
  return verdicts;
}

/** The clip's type: WebM where the browser records it (Chrome, Firefox), else MP4 (Safari). */
export function recordingType(isSupported: (type: string) => boolean): { mimeType: string; extension: 'webm' | 'mp4' } | null {
  for (const [mimeType, extension] of [
    ['video/webm;codecs=vp8', 'webm'],
    ['video/webm', 'webm'],
    ['video/mp4', 'mp4'],
  ] as const)
    if (isSupported(mimeType)) return { mimeType, extension };
  return null;
}

/** Uploads the recorded clip (type video) and checks it against the challenge, with the document portrait when there is one. */
export async function checkRecordedVideo(
  clip: File,
  challengeId: string,
  reference: TFileRef | null,
): Promise<{ file: TFileRef; result: TLivenessResult }> {
  const stored = await uploadFile(clip, 'video');
  const { data } = await api(IDV_ENDPOINTS.checkLiveness, {
    body: {
      videoFile: stored.fileName,
      challengeId,
      ...(reference ? { referenceFile: reference.fileName } : {}),
      dataSegmentId: getActiveDataSegmentId() ?? undefined,
    },
  });
  return { file: { fileName: stored.fileName, originalFileName: clip.name }, result: data };
}

/** Asks the server for the challenge the customer performs in this recording. */
export async function fetchChallenge(): Promise<TLivenessChallenge> {
  const { data } = await api(IDV_ENDPOINTS.issueLivenessChallenge, { body: { dataSegmentId: getActiveDataSegmentId() ?? undefined } });
  return data;
}
