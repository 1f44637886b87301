/**
 * The public deep register: the customer behind a live deep-register link opens it, saves each of
 * the journey's steps on the server (the seven of a sent link, the six of the older public form; so
 * the same link continues on another device), and completes the registration. The link's token is
 * checked by the authentication hook (hashed, live, of this purpose); here the link must also
 * belong to the segment of the page's address, steps are taken in the order of the link's flow, and
 * every file the registration names must have been uploaded through this link.
 * Liveness and face results come from the server's own check of the video recorded through the
 * link, never from what the browser says. The older public form keeps its token in the tab only, so
 * once its contact is verified the journey is e-mailed (or texted) to that contact as a continue
 * link: the way onto another device goes through the contact, never through the address alone
 * (docs/decisions/older-public-form.md).
 */
import type { TCustomerCreateInput } from '@sanad/contracts/customers';
import type { TOnboardingSettings } from '@sanad/contracts/onboarding-configuration';
import { ZCustomerCreateInput } from '@sanad/contracts/customers';
import { contactAddress, type TContactChannel } from '@sanad/contracts/otp';
import { missingSignatureIssues } from '@sanad/contracts/signature';
import { nextFlowStep, registrationIssuesUpTo, registrationStepIndex, type RegistrationStep } from '@sanad/contracts/registration-steps';
import {
  TEMP_CUSTOMER_MESSAGES,
  type TDeepRegisterResult,
  type TDeepRegisterSession,
  type TDeepRegisterStepSave,
} from '@sanad/contracts/temp-customers';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { LinkCaller } from '../../platform/auth/access';
import type { Database, Queryable } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { hitCounter } from '../../platform/http/rate-counter.repository';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { enqueueMessage } from '../../platform/messaging/outbox';
import { kickOutbox } from '../../platform/messaging/outbox.job';
import type { FileVault } from '../../platform/storage/file-vault';
import type { CustomerService } from '../customers/customer.service';
import type { OtpService } from '../otp/otp.service';
import { findOwnUpload } from '../files/own-uploads.port';
import { recordVerification, type FaceVerificationService } from '../idv/face-verification.service';
import { continueLinkMessage, continueLinkUrl, maskContact } from './continue-link-message';
import {
  findByLink,
  markCompleted,
  markOpened,
  saveProgress,
  segmentCompanyName,
  setJourneyContact,
  type LinkedTempCustomer,
} from './temp-customer.repository';

/** Requests one link may make in a minute: a customer filling in the steps makes a handful. */
export const LINK_REQUESTS_PER_MINUTE = 60;

export interface DeepRegisterServiceDeps {
  db: Database;
  /** The app's public address, which the older public form's continue link starts with. */
  publicUrl: string;
  jobs: JobQueue | null;
  /** The journey's proof of its contact: setup-profile and every later step need it. */
  contactCodes: Pick<OtpService, 'requireVerifiedContact'>;
  vault: Pick<FileVault, 'describe'>;
  customers: Pick<CustomerService, 'registerThroughLink'>;
  liveness: Pick<FaceVerificationService, 'latestLinkVerdict'>;
  /** The segment's onboarding configuration, which the public steps follow. */
  onboardingSettings: (dataSegmentId: string) => Promise<TOnboardingSettings>;
  /** The per-link limit (tests lower it). */
  requestsPerMinute?: number;
  /**
   * Runs in the completing transaction once the customer is tied to the temp customer: the
   * companies whose parent the link was sent to are re-rated with the new customer's risk.
   */
  onCompleted?: (tx: Queryable, customerId: string, meta: RequestMeta) => Promise<unknown>;
}

/** Every file name a registration refers to (documents, evidence, the video). */
function fileNamesIn(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) fileNamesIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'fileName' && typeof item === 'string') found.add(item);
      else fileNamesIn(item, found);
    }
  }
  return found;
}

/** The contact section of a submission, as far as the proof needs it. */
function contactOf(submission: unknown): { email?: string; phoneNumber?: string; isdCode?: string } {
  const contact = (submission as { contactInfo?: unknown } | null)?.contactInfo;
  if (!contact || typeof contact !== 'object') return {};
  const pick = (key: string) => {
    const value = (contact as Record<string, unknown>)[key];
    return typeof value === 'string' ? value : undefined;
  };
  return { email: pick('email'), phoneNumber: pick('phoneNumber'), isdCode: pick('isdCode') };
}

/** The names of a submission's basic info, as far as they are filled in. */
function namesOf(submission: unknown): { firstName: string; middleName: string; lastName: string } {
  const basic = (submission as { basicInfo?: Record<string, unknown> } | null)?.basicInfo ?? {};
  const pick = (key: string) => (typeof basic[key] === 'string' ? basic[key].trim() : '');
  return { firstName: pick('firstName'), middleName: pick('middleName'), lastName: pick('lastName') };
}

/** The journey already sent its continue link to this verified contact (kept by setJourneyContact). */
const hasContinueLinkTo = (temp: LinkedTempCustomer, channel: TContactChannel, address: string) =>
  temp.channel === channel && (channel === 'email' ? temp.email : temp.phoneNumber) === address;

