/**
 * The public dynamic register. A journey belongs to one dynamic-register link: one staff sent, or
 * one the server gives a visitor of the segment's public address where the onboarding
 * configuration opens it (the journey then continues at the link's address like any other). The
 * journey pins the published setup-profile and account-info versions on its first opening; every
 * answer is checked against those versions (the builder's answers validator), when its step is
 * saved and again when the journey completes, whatever is published meanwhile.
 */
import { ZCustomerCreateInput, type TCustomerCreateInput, type TCustomFileValue } from '@sanad/contracts/customers';
import {
  DYNAMIC_FORM_PAGES,
  DYNAMIC_REGISTER_MESSAGES,
  dynamicStepIndex,
  type TDynamicFormStep,
  type TDynamicRegisterResult,
  type TDynamicRegisterSession,
  type TDynamicRegisterStep,
  type TDynamicRegisterStepSave,
  type TDynamicSavedStep,
  type TPinnedForm,
} from '@sanad/contracts/dynamic-register';
import {
  allFields,
  formAnswerErrors,
  localized,
  recordPatchFromAnswers,
  type TFormAnswers,
  type TFormDefinition,
  type TFormVersion,
} from '@sanad/contracts/form-builder';
import { MESSAGES } from '@sanad/contracts/messages';
import { SIGNATURE_FORBIDDEN, type TSignature } from '@sanad/contracts/signature';
import type { TOnboardingSettings } from '@sanad/contracts/onboarding-configuration';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { LinkCaller } from '../../platform/auth/access';
import type { CaptchaService } from '../../platform/auth/captcha';
import { hashLinkToken } from '../../platform/auth/onboarding-links';
import { randomToken } from '../../platform/crypto/aead';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { isUuid } from '../../platform/http/id-params';
import { hitCounter } from '../../platform/http/rate-counter.repository';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { FileVault } from '../../platform/storage/file-vault';
import type { CustomerService } from '../customers/customer.service';
import type { OtpService } from '../otp/otp.service';
import { findOwnUpload } from '../files/own-uploads.port';
import { answerFileErrors, findPublished, findVersionById } from '../form-builder/form-builder.port';
import { recordVerification, type FaceVerificationService } from '../idv/face-verification.service';
import { insertOnboardingLink } from '../onboarding-links/onboarding-link.port';
import { completeJourney, findJourneyByLink, insertJourney, saveJourneyStep, type JourneyRow } from './dynamic-register.repository';

/** Requests one journey may make in a minute. */
export const JOURNEY_REQUESTS_PER_MINUTE = 60;
/** Journeys one segment's public address may start in an hour (per address, the route allows fewer). */
export const PUBLIC_STARTS_PER_HOUR = 500;

export interface DynamicRegisterServiceDeps {
  db: Database;
  /** The journey's proof of its contact: a form step that asks it, and the completion, need it. */
  contactCodes: Pick<OtpService, 'requireVerifiedContact'>;
  hmacKey: Buffer;
  /** Every start without a link needs a solved captcha (each solution once). */
  captcha: Pick<CaptchaService, 'redeem'>;
  vault: Pick<FileVault, 'describe'>;
  customers: Pick<CustomerService, 'registerThroughLink'>;
  liveness: Pick<FaceVerificationService, 'latestLinkVerdict'>;
  onboardingSettings: (dataSegmentId: string) => Promise<TOnboardingSettings>;
  requestsPerMinute?: number;
  startsPerHour?: number;
}

const FORM_STEPS = Object.keys(DYNAMIC_FORM_PAGES) as TDynamicFormStep[];
const isFormStep = (step: TDynamicSavedStep): step is TDynamicFormStep => step in DYNAMIC_FORM_PAGES;
const laterOf = (a: TDynamicRegisterStep, b: TDynamicRegisterStep) => (dynamicStepIndex(a) >= dynamicStepIndex(b) ? a : b);
const nextStep = (step: TDynamicRegisterStep): TDynamicRegisterStep =>
  (['upload-document', 'record-video', 'setup-profile', 'account-info', 'preview', 'finish'] as const)[dynamicStepIndex(step) + 1] ??
  'finish';

