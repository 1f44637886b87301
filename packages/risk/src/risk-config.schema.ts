/**
 * The whole risk configuration of one data segment: what the server stores, imports, versions and
 * hands to `compileRiskModel`. Each part maps to one sanad-engine page (see engine-pages.ts).
 */
import { z } from 'zod';
import { HIT_TYPES, OverrideLevelSchema, RiskFactorSchema, SUBJECT_TYPES } from './risk-factor.schema';
import { REGISTRY_FLAGS } from './risk-facts';

const NoteSchema = z.string().trim().max(2000);
const ScoreBoundSchema = z.number().gt(0).max(100);

export const RiskThresholdsSchema = z
  .object({
    mediumFrom: ScoreBoundSchema,
    highFrom: ScoreBoundSchema,
    reason: NoteSchema.optional(),
  })
  .refine((bands) => bands.mediumFrom < bands.highFrom, { message: 'mediumFrom must be below highFrom', path: ['highFrom'] });

export const OverrideConditionSchema = z.discriminatedUnion('kind', [
  /** A company-registry flag on the record is true. */
  z.object({ kind: z.literal('registry-flag'), flag: z.enum(REGISTRY_FLAGS) }),
  /**
   * A screening hit of this type that is not a false positive: genuine, or (unless isGenuineOnly)
   * open with a match score at or above minScore.
   */
  z.object({
    kind: z.literal('screening-hit'),
    hitType: z.enum(HIT_TYPES),
    isGenuineOnly: z.boolean(),
    minScore: z.number().min(0).max(100).default(0),
  }),
]);
export type OverrideCondition = z.output<typeof OverrideConditionSchema>;

/** An override that is not a single factor value (those carry `overrideTo` on the value itself). */
export const OverrideRuleSchema = z.object({
  code: z.string().trim().min(1).max(100),
  title: z.string().trim().min(1).max(200),
  isActive: z.boolean().default(true),
  overrideTo: OverrideLevelSchema,
  appliesTo: z.array(z.enum(SUBJECT_TYPES)).min(1),
  when: OverrideConditionSchema,
  reason: NoteSchema.optional(),
  source: NoteSchema.optional(),
});
export type OverrideRule = z.output<typeof OverrideRuleSchema>;
export type OverrideRuleInput = z.input<typeof OverrideRuleSchema>;

const YearsSchema = z
  .number()
  .min(1 / 12)
  .max(20);

/** risk-level-review: years until the next periodic review. A sanction rating gets no periodic date. */
export const ReviewIntervalsSchema = z.object({
  low: YearsSchema,
  medium: YearsSchema,
  high: YearsSchema,
  reason: NoteSchema.optional(),
});

export const StopWordSchema = z.object({
  word: z.string().trim().min(1).max(100),
  isActive: z.boolean().default(true),
});

/** A spelling variant and the canonical form screening rewrites it to (mohammed → muhammad). */
export const VariantWordSchema = z.object({
  word: z.string().trim().min(1).max(100),
  canonical: z.string().trim().min(1).max(100),
  isActive: z.boolean().default(true),
});

/** Where a default came from, with its as-of date, so the officer knows when to review it. */
export const ConfigReferenceSchema = z.object({
  id: z.string().trim().min(1).max(100),
  title: z.string().trim().min(1).max(500),
  publisher: z.string().trim().min(1).max(200),
  /** The publication date the data reflects; absent for stable code lists. */
  asOf: z.iso.date().optional(),
  url: z.string().trim().max(1000).optional(),
  note: NoteSchema.optional(),
});

export const RiskConfigSchema = z
  .object({
    schemaVersion: z.literal(1),
    factors: z.array(RiskFactorSchema).min(1).max(100),
    /** risk-rating page: bands for the weighted total. */
    thresholds: RiskThresholdsSchema,
    /**
     * Bands for one factor's score (the risk table's "level" column). Separate from the total's
     * bands because an average of many factors sits nearer the middle than any single score.
     * Absent: the total's bands are used.
     */
    factorLevelThresholds: RiskThresholdsSchema.optional(),
    overrideRules: z.array(OverrideRuleSchema).max(500).default([]),
    reviewIntervalYears: ReviewIntervalsSchema,
    /** The lowest level that requires enhanced due diligence; 'sanction' always does. */
    enhancedDueDiligenceFrom: z.enum(['medium', 'high']).default('high'),
    stopWords: z.array(StopWordSchema).max(10_000).default([]),
    variantWords: z.array(VariantWordSchema).max(50_000).default([]),
    references: z.array(ConfigReferenceSchema).max(100).default([]),
  })
  .superRefine((config, ctx) => {
    reportDuplicates(
      config.factors.map((factor) => factor.key),
      ['factors'],
      'factor',
      ctx,
    );
    reportDuplicates(
      config.overrideRules.map((rule) => rule.code),
      ['overrideRules'],
      'override rule',
      ctx,
    );
    reportDuplicates(
      config.variantWords.map((entry) => entry.word.toLowerCase()),
      ['variantWords'],
      'variant word',
      ctx,
    );
    if (!config.factors.some((factor) => factor.isActive && factor.weight > 0)) {
      ctx.addIssue({ code: 'custom', path: ['factors'], message: 'At least one active factor needs a weight above 0' });
    }
  });

/** A configuration as parsed: defaults filled in. */
export type RiskConfig = z.output<typeof RiskConfigSchema>;
/** A configuration as written or stored: isActive and list fields may be left out. */
export type RiskConfigInput = z.input<typeof RiskConfigSchema>;

function reportDuplicates(keys: readonly string[], path: (string | number)[], what: string, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  keys.forEach((key, index) => {
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [...path, index], message: `Duplicate ${what} ${key}` });
    seen.add(key);
  });
}

/** Parses and validates a configuration; throws a ZodError listing every problem. */
export function parseRiskConfig(input: unknown): RiskConfig {
  return RiskConfigSchema.parse(input);
}
