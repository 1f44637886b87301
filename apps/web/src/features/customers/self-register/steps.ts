import { ZCustomerCreateInput } from '@sanad/contracts/customers';
import type { FieldErrors } from '../../../lib/form-errors';

/** The seven steps of the staff-assisted self-register, in the spec's order and numbering. */
export const SELF_REGISTER_STEPS = [
  { name: 'upload-document', label: 'Upload document' },
  { name: 'record-video', label: 'Record video' },
  { name: 'setup-profile', label: 'Setup profile' },
  { name: 'account-info', label: 'Account info' },
  { name: 'additional-info', label: 'Additional info' },
  { name: 'preview', label: 'Preview' },
  { name: 'finish', label: 'Finish' },
] as const;

export type StepName = (typeof SELF_REGISTER_STEPS)[number]['name'];

export const SELF_REGISTER_BASE = '/self-register';

export function stepPath(step: StepName): string {
  return `${SELF_REGISTER_BASE}/${step}`;
}

export function stepIndex(step: StepName): number {
  return SELF_REGISTER_STEPS.findIndex((candidate) => candidate.name === step);
}

export function isStepName(value: string | undefined): value is StepName {
  return SELF_REGISTER_STEPS.some((step) => step.name === value);
}

/** Which step holds each section of the record, so an error is shown where the field is. */
const SECTION_STEP: Record<string, StepName> = {
  documentInfo: 'upload-document',
  basicInfo: 'setup-profile',
  identityInfo: 'setup-profile',
  occupationInfo: 'setup-profile',
  pepDeclaration: 'setup-profile',
  contactInfo: 'setup-profile',
  accountInfo: 'account-info',
  sourceOfWealth: 'account-info',
  sourceOfFunds: 'account-info',
  crsInfo: 'account-info',
  fatcaInfo: 'account-info',
  jointAccountInfo: 'account-info',
  minorAccountInfo: 'account-info',
  additionalInfo: 'additional-info',
  customInfo: 'additional-info',
  dynamicInputValues: 'additional-info',
  reference: 'additional-info',
};

/** The step that holds a field named by its dotted path; anything else is shown on the preview. */
export function stepOfField(path: string): StepName {
  const section = path.split('.')[0] ?? '';
  return SECTION_STEP[section] ?? 'preview';
}

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
  const result = ZCustomerCreateInput.safeParse(body);
  const errors: FieldErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.') || 'form';
      if (stepIndex(stepOfField(key)) <= stepIndex(step)) errors[key] ??= issue.message;
    }
  }
  // The contract's e-mail confirmation check runs only once the rest parses; the form checks it at once.
  const contact = (body as { contactInfo?: { email?: string; confirmEmail?: string } } | null)?.contactInfo;
  const confirm = contact?.confirmEmail?.trim().toLowerCase();
  if (stepIndex('setup-profile') <= stepIndex(step) && confirm && confirm !== contact?.email?.trim().toLowerCase()) {
    errors['contactInfo.confirmEmail'] ??= 'Emails do not match';
  }
  return errors;
}
