import type { TSubscription } from './data-segments';

/** Onboardings a self-service trial may use (the tier of a segment created by sign-up). */
export const TRIAL_ONBOARDING_TIER = 25;

/**
 * The tier (onboardings included) a data segment gets when whoever creates it names none, by its
 * subscription: a trial its 25, a paid package a starting allowance of 1,000 that the operator
 * sets to the deal, and a segment that may not onboard (unpaid, cancelled, expired) none.
 */
export const DEFAULT_TIER_BY_SUBSCRIPTION: Readonly<Record<TSubscription, number>> = {
  trial: TRIAL_ONBOARDING_TIER,
  active: 1000,
  unpaid: 0,
  cancelled: 0,
  expired: 0,
};
/** A trial account may be terminated after this many days without access. */
export const TRIAL_INACTIVITY_DAYS = 60;
