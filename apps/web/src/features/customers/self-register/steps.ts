import {
  REGISTRATION_STEPS,
  isRegistrationStep,
  registrationIssuesUpTo,
  registrationStepIndex,
  stepOfField as contractStepOfField,
  type RegistrationStep,
} from '@sanad/contracts/registration-steps';
import type { FieldErrors } from '../../../lib/form-errors';

/**
 * The seven steps of the staff-assisted self-register and of the public deep register, in the
 * spec's order and numbering. The rules (which step holds which field, what a step checks) are the
 * contract's, so the server applies the same ones to a saved step.
 */
export const SELF_REGISTER_STEPS = REGISTRATION_STEPS;

export type StepName = RegistrationStep;

export const SELF_REGISTER_BASE = '/self-register';

export function stepPath(step: StepName, base: string = SELF_REGISTER_BASE): string {
  return `${base}/${step}`;
}

export const stepIndex = registrationStepIndex;

export function isStepName(value: string | undefined): value is StepName {
  return isRegistrationStep(value);
}

/** The step that holds a field named by its dotted path; anything else is shown on the preview. */
export const stepOfField = contractStepOfField;

/** The errors that belong to one step. */
export function errorsOfStep(errors: FieldErrors, step: StepName): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => stepOfField(path) === step));
}

/** The first step (in wizard order) that holds one of these errors, or null when there is none. */
export function firstStepWithErrors(errors: FieldErrors): StepName | null {
  const steps = new Set(Object.keys(errors).map(stepOfField));
  return SELF_REGISTER_STEPS.find((step) => steps.has(step.name))?.name ?? null;
}

/**
 * Checks the draft with the same contract the server applies and keeps the errors of the steps up
 * to and including `step`: a step is not left while one of its fields (or an earlier step's) is
 * wrong, while fields of later steps may still be empty.
 */
export function validateUpTo(body: unknown, step: StepName): FieldErrors {
  return registrationIssuesUpTo(body, step);
}
