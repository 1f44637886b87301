import { createContext, useContext } from 'react';
import { DEFAULT_ONBOARDING_SETTINGS, onboardingRuleErrors, type TOnboardingSettings } from '@sanad/contracts/onboarding-configuration';
import type { FieldErrors } from '../../../lib/form-errors';
import { stepIndex, stepOfField, type StepName } from './steps';

/**
 * The onboarding configuration the steps follow (OCR on or off, the tax ID field, the document
 * types offered, the guide). Each journey provides its segment's settings: the staff wizards read
 * them with the signed-in session, a public journey from its own answer. Without a provider the
 * documented defaults apply.
 */
export const OnboardingSettingsContext = createContext<TOnboardingSettings>(DEFAULT_ONBOARDING_SETTINGS);

export function useStepSettings(): TOnboardingSettings {
  return useContext(OnboardingSettingsContext);
}

/** The configuration's field rules (mandatory tax ID, industry…) for the steps up to and including `step`. */
export function settingsErrorsUpTo(
  body: Parameters<typeof onboardingRuleErrors>[0],
  settings: TOnboardingSettings,
  step: StepName,
): FieldErrors {
  return Object.fromEntries(
    Object.entries(onboardingRuleErrors(body, settings)).filter(([path]) => stepIndex(stepOfField(path)) <= stepIndex(step)),
  );
}
