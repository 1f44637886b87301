import { PEP_DECLARATION_QUESTIONS, ID_TYPES, ID_TYPE_LABELS } from '@sanad/contracts/customers';
import { DEFAULT_IDV_SETTINGS } from '@sanad/contracts/idv';
import { buildGenderFactor, buildPepFactor, buildWorkTypeFactor } from '@sanad/risk/defaults/default-person-factors';
import { DEFAULT_INDUSTRIES } from '@sanad/risk/defaults/default-industries';
import { buildProductFactor } from '@sanad/risk/defaults/default-account-factors';

/**
 * Dropdown choices of the registration steps. The codes are those of the default risk tables, so
 * that what staff choose is what the rating scores; a segment's own reference-data lists replace
 * them once the form-builder serves them.
 */
export interface Option {
  value: string;
  label: string;
}

const fromValues = (values: ReadonlyArray<{ code: string; title: string }>): Option[] =>
  values.map((value) => ({ value: value.code, label: value.title }));

export const GENDER_OPTIONS = fromValues(buildGenderFactor().values);
export const WORK_TYPE_OPTIONS = fromValues(buildWorkTypeFactor().values);
export const INDUSTRY_OPTIONS = fromValues(DEFAULT_INDUSTRIES);
export const PRODUCT_OPTIONS = fromValues(buildProductFactor().values);
export const ID_TYPE_OPTIONS: Option[] = ID_TYPES.map((value) => ({ value, label: ID_TYPE_LABELS[value] }));
export const CARD_TYPE_OPTIONS: Option[] = DEFAULT_IDV_SETTINGS.acceptedCardTypes.map((value) => ({ value, label: value }));

/** The label of a code among options, or the code itself. */
export function labelOf(options: readonly Option[], value: string | null | undefined): string {
  if (!value) return '';
  return options.find((option) => option.value === value)?.label ?? value;
}

const PEP_TITLES = new Map(buildPepFactor().values.map((value) => [value.code, value.title]));

/** The eight PEP declaration questions as staff ask them. */
export const PEP_QUESTIONS: ReadonlyArray<{ key: (typeof PEP_DECLARATION_QUESTIONS)[number]; label: string }> =
  PEP_DECLARATION_QUESTIONS.map((key) => ({ key, label: PEP_TITLES.get(key) ?? key }));
