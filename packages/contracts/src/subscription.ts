/** Onboardings a self-service trial may use (the tier of a segment created by sign-up). */
export const TRIAL_ONBOARDING_TIER = 25;
/** A trial account may be terminated after this many days without access (001 §1, §9). */
export const TRIAL_INACTIVITY_DAYS = 60;
