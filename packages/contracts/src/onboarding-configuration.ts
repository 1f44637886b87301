/**
 * The onboarding configuration of a data segment: the registration-wide settings every journey
 * reads (the spec's useOcr, restrictDuplicateCustomers, isIndustrial, isTaxIdRequired,
 * isTaxIdMandatory, taxIdNote, idDocumentExpiryNote, cardTypeOverride, OCR status front and back,
 * addressProofDocumentType, isShowGuide), plus the deep link's lifetime and channels. The rule of
 * each field is written in docs/decisions/onboarding-configuration.md.
 */
import { z } from 'zod';
import { safeString } from './safe-text';

const note = (label: string) => safeString().trim().max(500, `${label} must be at most 500 characters`);

/** A card type as the document reader names it: 'PKR CNIC 1 FRONT', 'GBR BRP', 'ARE ID' (stored in upper case). */
const ZCardTypeCode = z.string().trim().min(1, 'Choose a document type').max(40, 'A document type is at most 40 characters');

export const LINK_CHANNELS = ['email', 'sms'] as const;
export const ZLinkChannel = z.enum(LINK_CHANNELS, { error: 'A link is sent by email or sms' });

/** A registration link lives 1 to 30 days: the range staff may also ask for one link. */
export const LINK_LIFETIME_DAYS = { min: 1, max: 30 } as const;
const lifetimeMessage = `Link lifetime must be between ${LINK_LIFETIME_DAYS.min} and ${LINK_LIFETIME_DAYS.max} days`;

export const ZOnboardingSettings = z
  .object({
    /** Read the uploaded identity document (OCR) and prefill the form; off: the customer types everything. */
    useOcr: z.boolean(),
    /** Refuse a second live customer with the same ID number, or the same full name and date of birth. */
    restrictDuplicateCustomers: z.boolean(),
    /** Ask the customer's industry in the occupation step; when on, the industry is required. */
    isIndustrial: z.boolean(),
    /** Ask the tax ID in the occupation step. */
    isTaxIdRequired: z.boolean(),
    /** The tax ID must be given (only when it is asked): 'Tax ID is required'. */
    isTaxIdMandatory: z.boolean(),
    /** Shown under the tax ID field. */
    taxIdNote: note('Tax ID note'),
    /** Shown beside the ID document's expiry date. */
    idDocumentExpiryNote: note('ID document expiry note'),
    /** The customer may choose a document type other than the one the reader recognised. */
    cardTypeOverride: z.boolean(),
    /** Whether each side of the document is read (the spec's OCR status front and back). */
    ocrStatus: z.object({ front: z.boolean(), back: z.boolean() }),
    /**
     * The document types offered for each side; empty: every type the identity verification
     * settings accept.
     */
    acceptedCardTypes: z.object({
      front: z.array(ZCardTypeCode).max(100, 'At most 100 document types per side'),
      back: z.array(ZCardTypeCode).max(100, 'At most 100 document types per side'),
    }),
    /** The kinds of proof of address a customer may upload (documentInfo.addressProofDocumentType). */
    addressProofDocumentTypes: z
      .array(safeString().trim().min(1, 'Name the document type').max(100, 'A document type is at most 100 characters'))
      .min(1, 'Offer at least one proof of address document type')
      .max(20, 'At most 20 proof of address document types'),
    /** Show the step guide (what to have ready, how to photograph the document) before the first step. */
    isShowGuide: z.boolean(),
    /**
     * The dynamic register opens without a link (/:dataSegmentId/dynamic-register): anyone with the
     * address may start a registration. Off by default; docs/decisions/dynamic-register.md.
     */
    isPublicRegistrationOpen: z.boolean().default(false),
    /**
     * The older public form opens without a link (/:dataSegmentId/register, six steps): anyone with
     * the address may start a registration after a captcha. Off by default; docs/decisions/older-public-form.md.
     */
    isPublicFormOpen: z.boolean().default(false),
    /** How long a registration link stays usable, in days, when the request does not say. */
    linkLifetimeDays: z
      .number({ error: 'Link lifetime must be a number of days' })
      .int('Link lifetime must be whole days')
      .min(LINK_LIFETIME_DAYS.min, lifetimeMessage)
      .max(LINK_LIFETIME_DAYS.max, lifetimeMessage),
    /** How registration links are sent: e-mail, SMS or both. */
    linkChannels: z.array(ZLinkChannel).min(1, 'Choose at least one way to send links').max(2),
  })
  .superRefine((settings, context) => {
    if (settings.isTaxIdMandatory && !settings.isTaxIdRequired)
      context.addIssue({
        code: 'custom',
        path: ['isTaxIdMandatory'],
        message: 'The tax ID can be mandatory only when it is asked (isTaxIdRequired)',
      });
  });
