import { z } from 'zod';
import { FORM_LANGUAGES } from './form-builder';
import { ZListQuery } from './http';
import { ZOnboardingSettings } from './onboarding-configuration';
import { ZCaptchaSolution } from './guest-form-fields';
import { REGISTRATION_FLOWS, REGISTRATION_STEP_NAMES } from './registration-steps';
import { safeString } from './safe-text';
import { ZEmail, ZPhoneNumber } from './users';

/**
 * Deep-link onboarding: staff send a customer a registration link (/register-customer), the
 * customer is a temp customer until the registration is complete, and the customer fills in the
 * steps through the public deep register with the link's token.
 */

/** How a link is sent. */
export const DEEP_LINK_CHANNELS = ['email', 'sms'] as const;

/**
 * The language of a message with a link to the customer (the deep link, the document request, the
 * older public form's continue link): the languages the public flows speak, right to left for
 * Arabic and Urdu.
 */
export const ZMessageLanguage = z.enum(FORM_LANGUAGES, { error: 'Choose English, Arabic or Urdu' });
export type TMessageLanguage = z.infer<typeof ZMessageLanguage>;
export const MESSAGE_LANGUAGE_LABELS: Record<TMessageLanguage, string> = { en: 'English', ar: 'Arabic (العربية)', ur: 'Urdu (اردو)' };

/**
 * Where a temp customer's link stands: sent (not opened yet), opened, in progress (a step saved),
 * completed (the customer is registered), expired (its time ran out first), revoked (staff withdrew it).
 */
export const TEMP_CUSTOMER_STATES = ['sent', 'opened', 'in-progress', 'completed', 'expired', 'revoked'] as const;
export type TTempCustomerState = (typeof TEMP_CUSTOMER_STATES)[number];

export const TEMP_CUSTOMER_STATE_LABELS: Record<TTempCustomerState, string> = {
  sent: 'Sent',
  opened: 'Opened',
  'in-progress': 'In progress',
  completed: 'Completed',
  expired: 'Expired',
  revoked: 'Revoked',
};

const requiredName = (label: string) =>
  safeString(`${label} is required`).trim().min(1, `${label} is required`).max(100, `${label} must be at most 100 characters`);

/** POST customers/temp-customers: the customer's basic and contact details and the way to send the link. */
export const ZDeepLinkRequest = z
  .object({
    firstName: requiredName('First name'),
    middleName: safeString().trim().max(100, 'Middle name must be at most 100 characters').optional(),
    lastName: requiredName('Last name'),
    email: ZEmail.or(z.literal('')).optional(),
    isdCode: safeString().trim().max(8, 'ISD code must be at most 8 characters').optional(),
    phoneNumber: ZPhoneNumber.or(z.literal('')).optional(),
    channel: z.enum(DEEP_LINK_CHANNELS, { error: 'A link is sent by email or sms' }),
    /** The message's language; English when absent. */
    language: ZMessageLanguage.optional(),
    dataSegmentId: z.string().max(64).optional(),
  })
  .superRefine((input, context) => {
    if (input.channel === 'email' && !input.email)
      context.addIssue({ code: 'custom', path: ['email'], message: 'Email is required to send the link by email' });
    if (input.channel === 'sms' && !input.phoneNumber)
      context.addIssue({ code: 'custom', path: ['phoneNumber'], message: 'Phone number is required to send the link by SMS' });
  });
export type TDeepLinkRequest = z.infer<typeof ZDeepLinkRequest>;
export type TDeepLinkBody = z.input<typeof ZDeepLinkRequest>;

export const ZTempCustomer = z.object({
  _id: z.string(),
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  channel: z.enum(DEEP_LINK_CHANNELS),
  /** The customer's language: the one the link was sent in, then the one they use the journey in. */
  language: ZMessageLanguage,
  status: z.enum(TEMP_CUSTOMER_STATES),
  /** The furthest step the customer has reached. */
  reachedStep: z.enum(REGISTRATION_STEP_NAMES),
  sentCount: z.number().int(),
  lastSentAt: z.string(),
  openedAt: z.string().nullable(),
  progressedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  expiresAt: z.string(),
  /** The registered customer, once completed. */
  customerId: z.string().nullable(),
  sanadId: z.string().nullable(),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** Only in the answer that sent (or resent) the link: the token is never stored or shown again. */
  url: z.string().optional(),
});
export type TTempCustomer = z.infer<typeof ZTempCustomer>;

