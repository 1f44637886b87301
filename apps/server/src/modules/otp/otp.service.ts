import { randomInt } from 'node:crypto';
import { MESSAGES } from '@sanad/contracts/messages';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '@sanad/contracts/constants';
import {
  CONTACT_OTP_MESSAGES,
  OTP_MESSAGES,
  contactAddress,
  type TContactChannel,
  type TContactCodeRequest,
  type TContactCodeVerified,
  type TContactCodeVerify,
  type TGenerateOtpRequest,
  type TGenerateOtpResponse,
  type TOtpPurpose,
  type TVerifyOtpRequest,
  type TVerifyOtpResponse,
} from '@sanad/contracts/otp';
import type { Database, Queryable } from '../../platform/db/database';
import type { Actor, LinkCaller } from '../../platform/auth/access';
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
import {
  consumeCode,
  countAttempt,
  findConsumedCode,
  findVerifiedAt,
  getAccountContact,
  isOutOfAttempts,
  replaceOpenCode,
  replaceOpenLinkCode,
  type AccountContact,
} from './otp.repository';

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
  /** A public journey (one link): a person asks for a few codes; more is a script. */
  perLink: { windowSeconds: 60 * 60, max: 10 },
} as const;

export interface OtpServiceDeps {
  db: Database;
  hmacKey: Buffer;
  captcha: CaptchaService;
  jobs: JobQueue | null;
  /** Which contact a public journey of the segment verifies (docs/decisions/public-otp.md). */
  contactChannel?: (dataSegmentId: string) => Promise<TContactChannel>;
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The link of a deep or dynamic registration on the page's segment; anything else is a wrong link. */
function journeyLink(link: LinkCaller, dataSegmentId: string): LinkCaller {
  if (link.dataSegmentId !== dataSegmentId || (link.purpose !== 'deep-register' && link.purpose !== 'dynamic-register'))
    throw AppError.unauthorized('This link is no longer valid');
  return link;
}

export function createOtpService({ db, hmacKey, captcha, jobs, contactChannel = async () => 'email' }: OtpServiceDeps) {
  const tokenHashOf = (token: string) => hmacHex(hmacKey, `otp-token:${token}`);
  // Keyed by the token as well, so equal codes of two requests never share a hash.
  const codeHashOf = (token: string, code: string) => hmacHex(hmacKey, `otp-code:${token}:${code}`);
  const recipientHashOf = (recipient: string) => hmacHex(hmacKey, `otp-recipient:${recipient.toLowerCase()}`);

  async function enforceSendLimits(actor: Pick<Actor, 'activeSegmentId'>, recipientHash: string): Promise<void> {
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
    const counted = await countAttempt(db, tokenHash, { userId: actor.userId }, submission.purpose);
    if (!counted) {
      const isExhausted = await isOutOfAttempts(db, tokenHash, { userId: actor.userId }, submission.purpose);
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
    /**
     * POST onboarding/generate-otp-auth: a public journey's code to the contact the customer typed
     * on setup-profile. The captcha comes first; then the link's, the recipient's and the
     * segment's send limits. The code belongs to the link: no other journey can use it.
     */
    async requestContactCode(caller: LinkCaller, input: TContactCodeRequest, meta: RequestMeta): Promise<TGenerateOtpResponse> {
      const link = journeyLink(caller, input.dataSegmentId);
      if (!(await captcha.redeem(input.cToken))) {
        throw new AppError('CAPTCHA_REQUIRED', input.cToken ? MESSAGES.captchaInvalid : MESSAGES.captchaRequired);
      }
      const channel = await contactChannel(link.dataSegmentId);
      const recipient = contactAddress(channel, { email: input.email, phoneNumber: input.mobileNo, isdCode: input.isdCode });
      if (channel === 'email') {
        if (!recipient) throw AppError.field('email', CONTACT_OTP_MESSAGES.emailRequired);
        if (!EMAIL.test(recipient)) throw AppError.field('email', CONTACT_OTP_MESSAGES.emailInvalid);
      } else {
        if (!recipient) throw AppError.field('mobileNo', OTP_MESSAGES.mobileRequired);
        if (!PHONE.test(recipient)) throw AppError.field('mobileNo', OTP_MESSAGES.mobileInvalid);
      }
      const { windowSeconds, max } = OTP_SEND_LIMITS.perLink;
      if ((await hitCounter(db, `otp:link:${link.linkId}`, windowSeconds)) > max)
        throw new AppError('RATE_LIMITED', OTP_MESSAGES.sendLimit);
      const recipientHash = recipientHashOf(recipient);
      await enforceSendLimits({ activeSegmentId: link.dataSegmentId }, recipientHash);

      const code = generateCode();
      const token = randomToken(32);
      const message = composeCodeMessage('verify-contact', code, input.name ?? '', input.language);
      const masked = maskDestination(channel, recipient);
      await db.transaction(async (tx) => {
        await replaceOpenLinkCode(tx, {
          linkId: link.linkId,
          dataSegmentId: link.dataSegmentId,
          channel,
          recipientHash,
          tokenHash: tokenHashOf(token),
          codeHash: codeHashOf(token, code),
        });
        await enqueueMessage(tx, {
          dataSegmentId: link.dataSegmentId,
          channel,
          recipient,
          subject: channel === 'email' ? message.subject : '',
          text: channel === 'email' ? message.text : message.sms,
          isSensitive: true,
        });
        await appendAudit(tx, {
          dataSegmentId: link.dataSegmentId,
          source: auditSource(null, meta),
          module: 'customers',
          action: 'requested_contact_code',
          entityType: 'onboarding_link',
          entityId: link.linkId,
          summary: `A customer asked for a one-time code to ${describePurpose('verify-contact')} on their registration`,
          details: { purpose: 'verify-contact', journey: link.purpose, channel, destination: masked },
        });
        await kickOutbox(jobs, tx);
      });
      return {
        token,
        channel,
        destination: masked,
        expiresIn: OTP_TTL_SECONDS,
        phoneNumber: channel === 'sms' ? recipient : null,
      };
    },

    /**
     * POST onboarding/verify-otp: the code of this journey's open request. A match uses the code
     * up, and the used code is the journey's proof that the address is the customer's; the steps
     * after setup-profile and the completion ask for that proof (verifiedContactAt).
     */
    async verifyContactCode(caller: LinkCaller, input: TContactCodeVerify, meta: RequestMeta): Promise<TContactCodeVerified> {
      const link = journeyLink(caller, input.dataSegmentId);
      const owner = { linkId: link.linkId };
      const tokenHash = tokenHashOf(input.token);
      const counted = await countAttempt(db, tokenHash, owner, 'verify-contact');
      if (!counted) {
        const isExhausted = await isOutOfAttempts(db, tokenHash, owner, 'verify-contact');
        throw AppError.field('otp', isExhausted ? OTP_MESSAGES.attemptsExceeded : OTP_MESSAGES.expired);
      }
      if (!safeEqualHex(counted.codeHash, codeHashOf(input.token, input.otp))) {
        await db.transaction((tx) =>
          appendAudit(tx, {
            dataSegmentId: link.dataSegmentId,
            source: auditSource(null, meta),
            module: 'customers',
            action: 'failed_contact_code',
            entityType: 'onboarding_link',
            entityId: link.linkId,
            summary: `An incorrect one-time code was entered to ${describePurpose('verify-contact')} on a registration`,
            details: { purpose: 'verify-contact', attempt: counted.attempts },
          }),
        );
        throw AppError.field('otp', counted.attempts >= OTP_MAX_ATTEMPTS ? OTP_MESSAGES.attemptsExceeded : OTP_MESSAGES.incorrect);
      }
      const verified = await db.transaction(async (tx) => {
        if (!(await consumeCode(tx, counted.id))) return null;
        const found = await findConsumedCode(tx, counted.id);
        if (!found) return null;
        await appendAudit(tx, {
          dataSegmentId: link.dataSegmentId,
          source: auditSource(null, meta),
          module: 'customers',
          action: 'verified_contact',
          entityType: 'onboarding_link',
          entityId: link.linkId,
          summary: `A customer verified their ${found.channel === 'email' ? 'email' : 'mobile number'} with a one-time code on their registration`,
          details: { purpose: 'verify-contact', journey: link.purpose, channel: found.channel },
        });
        return { channel: found.channel, verifiedAt: found.consumedAt };
      });
      if (!verified) throw AppError.field('otp', OTP_MESSAGES.expired);
      return verified;
    },

    /**
     * When this journey verified the address (normalised as contactAddress writes it) on the
     * channel, or null: the public steps refuse a contact without it.
     */
    verifiedContactAt(linkId: string, channel: TContactChannel, address: string): Promise<string | null> {
      if (!address) return Promise.resolve(null);
      return findVerifiedAt(db, linkId, channel, recipientHashOf(address));
    },

    /**
     * The proof a public step asks for: the contact the journey's segment verifies (e-mail or
     * mobile number) must have been verified by this link. Null when the contact has no such
     * address (the step's own rules require it); a field error in the spec's words otherwise.
     */
    async requireVerifiedContact(
      link: LinkCaller,
      contact: { email?: string | null | undefined; phoneNumber?: string | null | undefined; isdCode?: string | null | undefined },
      fields: { email: string; phone: string } = { email: 'contactInfo.email', phone: 'contactInfo.phoneNumber' },
    ): Promise<{ channel: TContactChannel; verifiedAt: string } | null> {
      const channel = await contactChannel(link.dataSegmentId);
      const address = contactAddress(channel, contact);
      if (!address) return null;
      const verifiedAt = await findVerifiedAt(db, link.linkId, channel, recipientHashOf(address));
      if (verifiedAt) return { channel, verifiedAt };
      throw AppError.field(
        channel === 'email' ? fields.email : fields.phone,
        channel === 'email' ? CONTACT_OTP_MESSAGES.emailNotVerified : CONTACT_OTP_MESSAGES.phoneNotVerified,
      );
    },

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
