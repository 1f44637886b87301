import { randomInt } from 'node:crypto';
import { MESSAGES } from '@sanad/contracts/messages';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@sanad/contracts/constants';
import {
  OTP_MESSAGES,
  type TGenerateOtpRequest,
  type TGenerateOtpResponse,
  type TOtpPurpose,
  type TVerifyOtpRequest,
  type TVerifyOtpResponse,
} from '@sanad/contracts/otp';
import type { Database, Queryable } from '../../platform/db/database';
import type { Actor } from '../../platform/auth/access';
import type { CaptchaService } from '../../platform/auth/captcha';
import { hmacHex, randomToken, safeEqualHex } from '../../platform/crypto/aead';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import { AppError } from '../../platform/http/app-error';
import { hitCounter } from '../../platform/http/rate-counter.repository';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { enqueueMessage } from '../../platform/messaging/outbox';
import { kickOutbox } from '../../platform/messaging/outbox.job';
import { composeCodeMessage, describePurpose, maskDestination } from './otp-message';
import { consumeCode, countAttempt, getAccountContact, isOutOfAttempts, replaceOpenCode, type AccountContact } from './otp.repository';

/**
 * How many codes may be sent (DECISIONS, otp-profile): per destination 5 in 15 minutes and 20 a
 * day, so that nobody's inbox or phone can be flooded; per data segment 500 an hour, so that one
 * tenant cannot run up the SMS bill or the mail reputation of all.
 */
export const OTP_SEND_LIMITS = {
  perRecipient: [
    { windowSeconds: 15 * 60, max: 5 },
    { windowSeconds: 24 * 60 * 60, max: 20 },
  ],
  perSegment: { windowSeconds: 60 * 60, max: 500 },
} as const;

export interface OtpServiceDeps {
  db: Database;
  hmacKey: Buffer;
  captcha: CaptchaService;
  jobs: JobQueue | null;
}

export interface CodeSubmission {
  purpose: TOtpPurpose;
  otp: string;
  token: string;
  captcha: string | undefined;
  /** Number verification only: the number the code must have been sent to. */
  mobileNo?: string;
}

/** A code that matched; the protected action consumes it in its own transaction. */
export interface VerifiedCode {
  id: string;
}

interface Destination {
  channel: 'email' | 'sms';
  recipient: string;
}

const PHONE = /^\+?\d{7,15}$/;

export function normalizePhone(value: string): string {
  return value.replace(/[\s().-]/g, '');
}

/**
 * Codes for account actions go only to an address already on the account, never to one the
 * request names, so a stolen session cannot route a code to its thief. `email` (or nothing) means
 * the account's e-mail; `mobileNo` alone means SMS to the account's registered number. Number
 * verification sends to the number being verified, which is its point.
 */
function chooseDestination(account: AccountContact, input: TGenerateOtpRequest): Destination {
  const mobileNo = input.mobileNo ? normalizePhone(input.mobileNo) : '';
  if (input.purpose === 'verify-number') {
    if (!mobileNo) throw AppError.field('mobileNo', OTP_MESSAGES.mobileRequired);
    if (!PHONE.test(mobileNo)) throw AppError.field('mobileNo', OTP_MESSAGES.mobileInvalid);
    return { channel: 'sms', recipient: mobileNo };
  }
  if (input.email || !mobileNo) return { channel: 'email', recipient: account.email };
  const registered = account.phoneNumber ? normalizePhone(account.phoneNumber) : '';
  if (!registered || registered !== mobileNo) throw AppError.field('mobileNo', OTP_MESSAGES.mobileNotRegistered);
  return { channel: 'sms', recipient: registered };
}

function generateCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