export const ZTempCustomerListQuery = ZListQuery.extend({ status: z.enum(TEMP_CUSTOMER_STATES).optional() });
export type TTempCustomerListQuery = z.infer<typeof ZTempCustomerListQuery>;

export const ZTempCustomerAction = z.object({ dataSegmentId: z.string().max(64).optional() });
/** Resend: in the language given, else the customer's (see ZTempCustomer.language). */
export const ZTempCustomerResend = ZTempCustomerAction.extend({ language: ZMessageLanguage.optional() });

/* ------------------------------------------------------------------ the public deep register */

/** Every public call names the segment of the page's address; a link of another segment is refused. */
export const ZDeepRegisterOpen = z.object({ dataSegmentId: z.string().min(1).max(64) });

/** What a link opens with: who was invited, how far they got, and the progress saved on the server. */
export const ZDeepRegisterSession = z.object({
  dataSegmentId: z.string(),
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  reachedStep: z.enum(REGISTRATION_STEP_NAMES),
  /** The steps the journey runs: a staff link's seven, or the older public form's six (no additional-info). */
  flow: z.enum(REGISTRATION_FLOWS),
  /** The wizard's state as last saved (the browser's own shape), or null before the first step. */
  draft: z.record(z.string(), z.unknown()).nullable(),
  expiresAt: z.string(),
  /** The segment's onboarding configuration, which the public steps follow as the staff ones do. */
  settings: ZOnboardingSettings,
});
export type TDeepRegisterSession = z.infer<typeof ZDeepRegisterSession>;

/**
 * POST deep-register/start: the older public form (/:dataSegmentId/register) starts a journey
 * without a link, only where the segment's onboarding configuration opens it, with a solved captcha.
 */
export const ZDeepRegisterStart = z.object({
  dataSegmentId: z.uuid({ error: 'This registration address is not valid' }),
  captcha: ZCaptchaSolution,
});
export type TDeepRegisterStart = z.infer<typeof ZDeepRegisterStart>;
/** The journey's own link token, answered once: the browser keeps it in the tab's session storage. */
export const ZDeepRegisterStarted = z.object({ token: z.string(), expiresAt: z.string() });

export const ZDeepRegisterStepParams = z.object({ step: z.enum(REGISTRATION_STEP_NAMES, { error: 'Unknown step' }) });

/**
 * PUT deep-register/steps/:step: the registration as far as it is filled in (the customer
 * contract's shape; checked for this step and every earlier one) and the wizard's own state, kept
 * so that the link continues where it stopped on any device.
 */
export const ZDeepRegisterStepSave = z.object({
  dataSegmentId: z.string().min(1).max(64),
  submission: z.record(z.string(), z.unknown()),
  draft: z.record(z.string(), z.unknown()),
  /** The language the customer reads the journey in: later messages to them (a continue link, a resend) use it. */
  language: ZMessageLanguage.optional(),
});
export type TDeepRegisterStepSave = z.infer<typeof ZDeepRegisterStepSave>;

export const ZDeepRegisterStepSaved = z.object({
  reachedStep: z.enum(REGISTRATION_STEP_NAMES),
  /**
   * The older public form: the verified contact this save sent a link to continue the journey on
   * another device (masked), or null when none was sent now.
   */
  continueLinkSentTo: z.string().nullable(),
});

/** What the customer learns at the end: their reference, nothing of the screening or rating. */
export const ZDeepRegisterResult = z.object({ sanadId: z.string(), fullName: z.string() });
export type TDeepRegisterResult = z.infer<typeof ZDeepRegisterResult>;

export const TEMP_CUSTOMER_MESSAGES = {
  sent: 'Registration link sent',
  resent: 'Registration link sent again',
  revoked: 'Registration link revoked',
  notResendable: 'This registration is completed or revoked: its link cannot be sent again',
  notRevocable: 'This link is no longer active',
  linkInvalid: 'This link is not valid. It may have expired, been replaced by a newer link, or been used already.',
  earlierStepFirst: 'Complete the earlier steps first',
  saved: 'Progress saved',
  completed: 'Registration completed',
  notYourFile: 'Upload the file first',
  tooManyRequests: 'Too many requests, please wait a minute and try again',
  started: 'Your registration has started',
  closed: 'This registration is not open. Ask the organisation for a registration link.',
} as const;
