import { z } from 'zod';

/** Subscription states of a data segment (001 §3 names trial and unpaid; 0001_platform.sql has all). */
export const SUBSCRIPTIONS = ['trial', 'active', 'unpaid', 'cancelled', 'expired'] as const;
export type TSubscription = (typeof SUBSCRIPTIONS)[number];

/** Onboardings a self-service trial may use (the tier of a segment created by sign-up). */
export const TRIAL_ONBOARDING_TIER = 25;
/** A trial account may be terminated after this many days without access (001 §1, §9). */
export const TRIAL_INACTIVITY_DAYS = 60;

/** GET users/data-segment/{dataSegmentId} (001 §7): what the trial banner and billing read. */
export const ZSubscriptionSummary = z.object({
  _id: z.string(),
  companyName: z.string(),
  subscription: z.enum(SUBSCRIPTIONS),
  tier: z.number().int(),
  counter: z.number().int(),
});
export type TSubscriptionSummary = z.infer<typeof ZSubscriptionSummary>;
