import { CHALLENGE_INSTRUCTIONS, pickLivenessChallenge, type LivenessChallenge } from '@sanad/idv/liveness/liveness-challenge';
import { FaceEngineError } from '@sanad/idv/face/face-engine-error';
import type { TCustomerRecord } from '@sanad/contracts/customers';
import type { TFaceStatus, TLivenessRequest } from '@sanad/contracts/idv';
import type { LogAction } from '@sanad/contracts/log-modules';
import type { Database } from '../../platform/db/database';
import type { FileVault } from '../../platform/storage/file-vault';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import { callerSegment, type Caller } from '../../platform/auth/caller';
import { AppError } from '../../platform/http/app-error';
import type { RequestMeta } from '../../platform/http/request-meta';
import { canSeeSegment } from '../../platform/tenancy/scope';
import type { IdvEngines } from './idv-engines';
import { getIdvSettings } from './idv-settings.repository';
import {
  consumeLivenessChallenge,
  insertLivenessChallenge,
  latestLinkVerdict,
  recordLivenessVerdict,
  staffVideoVerdict,
  type ChallengeOwner,
  type LivenessVerdict,
} from './liveness-challenge.repository';

export type { LivenessVerdict };

/**
 * The record's verification results from the server's verdict: a video that passed is 'passed'; a
 * face that did not match the document portrait, or was not found to compare, is 'not-matched';
 * without a checked video (or without a document portrait to compare) the result stays pending.
 */
export function recordVerification(verdict: LivenessVerdict | null): NonNullable<TCustomerRecord['verificationStatus']> {
  if (!verdict) return { liveness: 'pending', face: 'pending' };
  return {
    liveness: verdict.liveness === 'completed' ? 'passed' : 'failed',
    face: verdict.face === null ? 'pending' : verdict.face === 'matched' ? 'matched' : 'not-matched',
  };
}

const CHALLENGE_TTL_MINUTES = 10;
/** Without the active challenge only the motion, identity and face checks decide. */
const CHALLENGE_REASON = 'CHALLENGE_NOT_COMPLETED';

export function faceStatus(match: boolean, issues: readonly string[]): TFaceStatus {
  if (issues.some((issue) => issue.startsWith('NO_FACE'))) return 'notfound';
  return match ? 'matched' : 'notmatched';
}

const ownerOf = (caller: Caller): ChallengeOwner => ({
  userId: caller.kind === 'staff' ? caller.actor.userId : null,
  onboardingLinkId: caller.kind === 'link' ? caller.link.linkId : null,
});

