/**
 * Ratings as the API shows them: a customer's KYC risk rating tab (current rating and history), the
 * manual overwrite, the simulation page and the re-rating runs. The rating itself is the engine's
 * RiskRating, stored and returned as it is.
 */
import { z } from 'zod';
import type { LevelChangeSummary } from '@sanad/risk/level-change-summary';
import { HIT_DETERMINATIONS, RiskFactsSchema, type RiskFacts } from '@sanad/risk/risk-facts';
import { FactorKeySchema, HIT_TYPES, OverrideLevelSchema, SUBJECT_TYPES } from '@sanad/risk/risk-factor.schema';
import { RISK_LEVELS, type RiskLevel } from '@sanad/risk/risk-level';
import type { RiskRating } from '@sanad/risk/risk-rating.types';

export type { LevelChangeSummary, RiskFacts, RiskLevel, RiskRating };

export const ZRiskLevel = z.enum(RISK_LEVELS, { error: 'Choose a level: low, medium, high or sanction' });

/** PUT customers/kyc-risk-rating/{id}: set the level by hand (permission manually-overwrite). */
export const ZManualOverwriteSave = z.object({
  level: ZRiskLevel,
  reason: z
    .string({ error: 'Please give a reason for the manual overwrite' })
    .trim()
    .min(1, 'Please give a reason for the manual overwrite')
    .max(2000, 'Keep the reason under 2,000 characters'),
});
export type TManualOverwriteSave = z.infer<typeof ZManualOverwriteSave>;

export const ZScreeningHitEntry = z.object({
  hitType: z.enum(HIT_TYPES, { error: 'Choose a hit type' }),
  score: z
    .number({ error: 'Hit score must be a number from 0 to 100' })
    .min(0, 'Hit score must be a number from 0 to 100')
    .max(100, 'Hit score must be a number from 0 to 100'),
  determination: z.enum(HIT_DETERMINATIONS).default('open'),
});

/**
 * POST configurations/simulate: a hypothetical customer or company. `screeningHits` are entered by
 * hand; when a screening module is installed and `name` is given, its hits are added to them.
 * Leaving `screeningHits` out means screening was not run (the factor does not count).
 */
export const ZSimulationRequest = z.object({
  dataSegmentId: z.string().max(64).optional(),
  name: z.string().trim().max(200, 'Name must be at most 200 characters').optional(),
  facts: RiskFactsSchema,
  screeningHits: z.array(ZScreeningHitEntry).max(100, 'At most 100 hits').optional(),
  manualOverwrite: ZManualOverwriteSave.optional(),
});
export type TSimulationRequest = z.input<typeof ZSimulationRequest>;

export const ZScreenedHit = z.object({
  hitType: z.enum(HIT_TYPES),
  score: z.number(),
  determination: z.enum(HIT_DETERMINATIONS),
  matchedName: z.string().nullable(),
  listName: z.string().nullable(),
});
export type TScreenedHit = z.infer<typeof ZScreenedHit>;

const ZScoreLevel = z.enum(['low', 'medium', 'high']);
const ZThresholds = z.object({ mediumFrom: z.number(), highFrom: z.number() });

/** The engine's RiskRating (risk-rating.types.ts) as the API answers it: the level and every input behind it. */
export const ZRiskRating = z.object({
  subjectType: z.enum(SUBJECT_TYPES),
  configVersion: z.string(),
  ratedAt: z.string(),
  thresholds: ZThresholds,
  factorLevelThresholds: ZThresholds,
  totalScore: z.number().nullable(),
  scoreLevel: ZScoreLevel,
  computedLevel: z.enum(RISK_LEVELS),
  level: z.enum(RISK_LEVELS),
  riskTable: z.array(
    z.object({
      factor: FactorKeySchema,
      riskFactor: z.string(),
      value: z.string().nullable(),
      values: z.array(z.object({ code: z.string(), title: z.string(), score: z.number(), isMatched: z.boolean() })),
      score: z.number().nullable(),
      level: ZScoreLevel.nullable(),
      weight: z.number(),
      weightShare: z.number(),
      contribution: z.number(),
      status: z.enum(['scored', 'unmatched', 'missing-scored', 'missing-excluded', 'not-applicable']),
    }),
  ),
  overrideTable: z.array(
    z.object({
      source: z.enum(['factor-value', 'rule', 'confirmed-sanction']),
      code: z.string(),
      factor: FactorKeySchema.nullable(),
      riskFactorOverride: z.string(),
      overrideTo: OverrideLevelSchema,
      level: z.enum(RISK_LEVELS),
      isRaised: z.boolean(),
      reason: z.string().nullable(),
    }),
  ),
  manualOverwrite: z
    .object({
      level: z.enum(RISK_LEVELS),
      reason: z.string(),
      by: z.string().nullable(),
      at: z.string().nullable(),
      previousLevel: z.enum(RISK_LEVELS),
      isApplied: z.boolean(),
      refusal: z.string().nullable(),
    })
    .nullable(),
  isEddRequired: z.boolean(),
  reviewIntervalYears: z.number().nullable(),
  nextReviewDate: z.string().nullable(),
});

