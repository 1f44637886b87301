import { z } from 'zod';
import { ZDocumentInfo } from './customers';
import { ZFormAnswers, ZFormDefinition, type TFormPage } from './form-builder';
import { ZCaptchaSolution } from './guest-form-fields';
import { ZOnboardingSettings } from './onboarding-configuration';
import { safeString } from './safe-text';

/**
 * The public dynamic register (/:dataSegmentId/:token?/dynamic-register/:source?): six steps, the
 * third and fourth drawn from the segment's published form-builder forms. A journey pins the
 * versions it started on. docs/decisions/dynamic-register.md.
 */
export const DYNAMIC_REGISTER_STEPS = [
  { name: 'upload-document', label: 'Upload document' },
  { name: 'record-video', label: 'Record video' },
  { name: 'setup-profile', label: 'Setup profile' },
  { name: 'account-info', label: 'Account info' },
  { name: 'preview', label: 'Preview' },
  { name: 'finish', label: 'Finish' },
] as const;
export const DYNAMIC_REGISTER_STEP_NAMES = DYNAMIC_REGISTER_STEPS.map((step) => step.name) as [
  (typeof DYNAMIC_REGISTER_STEPS)[number]['name'],
  ...(typeof DYNAMIC_REGISTER_STEPS)[number]['name'][],
];
export type TDynamicRegisterStep = (typeof DYNAMIC_REGISTER_STEPS)[number]['name'];
/** The steps whose questions are a published form, and the form page each one shows. */
export const DYNAMIC_FORM_PAGES = { 'setup-profile': 'setup-profile', 'account-info': 'account-info' } as const satisfies Partial<
  Record<TDynamicRegisterStep, TFormPage>
>;
export type TDynamicFormStep = keyof typeof DYNAMIC_FORM_PAGES;

export function dynamicStepIndex(step: TDynamicRegisterStep): number {
  return DYNAMIC_REGISTER_STEP_NAMES.indexOf(step);
}

/** The campaign or branch of the address: letters, digits, dot, dash and underscore. */
export const ZCampaign = safeString()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, 'The source is 1 to 64 letters, digits, dots, dashes or underscores');

/** POST dynamic-register/start: a journey without a link, where the segment's configuration opens one. */
export const ZDynamicRegisterStart = z.object({
  dataSegmentId: z.uuid({ error: 'This registration address is not valid' }),
  source: ZCampaign.optional(),
  /** The ALTCHA solution of the start screen: every start without a link needs one (428 otherwise). */
  captcha: ZCaptchaSolution,
});
export const ZDynamicRegisterStarted = z.object({
  /** The journey's own link token: the browser continues at /:dataSegmentId/:token/dynamic-register. */
  token: z.string(),
  expiresAt: z.string(),
});

export const ZDynamicRegisterOpen = z.object({ dataSegmentId: z.string().min(1).max(64), source: ZCampaign.optional() });

export const ZPinnedForm = z.object({ versionId: z.string(), version: z.number().int(), definition: ZFormDefinition });
export type TPinnedForm = z.infer<typeof ZPinnedForm>;

/** What a journey opens with: the pinned forms, the answers and documents saved so far, and the settings. */
export const ZDynamicRegisterSession = z.object({
  dataSegmentId: z.string(),
  campaign: z.string().nullable(),
  reachedStep: z.enum(DYNAMIC_REGISTER_STEP_NAMES),
  forms: z.object({ 'setup-profile': ZPinnedForm, 'account-info': ZPinnedForm }),
  answers: z.object({ 'setup-profile': ZFormAnswers, 'account-info': ZFormAnswers }),
  draft: z.record(z.string(), z.unknown()).nullable(),
  expiresAt: z.string(),
  settings: ZOnboardingSettings,
});
export type TDynamicRegisterSession = z.infer<typeof ZDynamicRegisterSession>;

export const ZDynamicRegisterStepParams = z.object({
  step: z.enum(['upload-document', 'record-video', 'setup-profile', 'account-info'], { error: 'Unknown step' }),
});
export type TDynamicSavedStep = z.infer<typeof ZDynamicRegisterStepParams>['step'];

/**
 * PUT dynamic-register/steps/:step: the documents (upload and video steps) or the answers to the
 * step's pinned form, and the wizard's own state (kept so the link continues on another device).
 */
export const ZDynamicRegisterStepSave = z.object({
  dataSegmentId: z.string().min(1).max(64),
  documents: z.object({ documentInfo: ZDocumentInfo.optional(), cardType: safeString().trim().max(64).nullable().optional() }).optional(),
  answers: ZFormAnswers.optional(),
  language: z.enum(['en', 'ar', 'ur']).default('en'),
  draft: z.record(z.string(), z.unknown()),
});
export type TDynamicRegisterStepSave = z.infer<typeof ZDynamicRegisterStepSave>;
export const ZDynamicRegisterStepSaved = z.object({ reachedStep: z.enum(DYNAMIC_REGISTER_STEP_NAMES) });
export const ZDynamicRegisterResult = z.object({ sanadId: z.string(), fullName: z.string() });
export type TDynamicRegisterResult = z.infer<typeof ZDynamicRegisterResult>;

export const DYNAMIC_REGISTER_MESSAGES = {
  started: 'Your registration has started',
  saved: 'Saved',
  completed: 'Your registration is complete',
  closed: 'This registration is not open. Ask the organisation for a registration link.',
  notReady: 'This registration is not available yet: the organisation has not published its registration forms.',
  linkInvalid: 'This link is no longer valid',
  earlierStepFirst: 'Complete the earlier steps first',
  tooManyRequests: 'Too many requests: wait a minute and try again',
  notYourFile: 'This file was not uploaded through this registration',
  answersRefused: 'Check the highlighted answers',
} as const;
