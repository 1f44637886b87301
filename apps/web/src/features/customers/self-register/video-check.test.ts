import { describe, expect, it } from 'vitest';
import type { TLivenessChallenge, TLivenessResult } from '@sanad/contracts/idv';
import { newDraft, toSubmission } from './draft';
import {
  COUNTDOWN_SECONDS,
  canStop,
  MIN_RECORDING_SECONDS,
  MAX_RECORDING_SECONDS,
  nextRecorderState,
  recordingType,
  referenceImage,
  videoVerdicts,
  withVideoResult,
  withVideoSkipped,
  type RecorderEvent,
  type RecorderState,
} from './video-check';

const challenge: TLivenessChallenge = {
  challengeId: '7d2c8a8e-0a1b-4c3d-9e8f-0123456789ab',
  challenge: 'turn-left-right',
  instructions: 'Turn your head to the left, then to the right',
  expiresAt: '2026-11-27T10:00:00.000Z',
  isRequired: true,
};

function run(events: RecorderEvent[], from: RecorderState = { phase: 'idle' }): RecorderState {
  return events.reduce(nextRecorderState, from);
}

const ticks = (count: number): RecorderEvent[] => Array.from({ length: count }, () => ({ type: 'tick' }) as const);

const passed: TLivenessResult = {
  live: true,
  reasons: [],
  challenge: 'turn-left-right',
  challengeCompleted: true,
  framesAnalysed: 24,
  faceMatch: { score: 0.81, threshold: 0.6, match: true },
  verificationStatus: { liveness: 'completed', face: 'matched' },
};

describe('the recorder of the record-video step', () => {
  it('counts down, records, and stops by itself when the time runs out', () => {
    const counting = run([{ type: 'start' }, { type: 'challenge', challenge }]);
    expect(counting).toEqual({ phase: 'countdown', challenge, secondsLeft: COUNTDOWN_SECONDS });
    const recording = run(ticks(COUNTDOWN_SECONDS), counting);
    expect(recording).toEqual({ phase: 'recording', challenge, secondsLeft: MAX_RECORDING_SECONDS });
    expect(run(ticks(MAX_RECORDING_SECONDS - 1), recording)).toMatchObject({ phase: 'recording', secondsLeft: 1 });
    expect(run(ticks(MAX_RECORDING_SECONDS), recording)).toEqual({ phase: 'checking', challenge });
  });

  it('stops on Stop only while recording and after the shortest clip, and ignores late ticks and stray events', () => {
    const recording = run([{ type: 'start' }, { type: 'challenge', challenge }, ...ticks(COUNTDOWN_SECONDS)]);
    expect(canStop(recording)).toBe(false);
    expect(run([...ticks(MIN_RECORDING_SECONDS - 1), { type: 'stop' }], recording).phase).toBe('recording');
    const checking = run([...ticks(MIN_RECORDING_SECONDS), { type: 'stop' }], recording);
    expect(checking.phase).toBe('checking');
    expect(run([{ type: 'tick' }, { type: 'stop' }, { type: 'challenge', challenge }], checking)).toEqual(checking);
    expect(run([{ type: 'stop' }])).toEqual({ phase: 'idle' });
    expect(run([{ type: 'checked' }])).toEqual({ phase: 'idle' });
    expect(run([{ type: 'checked' }], checking)).toEqual({ phase: 'done' });
  });

  it('can be retried after a failure or a finished check, but not started twice', () => {
    const failed = run([{ type: 'start' }, { type: 'fail', message: 'The camera is blocked' }]);
    expect(failed).toEqual({ phase: 'failed', message: 'The camera is blocked' });
    expect(run([{ type: 'start' }], failed)).toEqual({ phase: 'starting' });
    expect(run([{ type: 'start' }], { phase: 'done' })).toEqual({ phase: 'starting' });
    const counting = run([{ type: 'start' }, { type: 'challenge', challenge }]);
    expect(run([{ type: 'start' }], counting)).toEqual(counting);
  });
});

describe('the video in the draft', () => {
  it('keeps the clip and the verdicts, and sends the clip as documentInfo.video', () => {
    const draft = withVideoResult(
      newDraft(() => '00000000-0000-4000-8000-000000000000'),
      { fileName: 'abcdefgh.enc', originalFileName: 'liveness.webm' },
      passed,
    );
    expect(draft.video).toEqual({
      status: 'checked',
      file: { fileName: 'abcdefgh.enc', originalFileName: 'liveness.webm' },
      live: true,
      reasons: [],
      challengeCompleted: true,
      face: { status: 'matched', score: 0.81, threshold: 0.6 },
    });
    expect(toSubmission(draft, null).documentInfo).toEqual({ video: { fileName: 'abcdefgh.enc', originalFileName: 'liveness.webm' } });
    expect(videoVerdicts(draft.video).map((verdict) => [verdict.color, verdict.title])).toEqual([
      ['green', 'Liveness passed'],
      ['green', 'Face matches the document'],
    ]);
  });

  it('says what failed and what to do, and leaves the face out when there was no document', () => {
    const failed: TLivenessResult = {
      ...passed,
      live: false,
      reasons: ['CHALLENGE_NOT_COMPLETED', 'SOMETHING_NEW'],
      challengeCompleted: false,
      faceMatch: null,
      verificationStatus: { liveness: 'rejected', face: null },
    };
    const draft = withVideoResult(newDraft(), { fileName: 'abcdefgh.enc' }, failed);
    const verdicts = videoVerdicts(draft.video);
    expect(verdicts).toHaveLength(1);
    expect(verdicts[0]).toMatchObject({ color: 'red', title: 'Liveness failed' });
    expect(verdicts[0]?.guidance[0]).toMatch(/^The head turn was not seen\. Ask the customer to turn their head/);
    // A reason added to the engine later is still shown, as it came.
    expect(verdicts[0]?.guidance[1]).toBe('SOMETHING_NEW');
  });

  it('a skip forgets an earlier clip and leaves nothing to send', () => {
    const recorded = withVideoResult(newDraft(), { fileName: 'abcdefgh.enc' }, passed);
    const skipped = withVideoSkipped(recorded);
    expect(skipped.video).toMatchObject({ status: 'skipped', file: null, live: null, face: null });
    expect(videoVerdicts(skipped.video)).toEqual([]);
    expect(toSubmission(skipped, null).documentInfo).toBeUndefined();
  });

  it('compares with the document front only when it is an image', () => {
    const draft = newDraft();
    expect(referenceImage(draft)).toBeNull();
    const image = { ...draft, document: { ...draft.document, front: { fileName: 'front1234.enc', originalFileName: 'card.JPG' } } };
    expect(referenceImage(image)).toEqual({ fileName: 'front1234.enc', originalFileName: 'card.JPG' });
    const pdf = { ...draft, document: { ...draft.document, front: { fileName: 'front1234.enc', originalFileName: 'card.pdf' } } };
    expect(referenceImage(pdf)).toBeNull();
  });

  it('records WebM where the browser can, else MP4, else not at all', () => {
    expect(recordingType(() => true)).toEqual({ mimeType: 'video/webm;codecs=vp8', extension: 'webm' });
    expect(recordingType((type) => type === 'video/mp4')).toEqual({ mimeType: 'video/mp4', extension: 'mp4' });
    expect(recordingType(() => false)).toBeNull();
  });
});