/** Facts as a rating used them and as they are stored: a hit keeps the determination it was given, if any. */
export const ZRatedFacts = RiskFactsSchema.extend({
  screeningHits: z
    .array(z.object({ hitType: z.enum(HIT_TYPES), score: z.number(), determination: z.enum(HIT_DETERMINATIONS).optional() }))
    .optional(),
});

export const ZSimulationResult = z.object({
  isSimulation: z.literal(true),
  facts: ZRatedFacts,
  rating: ZRiskRating,
  screening: z.object({
    isAvailable: z.boolean(),
    /** Hits the screening module found for the name (empty when it is not available). */
    hits: z.array(ZScreenedHit),
    /** How many hits were entered by hand. */
    enteredHits: z.number().int(),
  }),
});
export type TSimulationResult = z.infer<typeof ZSimulationResult>;

/** GET configurations/simulate: what the page needs besides the reference lists. */
export const ZSimulationOptions = z.object({
  isScreeningAvailable: z.boolean(),
  adverseMedia: z.array(z.object({ code: z.string(), title: z.string() })),
  version: z.string(),
});
export type TSimulationOptions = z.infer<typeof ZSimulationOptions>;

export type TRatingTrigger = 'rating' | 'rerate' | 'manual-overwrite';

export const ZCustomerRiskSummary = z.object({
  _id: z.string(),
  sanadId: z.string(),
  type: z.enum(['individual', 'company']),
  kycStatus: z.enum(['pending', 'approved', 'rejected']),
  riskLevel: z.enum(RISK_LEVELS).nullable(),
  isEddRequired: z.boolean(),
  nextReviewDate: z.string().nullable(),
  hasManualOverwrite: z.boolean(),
});
export type TCustomerRiskSummary = z.infer<typeof ZCustomerRiskSummary>;

export const ZStoredRating = z.object({
  _id: z.string(),
  customerId: z.string(),
  trigger: z.enum(['rating', 'rerate', 'manual-overwrite']),
  configVersion: z.string(),
  level: z.enum(RISK_LEVELS),
  computedLevel: z.enum(RISK_LEVELS),
  totalScore: z.number().nullable(),
  isEddRequired: z.boolean(),
  nextReviewDate: z.string().nullable(),
  overwriteLevel: z.enum(RISK_LEVELS).nullable(),
  overwriteReason: z.string().nullable(),
  actorName: z.string(),
  createdAt: z.string(),
});
export type TStoredRating = z.infer<typeof ZStoredRating>;

/** GET customers/kyc-risk-rating/{id}: the tab's content. */
export const ZCustomerRiskRating = z.object({
  customer: ZCustomerRiskSummary,
  rating: ZStoredRating.extend({ explanation: ZRiskRating, facts: ZRatedFacts }).nullable(),
});
export type TCustomerRiskRating = z.infer<typeof ZCustomerRiskRating>;

export const RERATE_STATUSES = ['queued', 'running', 'completed', 'failed', 'superseded'] as const;
export type TRerateStatus = (typeof RERATE_STATUSES)[number];

const ZLevelCounts = z.object({ low: z.number(), medium: z.number(), high: z.number(), sanction: z.number() });

export const ZLevelChangeSummary = z.object({
  compared: z.number(),
  unchanged: z.number(),
  raised: z.number(),
  lowered: z.number(),
  moves: z.object({ low: ZLevelCounts, medium: ZLevelCounts, high: ZLevelCounts, sanction: ZLevelCounts }),
  newlyRated: z.number(),
  notRerated: z.number(),
  before: ZLevelCounts,
  after: ZLevelCounts,
});

export const ZRerateRun = z.object({
  _id: z.string(),
  targetVersion: z.string(),
  status: z.enum(RERATE_STATUSES),
  total: z.number().int(),
  processed: z.number().int(),
  rated: z.number().int(),
  skipped: z.number().int(),
  summary: ZLevelChangeSummary,
  error: z.string().nullable(),
  startedByName: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TRerateRun = z.infer<typeof ZRerateRun>;

/** GET configurations/risk/rerate: the last run, and how many customers an older configuration rated. */
export const ZRerateOverview = z.object({
  currentVersion: z.string(),
  customers: z.number().int(),
  outdated: z.number().int(),
  lastRun: ZRerateRun.nullable(),
});
export type TRerateOverview = z.infer<typeof ZRerateOverview>;