function fileNamesIn(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) fileNamesIn(item, found);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      if (key === 'fileName' && typeof item === 'string') found.add(item);
      else fileNamesIn(item, found);
    }
  return found;
}

/** The refused answers as per-field errors, under the step that holds them. */
function answerErrors(step: TDynamicFormStep, definition: TFormDefinition, answers: TFormAnswers, language: 'en' | 'ar' | 'ur') {
  const errors = formAnswerErrors(definition, answers, language);
  return Object.fromEntries(Object.entries(errors).map(([key, message]) => [`${step}.${key}`, [message]]));
}

/** Deep-merges the record sections the answers write (the two pages may write the same section). */
function mergeSections(...patches: Record<string, unknown>[]): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const patch of patches)
    for (const [key, value] of Object.entries(patch)) {
      const current = merged[key];
      merged[key] =
        current && typeof current === 'object' && !Array.isArray(current) && value && typeof value === 'object' && !Array.isArray(value)
          ? { ...(current as object), ...(value as object) }
          : value;
    }
  return merged;
}

/**
 * The custom answers as the customer read them: the field's label, and an option's label for its
 * value; a file or signature answer as the stored file with its kind (and a file's original name),
 * so the profile can link the file or show the signature.
 */
function labelledCustomAnswers(
  definition: TFormDefinition,
  answers: TFormAnswers,
  patch: Record<string, unknown>,
  originalNames: ReadonlyMap<string, string>,
): Record<string, unknown> {
  const custom = (patch.customInfo ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of allFields(definition)) {
    const key = (field.mapsTo ?? `customInfo.${field.key}`).replace(/^customInfo\./, '');
    if (!(key in custom) || (!field.mapsTo?.startsWith('customInfo.') && field.mapsTo !== null)) continue;
    const value = answers[field.key];
    const label = localized(field.label, 'en').slice(0, 100);
    if ((field.type === 'file' || field.type === 'signature') && typeof value === 'string') {
      const originalFileName = field.type === 'file' ? originalNames.get(value)?.slice(0, 255) : undefined;
      out[label] = { kind: field.type, fileName: value, ...(originalFileName ? { originalFileName } : {}) } satisfies TCustomFileValue;
      continue;
    }
    const optionLabel = (option: unknown) => {
      const found = field.options.find((item) => item.value === option);
      return found ? localized(found.label, 'en') : String(option);
    };
    const shown = Array.isArray(value) ? value.map(optionLabel) : field.options.length > 0 ? optionLabel(value) : value;
    out[label] = shown ?? null;
  }
  return out;
}

/** The stored files a form's file answers name, by name, with the name they were uploaded under. */
async function originalFileNames(
  vault: Pick<FileVault, 'describe'>,
  definition: TFormDefinition,
  answers: TFormAnswers,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const field of allFields(definition)) {
    const value = answers[field.key];
    if (field.type !== 'file' || typeof value !== 'string') continue;
    const file = await vault.describe(value);
    if (file) names.set(value, file.originalName);
  }
  return names;
}

const SIGNER_FORBIDDEN = new RegExp(SIGNATURE_FORBIDDEN.source, 'g');

/**
 * The record's signature when a form's signature field writes it. The field draws the image only;
 * the rest of the Signature Panel's object is what the journey knows: the signer is the customer
 * the forms name (without the characters a signer's name may not hold), the date is the day of
 * completion in the customer's own time zone, and the consent is the statement the field shows
 * beside the pad (SIGNATURE_FIELD_CONSENT): drawing there is the act of agreeing.
 */