export type TOnboardingSettings = z.infer<typeof ZOnboardingSettings>;

export const DEFAULT_ONBOARDING_SETTINGS: TOnboardingSettings = {
  useOcr: true,
  restrictDuplicateCustomers: true,
  isIndustrial: false,
  isTaxIdRequired: false,
  isTaxIdMandatory: false,
  taxIdNote: '',
  idDocumentExpiryNote: '',
  cardTypeOverride: false,
  ocrStatus: { front: true, back: true },
  acceptedCardTypes: { front: [], back: [] },
  addressProofDocumentTypes: ['Utility bill', 'Bank statement', 'Tenancy agreement'],
  isShowGuide: true,
  isPublicRegistrationOpen: false,
  isPublicFormOpen: false,
  linkLifetimeDays: 7,
  linkChannels: ['email'],
};

/** GET configurations/ocr/{_id}: the segment's settings, with the version a save must quote. */
export const ZOnboardingConfiguration = z.object({
  _id: z.string(),
  dataSegmentId: z.string(),
  settings: ZOnboardingSettings,
  version: z.number().int(),
  updatedBy: z.object({ _id: z.string().nullable(), name: z.string() }).nullable(),
  updatedAt: z.string().nullable(),
});
export type TOnboardingConfiguration = z.infer<typeof ZOnboardingConfiguration>;

/** PUT configurations/ocr/{_id}: every setting, and the version the form was loaded at. */
export const ZOnboardingConfigurationSave = z.object({
  settings: ZOnboardingSettings,
  version: z.number({ error: 'version is required: send the version you loaded' }).int().min(0),
});
export type TOnboardingConfigurationSave = z.infer<typeof ZOnboardingConfigurationSave>;

/** The parts of a registration record the configuration's field rules look at. */
export interface OnboardingRuleRecord {
  occupationInfo?: { taxId?: string | undefined; industryId?: string | undefined } | undefined;
  documentInfo?: { addressProofDocumentType?: string | undefined } | undefined;
}

/**
 * The field rules a segment's configuration adds to a registration or an edit, as one message per
 * field: the server refuses with them and the wizard checks them before leaving a step.
 */
export function onboardingRuleErrors(record: OnboardingRuleRecord, settings: TOnboardingSettings): Record<string, string> {
  const errors: Record<string, string> = {};
  const occupation = record.occupationInfo ?? {};
  if (settings.isTaxIdRequired && settings.isTaxIdMandatory && !occupation.taxId?.trim())
    errors['occupationInfo.taxId'] = ONBOARDING_CONFIGURATION_MESSAGES.taxIdRequired;
  if (settings.isIndustrial && !occupation.industryId?.trim())
    errors['occupationInfo.industryId'] = ONBOARDING_CONFIGURATION_MESSAGES.industryRequired;
  const proofType = record.documentInfo?.addressProofDocumentType;
  if (proofType && !settings.addressProofDocumentTypes.includes(proofType))
    errors['documentInfo.addressProofDocumentType'] = ONBOARDING_CONFIGURATION_MESSAGES.addressProofType(
      settings.addressProofDocumentTypes,
    );
  return errors;
}

export const ONBOARDING_CONFIGURATION_MESSAGES = {
  found: 'Onboarding configuration',
  saved: 'Onboarding configuration saved successfully',
  stale: 'This configuration was changed by someone else since you opened it; reload it and make your change again',
  taxIdRequired: 'Tax ID is required',
  industryRequired: 'Industry is required',
  addressProofType: (allowed: readonly string[]) => `Choose a proof of address document type: ${allowed.join(', ')}`,
} as const;