export function createDeepRegisterService({
  db,
  publicUrl,
  jobs,
  contactCodes,
  vault,
  customers,
  liveness,
  onboardingSettings,
  requestsPerMinute,
  onCompleted,
}: DeepRegisterServiceDeps) {
  const limit = requestsPerMinute ?? LINK_REQUESTS_PER_MINUTE;

  /** The link's temp customer, once the link is known to be of this segment and within its rate. */
  async function admit(link: LinkCaller, dataSegmentId: string): Promise<LinkedTempCustomer> {
    // Another segment's address with this token is answered like a wrong token: nothing is disclosed.
    if (link.dataSegmentId !== dataSegmentId) throw AppError.unauthorized(TEMP_CUSTOMER_MESSAGES.linkInvalid);
    if ((await hitCounter(db, `deep-register:${link.linkId}`, 60)) > limit)
      throw new AppError('RATE_LIMITED', TEMP_CUSTOMER_MESSAGES.tooManyRequests);
    const temp = await findByLink(db, link.linkId);
    if (!temp || temp.completedAt) throw AppError.unauthorized(TEMP_CUSTOMER_MESSAGES.linkInvalid);
    return temp;
  }

  /** Refuses a file the registration names that was not uploaded through this link. */
  async function refuseForeignFiles(link: LinkCaller, submission: unknown): Promise<void> {
    const uploader = { linkId: link.linkId };
    for (const fileName of fileNamesIn(submission))
      if (!(await findOwnUpload(vault, fileName, link.dataSegmentId, uploader)))
        throw AppError.field('documentInfo', TEMP_CUSTOMER_MESSAGES.notYourFile);
    // The drawn signature is a stored PNG too, named by `sign` rather than `fileName`.
    const sign = (submission as { signature?: { sign?: unknown } } | null)?.signature?.sign;
    if (typeof sign === 'string' && sign !== '' && !(await findOwnUpload(vault, sign, link.dataSegmentId, uploader)))
      throw AppError.field('signature.sign', TEMP_CUSTOMER_MESSAGES.notYourFile);
  }

  return {
    async open(link: LinkCaller, dataSegmentId: string): Promise<TDeepRegisterSession> {
      const temp = await admit(link, dataSegmentId);
      await markOpened(db, temp.id);
      return {
        dataSegmentId: temp.dataSegmentId,
        firstName: temp.firstName,
        middleName: temp.middleName,
        lastName: temp.lastName,
        email: temp.email,
        phoneNumber: temp.phoneNumber,
        reachedStep: temp.reachedStep,
        flow: temp.flow,
        draft: temp.draft,
        expiresAt: temp.expiresAt,
        settings: await onboardingSettings(temp.dataSegmentId),
      };
    },

    /**
     * Saves a step. A step after the furthest one reached is refused (the earlier ones come
     * first), and so is a step the journey's flow does not run (additional-info on the older
     * public form); the submission is checked with the customer contract for this step and every
     * earlier one, and its files must be this link's. The furthest step reached moves on by one
     * step of the flow. On the older public form, the first save with a verified contact (and the
     * first after the customer verified another one) sends that contact the continue link, which
     * carries `linkToken`, the token this request was admitted with; the save, the message and its
     * audit entry commit together.
     */
    async saveStep(
      link: LinkCaller,
      step: RegistrationStep,
      input: TDeepRegisterStepSave,
      linkToken: string | undefined,
      meta: RequestMeta,
    ): Promise<{ reachedStep: RegistrationStep; continueLinkSentTo: string | null }> {
      const temp = await admit(link, input.dataSegmentId);
      const next = nextFlowStep(temp.flow, step);
      if (step === 'finish' || next === null || registrationStepIndex(step) > registrationStepIndex(temp.reachedStep))
        throw AppError.conflict('step', TEMP_CUSTOMER_MESSAGES.earlierStepFirst);
      const { submissionKey: _key, dataSegmentId: _segment, ...submission } = input.submission;
      const errors = registrationIssuesUpTo(submission, step);
      if (Object.keys(errors).length > 0)
        throw AppError.validation(Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])));
      await refuseForeignFiles(link, submission);
      // From setup-profile on, the contact must be the one this link proved with a code.
      const verified =
        registrationStepIndex(step) >= registrationStepIndex('setup-profile')
          ? await contactCodes.requireVerifiedContact(link, contactOf(submission))
          : null;
      const verifiedAddress = verified ? contactAddress(verified.channel, contactOf(submission)) : '';
      const reachedStep = registrationStepIndex(next) > registrationStepIndex(temp.reachedStep) ? next : temp.reachedStep;
      const continueLinkSentTo = await db.transaction(async (tx) => {
        const locked = await findByLink(tx, link.linkId, true);
        if (!locked || locked.completedAt) throw AppError.unauthorized(TEMP_CUSTOMER_MESSAGES.linkInvalid);
        // A later step saved meanwhile (another device) keeps the furthest step reached.
        const furthest = registrationStepIndex(locked.reachedStep) > registrationStepIndex(reachedStep) ? locked.reachedStep : reachedStep;
        await saveProgress(tx, temp.id, { reachedStep: furthest, state: input.draft, submission, language: input.language });
        // Checked on the locked row, so two saves racing from two tabs send one link.
        if (locked.flow !== 'public-form' || !verified || !verifiedAddress || !linkToken) return null;
        if (hasContinueLinkTo(locked, verified.channel, verifiedAddress)) return null;
        const names = namesOf(submission);
        await setJourneyContact(tx, temp.id, { ...names, channel: verified.channel, address: verifiedAddress });
        const language = input.language ?? locked.language;
        await enqueueMessage(
          tx,
          continueLinkMessage({
            dataSegmentId: temp.dataSegmentId,
            channel: verified.channel,
            recipient: verifiedAddress,
            firstName: names.firstName,
            companyName: await segmentCompanyName(tx, temp.dataSegmentId),
            url: continueLinkUrl(publicUrl, temp.dataSegmentId, linkToken),
            expiresAt: locked.expiresAt,
            language,
          }),
        );
        const destination = maskContact(verified.channel, verifiedAddress);
        await appendAudit(tx, {
          dataSegmentId: temp.dataSegmentId,
          source: auditSource(null, meta),
          module: 'customers',
          action: 'sent_public_register_continue_link',
          entityType: 'temp_customer',
          entityId: temp.id,
          summary: `Sent the link to continue a public registration on another device by ${verified.channel} to the verified contact`,
          details: { onboardingLinkId: link.linkId, channel: verified.channel, destination, language },
        });
        await kickOutbox(jobs, tx);
        return destination;
      });
      return { reachedStep, continueLinkSentTo };
    },

    /**
     * Registers the customer from the saved steps, once every step up to the preview is saved.
     * The temp customer's id is the submission key: a retried completion answers the customer
     * the first one created. The customer, the temp customer's completion, the used-up link and
     * the audit entries commit together.
     */
    async complete(link: LinkCaller, dataSegmentId: string, meta: RequestMeta): Promise<TDeepRegisterResult> {
      const temp = await admit(link, dataSegmentId);
      if (registrationStepIndex(temp.reachedStep) < registrationStepIndex('preview') || !temp.submission)
        throw AppError.conflict('step', TEMP_CUSTOMER_MESSAGES.earlierStepFirst);
      const verdict = await liveness.latestLinkVerdict(link.linkId);
      const submission: Record<string, unknown> = { ...temp.submission };
      const documentInfo = { ...(submission.documentInfo as Record<string, unknown> | undefined) };
      // The record keeps the clip the server judged, whatever the browser named.
      delete documentInfo.video;
      if (verdict) documentInfo.video = { fileName: verdict.videoFile };
      submission.documentInfo = Object.keys(documentInfo).length > 0 ? documentInfo : undefined;
      const parsed = ZCustomerCreateInput.safeParse({ ...submission, submissionKey: temp.id });
      const errors: Record<string, string[]> = {};
      if (!parsed.success)
        for (const issue of parsed.error.issues) (errors[issue.path.map(String).join('.') || 'form'] ??= []).push(issue.message);
      // The journey shows the Signature Panel on its preview, a required field: the customer signs before sending.
      for (const [field, message] of Object.entries(missingSignatureIssues(parsed.data?.signature))) (errors[field] ??= []).push(message);
      if (!parsed.success || Object.keys(errors).length > 0) throw AppError.validation(errors);
      await refuseForeignFiles(link, parsed.data);
      const input: TCustomerCreateInput = parsed.data;
      const contactVerification = await contactCodes.requireVerifiedContact(link, input.contactInfo);
      const isPublicForm = temp.flow === 'public-form';
      const result = await customers.registerThroughLink(dataSegmentId, input, meta, {
        verificationStatus: recordVerification(verdict?.verdict ?? null),
        contactVerification,
        source: isPublicForm ? 'public-register' : 'deep-link',
        withinTransaction: async (tx, customer) => {
          await markCompleted(tx, temp.id, link.linkId, customer.id);
          await appendAudit(tx, {
            dataSegmentId,
            source: auditSource(null, meta),
            module: 'customers',
            action: isPublicForm ? 'completed_public_register' : 'completed_deep_register',
            entityType: 'temp_customer',
            entityId: temp.id,
            summary: isPublicForm
              ? `A visitor completed the registration on the public form (${customer.sanadId})`
              : `${temp.firstName} ${temp.lastName} completed the registration through their link`,
            details: { customerId: customer.id, onboardingLinkId: link.linkId, contactVerification },
          });
          await onCompleted?.(tx, customer.id, meta);
        },
      });
      // A retry that raced the first completion found its customer: the temp customer is completed once.
      if (result.isReplay) await db.transaction((tx) => markCompleted(tx, temp.id, link.linkId, result.customer._id));
      return { sanadId: result.customer.sanadId, fullName: result.customer.fullName };
    },
  };
}

export type DeepRegisterService = ReturnType<typeof createDeepRegisterService>;
