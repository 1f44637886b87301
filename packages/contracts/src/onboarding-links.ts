import { z } from 'zod';
import { ZMessageLanguage } from './temp-customers';
import { LINK_PURPOSES } from './endpoint';
import { ZCampaign } from './dynamic-register';
import { ZListQuery } from './http';

/** A link is active until the customer completes it, staff revoke it, or its time runs out (expired). */
export const ONBOARDING_LINK_STATUSES = ['active', 'completed', 'revoked', 'expired'] as const;

/** Staff create a public onboarding link for an end customer (register-customer). */
export const ZOnboardingLinkRequest = z
  .object({
    purpose: z.enum(LINK_PURPOSES).default('deep-register'),
    email: z.email('Enter a valid email address').optional(),
    phoneNumber: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a valid phone number')
      .optional(),
    /** Absent: the lifetime the segment's onboarding configuration sets (linkLifetimeDays). */
    validForDays: z.number().int().min(1, 'A link is valid for 1 to 30 days').max(30, 'A link is valid for 1 to 30 days').optional(),
    dataSegmentId: z.string().max(64).optional(),
    /** A dynamic-register link only: the campaign or branch, the last part of its address (kept on the customer). */
    source: ZCampaign.optional(),
    /** Send the address to the customer: by e-mail when one is given, else by SMS to the phone number. */
    isSent: z.boolean().default(false),
    /** The sent message's language; English when absent. */
    language: ZMessageLanguage.optional(),
  })
  .refine((input) => !input.source || input.purpose === 'dynamic-register', {
    message: 'Only a dynamic-register link has a source',
    path: ['source'],
  })
  .refine((input) => !input.isSent || Boolean(input.email ?? input.phoneNumber), {
    message: 'Enter an e-mail address or a phone number to send the link to',
    path: ['email'],
  });
export type TOnboardingLinkRequest = z.infer<typeof ZOnboardingLinkRequest>;

export const ZOnboardingLink = z.object({
  _id: z.string(),
  purpose: z.enum(LINK_PURPOSES),
  status: z.enum(ONBOARDING_LINK_STATUSES),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Present only in the answer that created the link: the token is never stored or shown again. */
  url: z.string().optional(),
});
export type TOnboardingLink = z.infer<typeof ZOnboardingLink>;

export const ZOnboardingLinkListQuery = ZListQuery.extend({ status: z.enum(ONBOARDING_LINK_STATUSES).optional() });
export type TOnboardingLinkListQuery = z.infer<typeof ZOnboardingLinkListQuery>;

export const ZRevokeOnboardingLink = z.object({ dataSegmentId: z.string().max(64).optional() });

export const ONBOARDING_LINK_MESSAGES = { created: 'Onboarding link created', revoked: 'Onboarding link revoked' } as const;
