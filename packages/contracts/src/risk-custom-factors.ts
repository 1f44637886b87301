/**
 * Risk factors on the form builder's custom fields (`custom:<key>`): which published fields can
 * become one, the values such a factor starts with, and the web page that edits them. The engine
 * scores `custom:<key>` from a customer's customInfo (booleans as yes/no, a multi-select's list by
 * its highest-scoring option).
 */
import { z } from 'zod';
import { ZFieldKey, type TCustomFieldSummary, type TFieldType } from './form-builder';

/**
 * Choice fields only: a select stores one option's value and a yes/no field a boolean, which the
 * engine looks up as a code; a multi-select stores the chosen options' values, each looked up, and
 * the highest-scoring one counts (as with several nationalities: one risky choice is not diluted
 * by safe ones). Free text or numbers have no fixed values to score.
 */
export const RISK_FACTOR_FIELD_TYPES = ['select', 'multi-select', 'yes-no'] as const satisfies readonly TFieldType[];
export type TRiskFactorFieldType = (typeof RISK_FACTOR_FIELD_TYPES)[number];

export const CUSTOM_FACTOR_PREFIX = 'custom:';
export const customFactorKey = (fieldKey: string): string => `${CUSTOM_FACTOR_PREFIX}${fieldKey}`;

/** The web page of a custom factor's values, under /configuration/sanad-engine (also the page name the web tables use). */
export const CUSTOM_FACTOR_PAGE_PREFIX = 'custom-factor/';
export const customFactorPage = (fieldKey: string): string => `${CUSTOM_FACTOR_PAGE_PREFIX}${fieldKey}`;
/** The field key of a custom factor page name, or null for any other page. */
export function fieldKeyOfPage(page: string): string | null {
  if (!page.startsWith(CUSTOM_FACTOR_PAGE_PREFIX)) return null;
  const key = page.slice(CUSTOM_FACTOR_PAGE_PREFIX.length);
  return ZFieldKey.safeParse(key).success ? key : null;
}

export const ZCustomFactorValue = z.object({ code: z.string(), title: z.string() });
export type TCustomFactorValue = z.infer<typeof ZCustomFactorValue>;

/** A published custom field that can become a risk factor, with the values the factor would start with. */
export const ZCustomFactorField = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(RISK_FACTOR_FIELD_TYPES),
  values: z.array(ZCustomFactorValue),
});
export type TCustomFactorField = z.infer<typeof ZCustomFactorField>;

export const ZCustomFactorCreate = z.object({
  dataSegmentId: z.string().max(64).optional(),
  fieldKey: z.string({ error: 'Choose a custom field' }).pipe(ZFieldKey),
});
export type TCustomFactorCreate = z.infer<typeof ZCustomFactorCreate>;

export const isRiskFactorFieldType = (type: TFieldType): type is TRiskFactorFieldType =>
  (RISK_FACTOR_FIELD_TYPES as readonly TFieldType[]).includes(type);

/** The factor's first values: one per option (its value as the code, its English label as the title), or yes and no. */
export function customFactorValues(field: Pick<TCustomFieldSummary, 'type' | 'options'>): TCustomFactorValue[] {
  if (field.type === 'yes-no')
    return [
      { code: 'yes', title: 'Yes' },
      { code: 'no', title: 'No' },
    ];
  return field.options.map((option) => ({ code: option.value, title: option.label.en }));
}

/** The custom fields that can become a factor: choice fields not already one (factor keys compared as stored). */
export function customFactorCandidates(fields: readonly TCustomFieldSummary[], factorKeys: ReadonlySet<string>): TCustomFactorField[] {
  return fields.flatMap((field) => {
    const { type } = field;
    if (!isRiskFactorFieldType(type) || factorKeys.has(customFactorKey(field.key))) return [];
    return [{ key: field.key, label: field.label, type, values: customFactorValues(field) }];
  });
}
