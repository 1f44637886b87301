/**
 * One risk factor: a table of values, each with a score and an active flag, and the factor's
 * weight. The same tables serve the reference-data dropdowns (`GET /configurations/{list}`), so
 * every value is keyed by a stable code (ISO country code, industry code, ...) beside its title.
 */
import { z } from 'zod';

export const SUBJECT_TYPES = ['individual', 'company'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

/** The screening engine's hit types (pepHit, enforcementHit, blackListHit, sanctionHit). */
export const HIT_TYPES = ['pep', 'enforcement', 'blackList', 'sanction'] as const;
export type HitType = (typeof HIT_TYPES)[number];

/** Built-in factors, in the order the risk table lists them. */
export const BUILT_IN_FACTOR_KEYS = [
  'nationality',
  'country',
  'state',
  'workType',
  'industry',
  'product',
  'relationship',
  'investment',
  'channel',
  'purposeOfAction',
  'gender',
  'aum',
  'sar',
  'adverseMedia',
  'entityType',
  'pep',
  'documentVerification',
  'nameScreening',
] as const;
export type BuiltInFactorKey = (typeof BUILT_IN_FACTOR_KEYS)[number];

/** A factor on a custom registration field (customInfo / dynamicInputValues): `custom:<field>`. */
export type CustomFactorKey = `custom:${string}`;
export type FactorKey = BuiltInFactorKey | CustomFactorKey;

/**
 * code: the fact is looked up by value code. band: the fact is an amount placed in [min, max)
 * (a code is accepted too). hit-band: screening hits placed by hit type and match score.
 */
export const FACTOR_KINDS = ['code', 'band', 'hit-band'] as const;
export type FactorKind = (typeof FACTOR_KINDS)[number];

export const BUILT_IN_FACTOR_KINDS: Readonly<Record<BuiltInFactorKey, FactorKind>> = {
  nationality: 'code',
  country: 'code',
  state: 'code',
  workType: 'code',
  industry: 'code',
  product: 'code',
  relationship: 'code',
  investment: 'band',
  channel: 'code',
  purposeOfAction: 'code',
  gender: 'code',
  aum: 'band',
  sar: 'code',
  adverseMedia: 'code',
  entityType: 'code',
  pep: 'code',
  documentVerification: 'code',
  nameScreening: 'hit-band',
};

/** The value code the name-screening factor scores when screening ran and found nothing to count. */
export const NO_HIT_CODE = 'no-hit';

const CUSTOM_KEY_PATTERN = /^custom:[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

export function isBuiltInFactorKey(key: string): key is BuiltInFactorKey {
  return (BUILT_IN_FACTOR_KEYS as readonly string[]).includes(key);
}

export function isCustomFactorKey(key: string): key is CustomFactorKey {
  return CUSTOM_KEY_PATTERN.test(key);
}

/** A union (not z.custom) so that the key survives into the generated JSON Schema / OpenAPI. */
export const FactorKeySchema = z.union(
  [
    z.enum(BUILT_IN_FACTOR_KEYS),
    z
      .templateLiteral(['custom:', z.string()])
      .refine(isCustomFactorKey, { message: 'A custom field name is a letter then letters, digits, _ . or -' }),
  ],
  { error: 'Unknown risk factor: use a built-in factor or custom:<field>' },
);

/** Overrides only ever raise a rating, so 'low' is not a target. */
export const OverrideLevelSchema = z.enum(['medium', 'high', 'sanction']);
export type OverrideLevel = z.infer<typeof OverrideLevelSchema>;

const ScoreSchema = z.number().min(0).max(100);
const NoteSchema = z.string().trim().max(2000);

export const FactorValueSchema = z.object({
  code: z.string().trim().min(1).max(100),
  title: z.string().trim().min(1).max(200),
  /** 0 (no risk) to 100 (highest); the factor's level in the risk table uses the rating thresholds. */
  score: ScoreSchema,
  isActive: z.boolean().default(true),
  /** When this value applies, the rating is at least this level (e.g. PEP 'yes' → high). */
  overrideTo: OverrideLevelSchema.optional(),
  /** band and hit-band factors: the value covers amounts or match scores in [min, max); no max = open above. */
  min: z.number().optional(),
  max: z.number().optional(),
  /** hit-band factors: the hit type this band scores. */
  hitType: z.enum(HIT_TYPES).optional(),
  reason: NoteSchema.optional(),
  source: NoteSchema.optional(),
});
export type FactorValue = z.output<typeof FactorValueSchema>;

export const MissingTreatmentSchema = z.enum(['score-unknown', 'exclude']);
/**
 * score-unknown: a missing fact scores the factor's `unknownScore`. exclude: the factor drops out
 * and the remaining weights are renormalised. A fact that is present but not in the table (or whose
 * value is archived) always scores `unknownScore`: it is known, just not configured.
 */
export type MissingTreatment = z.infer<typeof MissingTreatmentSchema>;

export const RiskFactorSchema = z
  .object({
    key: FactorKeySchema,
    title: z.string().trim().min(1).max(200),
    kind: z.enum(FACTOR_KINDS),
    /** Relative weight; the weighted score divides by the sum of the weights that took part. */
    weight: z.number().min(0).max(1000),
    isActive: z.boolean().default(true),
    appliesTo: z.array(z.enum(SUBJECT_TYPES)).min(1),
    missing: MissingTreatmentSchema,
    unknownScore: ScoreSchema,
    reason: NoteSchema.optional(),
    source: NoteSchema.optional(),
    values: z.array(FactorValueSchema).max(10_000),
  })
  .superRefine((factor, ctx) => {
    if (isBuiltInFactorKey(factor.key) && BUILT_IN_FACTOR_KINDS[factor.key] !== factor.kind) {
      ctx.addIssue({ code: 'custom', path: ['kind'], message: `${factor.key} is a ${BUILT_IN_FACTOR_KINDS[factor.key]} factor` });
    }
    if (isCustomFactorKey(factor.key) && factor.kind === 'hit-band') {
      ctx.addIssue({ code: 'custom', path: ['kind'], message: 'A custom factor is a code or band factor' });
    }
    const seen = new Set<string>();
    factor.values.forEach((value, index) => {
      if (seen.has(value.code)) {
        ctx.addIssue({ code: 'custom', path: ['values', index, 'code'], message: `Duplicate code ${value.code}` });
      }
      seen.add(value.code);
      checkValueShape(factor.kind, value, index, ctx);
    });
  });
export type RiskFactor = z.output<typeof RiskFactorSchema>;

function checkValueShape(kind: FactorKind, value: FactorValue, index: number, ctx: z.RefinementCtx): void {
  const path = ['values', index];
  const isBand = value.min !== undefined;
  if (value.max !== undefined && (value.min === undefined || value.max <= value.min)) {
    ctx.addIssue({ code: 'custom', path: [...path, 'max'], message: 'max must be above min' });
  }
  if (kind === 'code' && (isBand || value.hitType)) {
    ctx.addIssue({ code: 'custom', path, message: 'A code factor value has no band or hit type' });
  }
  if (kind === 'band' && !isBand) {
    ctx.addIssue({ code: 'custom', path: [...path, 'min'], message: 'A band factor value needs min' });
  }
  if (kind === 'hit-band' && value.code !== NO_HIT_CODE && (!isBand || !value.hitType)) {
    ctx.addIssue({ code: 'custom', path, message: `A name-screening value needs hitType and min (or the code ${NO_HIT_CODE})` });
  }
}