export function createFaceVerificationService({ db, vault, engines }: { db: Database; vault: FileVault; engines: IdvEngines }) {
  /** The bytes of a file the caller may use: one they (or their link) uploaded into this segment. */
  async function readOwnFile(caller: Caller, dataSegmentId: string, fileName: string, field: string): Promise<Buffer> {
    const file = await vault.describe(fileName);
    const mayRead =
      file !== null &&
      file.dataSegmentId === dataSegmentId &&
      (caller.kind === 'staff' ? canSeeSegment(caller.actor.segments, dataSegmentId) : file.onboardingLinkId === caller.link.linkId);
    const stored = mayRead ? await vault.read(fileName) : null;
    if (!stored) throw AppError.field(field, 'Upload the file first');
    return stored.body;
  }

  async function audit(
    caller: Caller,
    dataSegmentId: string,
    action: LogAction,
    summary: string,
    details: Record<string, unknown>,
    meta: RequestMeta,
  ) {
    await db.transaction((tx) =>
      appendAudit(tx, {
        dataSegmentId,
        source: auditSource(caller.kind === 'staff' ? caller.actor : null, meta),
        module: 'computer_vision',
        action,
        summary,
        details,
      }),
    );
  }

  return {
    /** Compares the document portrait with a selfie or video frame, at the segment's threshold. */
    async compare(
      caller: Caller,
      input: { documentFile: string; selfieFile: string; dataSegmentId?: string | undefined },
      meta: RequestMeta,
    ) {
      const dataSegmentId = callerSegment(caller, input.dataSegmentId);
      const [documentImage, selfie] = [
        await readOwnFile(caller, dataSegmentId, input.documentFile, 'documentFile'),
        await readOwnFile(caller, dataSegmentId, input.selfieFile, 'selfieFile'),
      ];
      const settings = await getIdvSettings(db, dataSegmentId);
      const engine = await engines.faceEngine();
      try {
        const result = await engine.compareFaces(
          documentImage,
          selfie,
          settings.faceMatchThreshold === null ? {} : { threshold: settings.faceMatchThreshold },
        );
        const face = faceStatus(result.match, result.issues);
        await audit(
          caller,
          dataSegmentId,
          'compared_faces',
          `Face comparison: ${face}`,
          { score: result.score, threshold: result.threshold, issues: result.issues },
          meta,
        );
        return {
          score: result.score,
          threshold: result.threshold,
          match: result.match,
          issues: [...result.issues],
          verificationStatus: { face },
        };
      } catch (error) {
        if (error instanceof FaceEngineError && error.code === 'IMAGE_UNREADABLE')
          throw AppError.field('selfieFile', 'The image could not be read');
        throw error;
      }
    },

    /** The verdict the server made when this staff user checked this clip, if it did. */
    staffVideoVerdict: (input: { dataSegmentId: string; userId: string; videoFile: string }) => staffVideoVerdict(db, input),
    /** The last liveness verdict the server made for videos recorded through an onboarding link. */
    latestLinkVerdict: (onboardingLinkId: string) => latestLinkVerdict(db, onboardingLinkId),

    /** Chooses the challenge the customer performs in the video; it is answered once, within 10 minutes. */
    async issueChallenge(caller: Caller, requestedSegment: string | undefined) {
      const dataSegmentId = callerSegment(caller, requestedSegment);
      const settings = await getIdvSettings(db, dataSegmentId);
      // The blink check has not been measured on real recordings yet: only head turns are asked for.
      const challenge: LivenessChallenge = pickLivenessChallenge({ allowed: ['turn-left-right', 'turn-right-left'] });
      const row = await insertLivenessChallenge(db, {
        ...ownerOf(caller),
        dataSegmentId,
        challenge,
        validForMinutes: CHALLENGE_TTL_MINUTES,
      });
      return {
        challengeId: row.id,
        challenge,
        instructions: CHALLENGE_INSTRUCTIONS[challenge],
        expiresAt: row.expiresAt,
        isRequired: settings.isLivenessChallengeOn,
      };
    },

    /** Checks the recorded video against the challenge that was issued to this caller, and the document portrait. */
    async checkLiveness(caller: Caller, input: TLivenessRequest, meta: RequestMeta) {
      const dataSegmentId = callerSegment(caller, input.dataSegmentId);
      const challenge = await consumeLivenessChallenge(db, { ...ownerOf(caller), id: input.challengeId, dataSegmentId });
      if (!challenge) throw AppError.field('challengeId', 'The challenge has expired or was already answered, please record again');
      const video = await readOwnFile(caller, dataSegmentId, input.videoFile, 'videoFile');
      const reference = input.referenceFile ? await readOwnFile(caller, dataSegmentId, input.referenceFile, 'referenceFile') : undefined;
      const settings = await getIdvSettings(db, dataSegmentId);
      const engine = await engines.faceEngine();
      const verdict = await engine.checkLiveness(video, {
        challenge,
        ...(reference ? { referenceImage: reference } : {}),
        ...(settings.faceMatchThreshold === null ? {} : { threshold: settings.faceMatchThreshold }),
        ...(input.isMirrored === undefined ? {} : { isMirrored: input.isMirrored }),
        // Only the verdict is kept (below): the anti-spoofing evidence would be computed and thrown away.
        withPresentation: false,
      });
      const reasons = settings.isLivenessChallengeOn
        ? [...verdict.reasons]
        : verdict.reasons.filter((reason) => reason !== CHALLENGE_REASON);
      const live = reasons.length === 0;
      const faceMatch = verdict.faceMatch
        ? { score: verdict.faceMatch.score, threshold: verdict.faceMatch.threshold, match: verdict.faceMatch.match }
        : null;
      const face = reference ? (faceMatch ? faceStatus(faceMatch.match, []) : 'notfound') : null;
      // Kept with the challenge: a link's registration takes its results from here, not from the browser.
      await recordLivenessVerdict(db, input.challengeId, input.videoFile, { liveness: live ? 'completed' : 'rejected', face });
      await audit(
        caller,
        dataSegmentId,
        'checked_liveness',
        `Liveness: ${live ? 'passed' : 'failed'}`,
        { reasons, challenge: verdict.challenge, framesAnalysed: verdict.framesAnalysed },
        meta,
      );
      return {
        live,
        reasons,
        challenge: verdict.challenge,
        challengeCompleted: verdict.challengeCompleted,
        framesAnalysed: verdict.framesAnalysed,
        faceMatch,
        verificationStatus: { liveness: live ? ('completed' as const) : ('rejected' as const), face },
      };
    },
  };
}

export type FaceVerificationService = ReturnType<typeof createFaceVerificationService>;
