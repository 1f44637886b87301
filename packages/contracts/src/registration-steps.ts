import { ZCustomerCreateInput } from './customers';
import { missingSignatureIssues, type TSignature } from './signature';

/**
 * The seven steps of an individual registration (staff self-register and the public deep register),
 * in the spec's order and numbering, and which step holds each section of the record. The browser
 * uses them to keep a step until its fields are right; the server uses the same rules to refuse a
 * step saved before the earlier ones, or saved with wrong fields.
 */
export const REGISTRATION_STEPS = [
  { name: 'upload-document', label: 'Upload document' },
  { name: 'record-video', label: 'Record video' },
  { name: 'setup-profile', label: 'Setup profile' },
  { name: 'account-info', label: 'Account info' },
  { name: 'additional-info', label: 'Additional info' },
  { name: 'preview', label: 'Preview' },
  { name: 'finish', label: 'Finish' },
] as const;

export type RegistrationStep = (typeof REGISTRATION_STEPS)[number]['name'];

export const REGISTRATION_STEP_NAMES = REGISTRATION_STEPS.map((step) => step.name) as [RegistrationStep, ...RegistrationStep[]];

export function registrationStepIndex(step: RegistrationStep): number {
  return REGISTRATION_STEPS.findIndex((candidate) => candidate.name === step);
}

export function isRegistrationStep(value: string | undefined): value is RegistrationStep {
  return REGISTRATION_STEPS.some((step) => step.name === value);
}

/** The step after `step` (finish stays finish). */
export function nextRegistrationStep(step: RegistrationStep): RegistrationStep {
  return REGISTRATION_STEPS[registrationStepIndex(step) + 1]?.name ?? 'finish';
}

/**
 * Which steps a deep-register journey runs: the seven of a link staff send, or the six of the older
 * public form (/:dataSegmentId/register), which leaves out additional-info.
 */
export const REGISTRATION_FLOWS = ['deep-register', 'public-form'] as const;
export type RegistrationFlow = (typeof REGISTRATION_FLOWS)[number];

/** The older public form's six steps: upload-document (1) … finish (6), without additional-info. */
export const PUBLIC_FORM_STEPS = REGISTRATION_STEPS.filter((step) => step.name !== 'additional-info');

export function flowSteps(flow: RegistrationFlow): ReadonlyArray<{ name: RegistrationStep; label: string }> {
  return flow === 'public-form' ? PUBLIC_FORM_STEPS : REGISTRATION_STEPS;
}

/** The step after `step` in the flow (finish stays finish); a step the flow does not run has none (null). */
export function nextFlowStep(flow: RegistrationFlow, step: RegistrationStep): RegistrationStep | null {
  const steps = flowSteps(flow);
  const index = steps.findIndex((candidate) => candidate.name === step);
  if (index < 0) return null;
  return steps[index + 1]?.name ?? 'finish';
}

/** Which step holds each section of the record, so an error is shown where the field is. */
const SECTION_STEP: Record<string, RegistrationStep> = {
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
  signature: 'preview',
};

/** The step that holds a field named by its dotted path; anything else is shown on the preview. */
export function stepOfField(path: string): RegistrationStep {
  const section = path.split('.')[0] ?? '';
  return SECTION_STEP[section] ?? 'preview';
}

/**
 * Checks a registration body with the customer contract and keeps the first message of each field
 * of the steps up to and including `step`: a step is not left while one of its fields (or an
 * earlier step's) is wrong, while fields of later steps may still be empty.
 */
export function registrationIssuesUpTo(body: unknown, step: RegistrationStep): Record<string, string> {
  const result = ZCustomerCreateInput.safeParse(body);
  const errors: Record<string, string> = {};
  const limit = registrationStepIndex(step);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.') || 'form';
      if (registrationStepIndex(stepOfField(key)) <= limit) errors[key] ??= issue.message;
    }
  }
  // The contract's e-mail confirmation check runs only once the rest parses; it is checked here at once.
  const contact = (body as { contactInfo?: { email?: string; confirmEmail?: string } } | null)?.contactInfo;
  const confirm = contact?.confirmEmail?.trim().toLowerCase();
  if (registrationStepIndex('setup-profile') <= limit && confirm && confirm !== contact?.email?.trim().toLowerCase()) {
    errors['contactInfo.confirmEmail'] ??= 'Emails do not match';
  }
  // The preview holds the Signature Panel, a required field: the registration is signed there.
  if (registrationStepIndex('preview') <= limit) {
    const signature = (body as { signature?: Partial<TSignature> } | null)?.signature;
    for (const [key, message] of Object.entries(missingSignatureIssues(signature))) errors[key] ??= message;
  }
  return errors;
}
