/**
 * The steps of the company self-register (KB-04, KB-05): the individual wizard's numbering with
 * its step 2 (record-video) left out, because a company has no face to record. The numbers are the
 * spec's and are shown as they are, so "Step 3" means setup-profile in both wizards.
 */
export const COMPANY_STEPS = [
  { name: 'upload-document', label: 'Upload documents', number: 1 },
  { name: 'setup-profile', label: 'Setup profile', number: 3 },
  { name: 'account-info', label: 'Account info', number: 4 },
  { name: 'preview', label: 'Preview', number: 5 },
  { name: 'finish', label: 'Finish', number: 6 },
] as const;

export type CompanyStep = (typeof COMPANY_STEPS)[number]['name'];

export const SELF_REGISTER_COMPANY_BASE = '/self-register-company';

/** The numbered step the wizard counts to: the last step's number, 6. */
export const LAST_STEP_NUMBER = Math.max(...COMPANY_STEPS.map((step) => step.number));

export function isCompanyStep(value: string | undefined): value is CompanyStep {
  return COMPANY_STEPS.some((step) => step.name === value);
}

export function companyStepPath(step: CompanyStep): string {
  return `${SELF_REGISTER_COMPANY_BASE}/${step}`;
}

/** Where the step stands in the wizard's order (0 for upload-document), not its spec number. */
export function companyStepIndex(step: CompanyStep): number {
  return COMPANY_STEPS.findIndex((candidate) => candidate.name === step);
}

export function companyStepNumber(step: CompanyStep): number {
  return COMPANY_STEPS[companyStepIndex(step)]?.number ?? 1;
}

/** The phone's compact header: "Step 3 of 6: Setup profile". */
export function companyStepCaption(step: CompanyStep): string {
  const { number, label } = COMPANY_STEPS[companyStepIndex(step)] ?? COMPANY_STEPS[0];
  return `Step ${number} of ${LAST_STEP_NUMBER}: ${label}`;
}
