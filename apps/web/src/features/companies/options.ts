import { COMPANY_STATUSES, COMPANY_STATUS_LABELS } from '@sanad/contracts/company-record';
import { PARENT_ROLES, PARENT_ROLE_LABELS } from '@sanad/contracts/companies';
import { DEFAULT_INDUSTRIES } from '@sanad/risk/defaults/default-industries';
import { buildPurposeFactor } from '@sanad/risk/defaults/default-account-factors';
import { buildEntityTypeFactor } from '@sanad/risk/defaults/default-screening-factors';

/**
 * Dropdown choices of the company forms. The codes are those of the default risk tables, so what
 * staff choose is what the rating scores.
 */
export interface Option {
  value: string;
  label: string;
}

const fromValues = (values: ReadonlyArray<{ code: string; title: string }>): Option[] =>
  values.map((value) => ({ value: value.code, label: value.title }));

export const LEGAL_FORM_OPTIONS = fromValues(buildEntityTypeFactor().values);
export const INDUSTRY_OPTIONS = fromValues(DEFAULT_INDUSTRIES);
export const PURPOSE_OPTIONS = fromValues(buildPurposeFactor().values);
export const STATUS_OPTIONS: Option[] = COMPANY_STATUSES.map((value) => ({ value, label: COMPANY_STATUS_LABELS[value] }));
export const ROLE_OPTIONS: Option[] = PARENT_ROLES.map((value) => ({ value, label: PARENT_ROLE_LABELS[value] }));

export function labelOf(options: readonly Option[], value: string | null | undefined): string {
  if (!value) return '';
  return options.find((option) => option.value === value)?.label ?? value;
}