function completedSignature(sign: unknown, basicInfo: Record<string, unknown>, now: Date, timezoneOffset: number): TSignature {
  const name = [basicInfo.firstName, basicInfo.middleName, basicInfo.lastName]
    .filter((part): part is string => typeof part === 'string')
    .join(' ')
    .replace(SIGNER_FORBIDDEN, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  // getTimezoneOffset() counts minutes behind UTC, so the local day is UTC minus the offset.
  const [year, month, day] = new Date(now.getTime() - timezoneOffset * 60_000).toISOString().slice(0, 10).split('-');
  return { sign: typeof sign === 'string' ? sign : undefined, name, date: `${day}-${month}-${year}`, agree: true };
}

/** The document type a card type names: a passport, a driving licence, else a national ID card. */
function idTypeOf(cardType: string | null | undefined): TCustomerCreateInput['identityInfo']['type'] {
  if (!cardType) return 'id';
  if (/\bPT\b|PASSPORT/i.test(cardType)) return 'passport';
  if (/\bDL\b|LICEN/i.test(cardType)) return 'lisence';
  return 'id';
}

/** The contact a form step's answers write, and the fields that ask it (where an error is shown). */
function contactOfAnswers(step: TDynamicFormStep, definition: TFormDefinition, answers: TFormAnswers) {
  const contact = (recordPatchFromAnswers(definition, answers).contactInfo ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof contact[key] === 'string' ? (contact[key] as string) : undefined);
  const fieldOf = (target: string) => allFields(definition).find((field) => field.mapsTo === target)?.key ?? target;
  return {
    contact: { email: text('email'), phoneNumber: text('phoneNumber'), isdCode: text('isdCode') },
    fields: { email: `${step}.${fieldOf('contactInfo.email')}`, phone: `${step}.${fieldOf('contactInfo.phoneNumber')}` },
  };
}

const pinned = (version: TFormVersion): TPinnedForm => ({
  versionId: version._id,
  version: version.version,
  definition: version.definition,
});

export function createDynamicRegisterService(deps: DynamicRegisterServiceDeps) {
  const { db, hmacKey, captcha, vault, customers, liveness, onboardingSettings, contactCodes } = deps;
  const perMinute = deps.requestsPerMinute ?? JOURNEY_REQUESTS_PER_MINUTE;
  const startsPerHour = deps.startsPerHour ?? PUBLIC_STARTS_PER_HOUR;

  async function pinnedForms(journey: JourneyRow): Promise<Record<TDynamicFormStep, TFormVersion>> {
    const [setup, account] = await Promise.all([
      findVersionById(db, journey.setupProfileVersionId),
      findVersionById(db, journey.accountInfoVersionId),
    ]);
    if (!setup || !account) throw AppError.notFound(DYNAMIC_REGISTER_MESSAGES.notReady);
    return { 'setup-profile': setup, 'account-info': account };
  }

  /** The journey of the caller's link, once the link is of this segment and within its rate. */
  async function admit(link: LinkCaller, dataSegmentId: string): Promise<JourneyRow | null> {
    if (link.dataSegmentId !== dataSegmentId) throw AppError.unauthorized(DYNAMIC_REGISTER_MESSAGES.linkInvalid);
    if ((await hitCounter(db, `dynamic-register:${link.linkId}`, 60)) > perMinute)
      throw new AppError('RATE_LIMITED', DYNAMIC_REGISTER_MESSAGES.tooManyRequests);
    const journey = await findJourneyByLink(db, link.linkId);
    if (journey?.completedAt) throw AppError.unauthorized(DYNAMIC_REGISTER_MESSAGES.linkInvalid);
    return journey;
  }

  async function admitStarted(link: LinkCaller, dataSegmentId: string): Promise<JourneyRow> {
    const journey = await admit(link, dataSegmentId);
    if (!journey) throw AppError.conflict('step', DYNAMIC_REGISTER_MESSAGES.earlierStepFirst);
    return journey;
  }

  async function refuseForeignFiles(link: LinkCaller, value: unknown): Promise<void> {
    for (const fileName of fileNamesIn(value))
      if (!(await findOwnUpload(vault, fileName, link.dataSegmentId, { linkId: link.linkId })))
        throw AppError.field('documentInfo', DYNAMIC_REGISTER_MESSAGES.notYourFile);
  }

  /** The form step's answers checked against its pinned version, then the files its file and signature answers name (this link's own). */
  async function refusedAnswers(
    link: LinkCaller,
    step: TDynamicFormStep,
    definition: TFormDefinition,
    answers: TFormAnswers,
    language: 'en' | 'ar' | 'ur',
  ): Promise<Record<string, string[]>> {
    const errors = answerErrors(step, definition, answers, language);
    if (Object.keys(errors).length > 0) return errors;
    const files = await answerFileErrors(
      vault,
      definition,
      answers,
      { dataSegmentId: link.dataSegmentId, uploader: { linkId: link.linkId } },
      language,
    );
    return Object.fromEntries(Object.entries(files).map(([key, message]) => [`${step}.${key}`, [message]]));
  }

  return {
    /**
     * A journey without a link: refused unless the segment's configuration opens the public
     * address (an unknown segment is answered the same, so nothing is disclosed). The visitor is
     * given a dynamic-register link of their own, with the configured lifetime.
     */
    async start(
      input: { dataSegmentId: string; source?: string | undefined; captcha?: string | undefined },
      meta: RequestMeta,
    ): Promise<{ token: string; expiresAt: string }> {
      // The captcha comes first: nothing about the segment is answered without one.
      if (!(await captcha.redeem(input.captcha)))
        throw new AppError('CAPTCHA_REQUIRED', input.captcha ? MESSAGES.captchaInvalid : MESSAGES.captchaRequired);
      const { dataSegmentId } = input;
      const settings = isUuid(dataSegmentId) ? await onboardingSettings(dataSegmentId).catch(() => null) : null;
      if (!settings?.isPublicRegistrationOpen) throw AppError.notFound(DYNAMIC_REGISTER_MESSAGES.closed);
      if ((await hitCounter(db, `dynamic-register-start:${dataSegmentId}`, 3600)) > startsPerHour)
        throw new AppError('RATE_LIMITED', DYNAMIC_REGISTER_MESSAGES.tooManyRequests);
      const [setup, account] = await Promise.all([
        findPublished(db, dataSegmentId, 'setup-profile'),
        findPublished(db, dataSegmentId, 'account-info'),
      ]);
      if (!setup || !account) throw AppError.notFound(DYNAMIC_REGISTER_MESSAGES.notReady);
      const token = randomToken(32);
      const link = await db.transaction(async (tx) => {
        const created = await insertOnboardingLink(tx, {
          dataSegmentId,
          tokenHash: hashLinkToken(hmacKey, token),
          purpose: 'dynamic-register',
          email: null,
          phone: null,
          validForDays: settings.linkLifetimeDays,
          createdBy: null,
        });
        await insertJourney(tx, {
          dataSegmentId,
          linkId: created._id,
          campaign: input.source ?? null,
          setupProfileVersionId: setup._id,
          accountInfoVersionId: account._id,
        });
        await appendAudit(tx, {
          dataSegmentId,
          source: auditSource(null, meta),
          module: 'customers',
          action: 'started_dynamic_register',
          entityType: 'onboarding_link',
          entityId: created._id,
          summary: `A visitor started a registration on the public address${input.source ? ` (source ${input.source})` : ''}`,
          details: { campaign: input.source ?? null, setupProfileVersion: setup.version, accountInfoVersion: account.version },
        });
        return created;
      });
      return { token, expiresAt: link.expiresAt };
    },

    /** Opens the link's journey; the first opening pins the versions in force (and the address's source). */
    async open(
      link: LinkCaller,
      input: { dataSegmentId: string; source?: string | undefined },
      meta: RequestMeta,
    ): Promise<TDynamicRegisterSession> {
      let journey = await admit(link, input.dataSegmentId);
      if (!journey) {
        const [setup, account] = await Promise.all([
          findPublished(db, link.dataSegmentId, 'setup-profile'),
          findPublished(db, link.dataSegmentId, 'account-info'),
        ]);
        if (!setup || !account) throw AppError.notFound(DYNAMIC_REGISTER_MESSAGES.notReady);
        await db.transaction(async (tx) => {
          await insertJourney(tx, {
            dataSegmentId: link.dataSegmentId,
            linkId: link.linkId,
            campaign: input.source ?? null,
            setupProfileVersionId: setup._id,
            accountInfoVersionId: account._id,
          });
          await appendAudit(tx, {
            dataSegmentId: link.dataSegmentId,
            source: auditSource(null, meta),
            module: 'customers',
            action: 'started_dynamic_register',
            entityType: 'onboarding_link',
            entityId: link.linkId,
            summary: 'The customer opened their dynamic registration link',
            details: { campaign: input.source ?? null, setupProfileVersion: setup.version, accountInfoVersion: account.version },
          });
        });
        journey = await findJourneyByLink(db, link.linkId);
        if (!journey) throw AppError.unauthorized(DYNAMIC_REGISTER_MESSAGES.linkInvalid);
      }
      const forms = await pinnedForms(journey);
      return {
        dataSegmentId: journey.dataSegmentId,
        campaign: journey.campaign,
        reachedStep: journey.reachedStep,
        forms: { 'setup-profile': pinned(forms['setup-profile']), 'account-info': pinned(forms['account-info']) },
        answers: { 'setup-profile': journey.answers['setup-profile'] ?? {}, 'account-info': journey.answers['account-info'] ?? {} },
        draft: journey.draft,
        expiresAt: journey.expiresAt,
        settings: await onboardingSettings(journey.dataSegmentId),
      };
    },

    /**
     * Saves a step: not before the earlier ones. The upload and video steps keep their documents
     * (only files uploaded through this link); the form steps keep answers the pinned version accepts.
     */
    async saveStep(
      link: LinkCaller,
      step: TDynamicSavedStep,
      input: TDynamicRegisterStepSave,
    ): Promise<{ reachedStep: TDynamicRegisterStep }> {
      const journey = await admitStarted(link, input.dataSegmentId);
      if (dynamicStepIndex(step) > dynamicStepIndex(journey.reachedStep))
        throw AppError.conflict('step', DYNAMIC_REGISTER_MESSAGES.earlierStepFirst);
      const answers = { ...journey.answers };
      let documents = journey.documents;
      if (isFormStep(step)) {
        const forms = await pinnedForms(journey);
        const given = input.answers ?? {};
        const errors = await refusedAnswers(link, step, forms[step].definition, given, input.language);
        if (Object.keys(errors).length > 0) throw AppError.validation(errors, DYNAMIC_REGISTER_MESSAGES.answersRefused);
        // A contact the form asks must be the one this link proved with a code.
        const { contact, fields } = contactOfAnswers(step, forms[step].definition, given);
        await contactCodes.requireVerifiedContact(link, contact, fields);
        answers[step] = given;
      } else if (input.documents) {
        await refuseForeignFiles(link, input.documents);
        documents = {
          ...documents,
          documentInfo: { ...documents.documentInfo, ...input.documents.documentInfo },
          ...(input.documents.cardType !== undefined ? { cardType: input.documents.cardType } : {}),
        };
      }
      const reachedStep = laterOf(journey.reachedStep, nextStep(step));
      await db.transaction(async (tx) => {
        const locked = await findJourneyByLink(tx, link.linkId, true);
        if (!locked || locked.completedAt) throw AppError.unauthorized(DYNAMIC_REGISTER_MESSAGES.linkInvalid);
        await saveJourneyStep(tx, journey.id, {
          reachedStep: laterOf(locked.reachedStep, reachedStep),
          answers,
          documents,
          draft: input.draft,
        });
      });
      return { reachedStep };
    },

    /**
     * Registers the customer: the saved answers are checked again against the pinned versions and
     * written where the forms map them (custom answers in customInfo by key, and in
     * dynamicInputValues under their labels), with the documents, the server's own liveness
     * verdict and the campaign. Customer, screening, rating, the used-up link and the audit entry
     * commit together; the journey's id is the submission key, so a retry answers the same customer.
     */
    async complete(link: LinkCaller, dataSegmentId: string, meta: RequestMeta): Promise<TDynamicRegisterResult> {
      const journey = await admitStarted(link, dataSegmentId);
      if (dynamicStepIndex(journey.reachedStep) < dynamicStepIndex('preview'))
        throw AppError.conflict('step', DYNAMIC_REGISTER_MESSAGES.earlierStepFirst);
      const forms = await pinnedForms(journey);
      const errors: Record<string, string[]> = {};
      const patches: Record<string, unknown>[] = [];
      const labelled: Record<string, unknown> = {};
      for (const step of FORM_STEPS) {
        const answers = journey.answers[step] ?? {};
        const { definition } = forms[step];
        Object.assign(errors, await refusedAnswers(link, step, definition, answers, 'en'));
        const patch = recordPatchFromAnswers(definition, answers);
        patches.push(patch);
        Object.assign(labelled, labelledCustomAnswers(definition, answers, patch, await originalFileNames(vault, definition, answers)));
      }
      if (Object.keys(errors).length > 0) throw AppError.validation(errors, DYNAMIC_REGISTER_MESSAGES.answersRefused);

      const record = mergeSections(...patches) as Record<string, Record<string, unknown> | undefined>;
      const verdict = await liveness.latestLinkVerdict(link.linkId);
      const documentInfo: Record<string, unknown> = { ...journey.documents.documentInfo };
      delete documentInfo.video;
      if (verdict) documentInfo.video = { fileName: verdict.videoFile };
      const basicInfo = record.basicInfo ?? {};
      const identityInfo = record.identityInfo ?? {};
      // What the forms did not ask and the record needs: residence defaults to the nationality, the
      // ID type follows the uploaded document; unasked declarations stay empty (never 'yes').
      const submission = {
        ...record,
        submissionKey: journey.id,
        basicInfo: { ...basicInfo, countryOfResidenceId: basicInfo.countryOfResidenceId ?? basicInfo.nationalityId },
        identityInfo: {
          type: idTypeOf(journey.documents.cardType),
          ...(journey.documents.cardType ? { cardType: journey.documents.cardType } : {}),
          ...identityInfo,
        },
        occupationInfo: record.occupationInfo ?? {},
        pepDeclaration: record.pepDeclaration ?? {},
        accountInfo: record.accountInfo ?? {},
        contactInfo: record.contactInfo ?? {},
        documentInfo: Object.keys(documentInfo).length > 0 ? documentInfo : undefined,
        dynamicInputValues: Object.keys(labelled).length > 0 ? labelled : undefined,
        ...(record.signature ? { signature: completedSignature(record.signature.sign, basicInfo, new Date(), meta.timezoneOffset) } : {}),
      };
      const parsed = ZCustomerCreateInput.safeParse(submission);
      if (!parsed.success) {
        const refused: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (refused[issue.path.map(String).join('.') || 'form'] ??= []).push(issue.message);
        throw AppError.validation(refused);
      }
      await refuseForeignFiles(link, parsed.data.documentInfo);
      const contactVerification = await contactCodes.requireVerifiedContact(link, parsed.data.contactInfo);
      const result = await customers.registerThroughLink(dataSegmentId, parsed.data, meta, {
        verificationStatus: recordVerification(verdict?.verdict ?? null),
        contactVerification,
        source: 'dynamic-register',
        campaign: journey.campaign,
        withinTransaction: async (tx, customer) => {
          await completeJourney(tx, journey.id, link.linkId, customer.id);
          await appendAudit(tx, {
            dataSegmentId,
            source: auditSource(null, meta),
            module: 'customers',
            action: 'completed_dynamic_register',
            entityType: 'customer',
            entityId: customer.id,
            summary: `A customer completed the dynamic registration${journey.campaign ? ` (source ${journey.campaign})` : ''}`,
            details: {
              onboardingLinkId: link.linkId,
              campaign: journey.campaign,
              setupProfileVersion: forms['setup-profile'].version,
              accountInfoVersion: forms['account-info'].version,
              contactVerification,
            },
          });
        },
      });
      if (result.isReplay) await db.transaction((tx) => completeJourney(tx, journey.id, link.linkId, result.customer._id));
      return { sanadId: result.customer.sanadId, fullName: result.customer.fullName };
    },
  };
}

export type DynamicRegisterService = ReturnType<typeof createDynamicRegisterService>;