export function createOtpService({ db, hmacKey, captcha, jobs }: OtpServiceDeps) {
  const tokenHashOf = (token: string) => hmacHex(hmacKey, `otp-token:${token}`);
  // Keyed by the token as well, so equal codes of two requests never share a hash.
  const codeHashOf = (token: string, code: string) => hmacHex(hmacKey, `otp-code:${token}:${code}`);
  const recipientHashOf = (recipient: string) => hmacHex(hmacKey, `otp-recipient:${recipient.toLowerCase()}`);

  async function enforceSendLimits(actor: Actor, recipientHash: string): Promise<void> {
    for (const { windowSeconds, max } of OTP_SEND_LIMITS.perRecipient) {
      if ((await hitCounter(db, `otp:recipient:${windowSeconds}:${recipientHash}`, windowSeconds)) > max) {
        throw new AppError('RATE_LIMITED', OTP_MESSAGES.sendLimit);
      }
    }
    const { windowSeconds, max } = OTP_SEND_LIMITS.perSegment;
    if ((await hitCounter(db, `otp:segment:${actor.activeSegmentId ?? 'none'}`, windowSeconds)) > max) {
      throw new AppError('RATE_LIMITED', OTP_MESSAGES.sendLimit);
    }
  }

  async function recordFailedAttempt(actor: Actor, purpose: TOtpPurpose, attempt: number, meta: RequestMeta): Promise<void> {
    await db.transaction((tx) =>
      appendAudit(tx, {
        dataSegmentId: actor.activeSegmentId,
        source: auditSource(actor, meta),
        module: 'authentication',
        action: 'failed_otp',
        entityType: 'one_time_code',
        summary: `Entered an incorrect one-time code to ${describePurpose(purpose)}`,
        details: { purpose, attempt },
      }),
    );
  }

  /**
   * Compares a code with the open code of its token, counting the attempt first (see
   * countAttempt). The purpose and the user are part of the lookup, so a code requested by
   * someone else or for another action matches nothing.
   */
  async function checkCode(actor: Actor, submission: Omit<CodeSubmission, 'captcha'>, meta: RequestMeta): Promise<VerifiedCode> {
    const tokenHash = tokenHashOf(submission.token);
    const counted = await countAttempt(db, tokenHash, actor.userId, submission.purpose);
    if (!counted) {
      const isExhausted = await isOutOfAttempts(db, tokenHash, actor.userId, submission.purpose);
      throw AppError.field('otp', isExhausted ? OTP_MESSAGES.attemptsExceeded : OTP_MESSAGES.expired);
    }
    const isCodeRight = safeEqualHex(counted.codeHash, codeHashOf(submission.token, submission.otp));
    const isRecipientRight =
      submission.mobileNo === undefined || safeEqualHex(counted.recipientHash, recipientHashOf(normalizePhone(submission.mobileNo)));
    if (!isCodeRight || !isRecipientRight) {
      await recordFailedAttempt(actor, submission.purpose, counted.attempts, meta);
      throw AppError.field('otp', counted.attempts >= OTP_MAX_ATTEMPTS ? OTP_MESSAGES.attemptsExceeded : OTP_MESSAGES.incorrect);
    }
    return { id: counted.id };
  }

  return {
    /** POST /configurations/generate-otp-auth/: sends a fresh code and answers with its token only. */
    async requestCode(actor: Actor, input: TGenerateOtpRequest, meta: RequestMeta): Promise<TGenerateOtpResponse> {
      const account = await getAccountContact(db, actor.userId);
      if (!account) throw AppError.unauthorized();
      const destination = chooseDestination(account, input);
      const recipientHash = recipientHashOf(destination.recipient);
      await enforceSendLimits(actor, recipientHash);

      const code = generateCode();
      const token = randomToken(32);
      const message = composeCodeMessage(input.purpose, code, account.firstName);
      const masked = maskDestination(destination.channel, destination.recipient);
      await db.transaction(async (tx) => {
        await replaceOpenCode(tx, {
          userId: actor.userId,
          dataSegmentId: actor.activeSegmentId,
          purpose: input.purpose,
          channel: destination.channel,
          recipientHash,
          tokenHash: tokenHashOf(token),
          codeHash: codeHashOf(token, code),
        });
        await enqueueMessage(tx, {
          dataSegmentId: actor.activeSegmentId,
          channel: destination.channel,
          recipient: destination.recipient,
          subject: destination.channel === 'email' ? message.subject : '',
          text: destination.channel === 'email' ? message.text : message.sms,
          isSensitive: true,
        });
        await appendAudit(tx, {
          dataSegmentId: actor.activeSegmentId,
          source: auditSource(actor, meta),
          module: 'authentication',
          action: 'requested_otp',
          entityType: 'one_time_code',
          summary: `Requested a one-time code to ${describePurpose(input.purpose)}`,
          details: { purpose: input.purpose, channel: destination.channel, destination: masked },
        });
        await kickOutbox(jobs, tx);
      });
      return {
        token,
        channel: destination.channel,
        destination: masked,
        expiresIn: OTP_TTL_SECONDS,
        phoneNumber: input.mobileNo ? normalizePhone(input.mobileNo) : null,
      };
    },

    /**
     * The checks a protected action runs before its transaction: a solved captcha that was never
     * used, then the code. The caller consumes the returned code inside its transaction.
     */
    async checkSubmission(actor: Actor, submission: CodeSubmission, meta: RequestMeta): Promise<VerifiedCode> {
      if (!(await captcha.redeem(submission.captcha))) {
        throw new AppError('CAPTCHA_REQUIRED', submission.captcha ? MESSAGES.captchaInvalid : MESSAGES.captchaRequired);
      }
      return checkCode(actor, submission, meta);
    },

    /** Uses the code up in the action's transaction; refused if another request used it first. */
    async consume(tx: Queryable, code: VerifiedCode): Promise<void> {
      if (!(await consumeCode(tx, code.id))) throw AppError.field('otp', OTP_MESSAGES.expired);
    },

    /**
     * POST /configurations/verify-otp, the old number verification: the captcha and the
     * request's shape are refused as errors; the code's verdict is answered as verificationStatus
     * 1 or 0 with its message, as the old client expects.
     */
    async verifyNumber(actor: Actor, input: TVerifyOtpRequest, meta: RequestMeta): Promise<TVerifyOtpResponse> {
      if (!(await captcha.redeem(input.cToken))) {
        throw new AppError('CAPTCHA_REQUIRED', input.cToken ? MESSAGES.captchaInvalid : MESSAGES.captchaRequired);
      }
      let code: VerifiedCode;
      try {
        code = await checkCode(actor, { purpose: 'verify-number', otp: input.otpCode, token: input.token, mobileNo: input.mobileNo }, meta);
      } catch (error) {
        if (error instanceof AppError && error.code === 'VALIDATION') return { verificationStatus: 0, message: error.message };
        throw error;
      }
      const isConsumed = await db.transaction(async (tx) => {
        if (!(await consumeCode(tx, code.id))) return false;
        await appendAudit(tx, {
          dataSegmentId: actor.activeSegmentId,
          source: auditSource(actor, meta),
          module: 'authentication',
          action: 'verified_number',
          entityType: 'one_time_code',
          entityId: code.id,
          summary: 'Verified a mobile number with a one-time code',
        });
        return true;
      });
      return isConsumed
        ? { verificationStatus: 1, message: OTP_MESSAGES.numberVerified }
        : { verificationStatus: 0, message: OTP_MESSAGES.expired };
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
