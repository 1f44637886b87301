/**
 * Ratings as the API shows them: a customer's KYC risk rating tab (current rating and history), the
 * manual overwrite, the simulation page and the re-rating runs. The rating itself is the engine's
 * RiskRating, stored and returned as it is.
 */
import { z } from 'zod';
import type { LevelChangeSummary } from '@sanad/risk/level-change-summary';
import { HIT_DETERMINATIONS, RiskFactsSchema, type RiskFacts } from '@sanad/risk/risk-facts';
import { HIT_TYPES } from '@sanad/risk/risk-factor.schema';
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

export interface TScreenedHit {
  hitType: (typeof HIT_TYPES)[number];
  score: number;
  determination: (typeof HIT_DETERMINATIONS)[number];
  matchedName: string | null;
  listName: string | null;
}

export interface TSimulationResult {
  isSimulation: true;
  facts: RiskFacts;
  rating: RiskRating;
  screening: {
    isAvailable: boolean;
    /** Hits the screening module found for the name (empty when it is not available). */
    hits: TScreenedHit[];
    /** How many hits were entered by hand. */
    enteredHits: number;
  };
}

/** GET configurations/simulate: what the page needs besides the reference lists. */
export interface TSimulationOptions {
  isScreeningAvailable: boolean;
  adverseMedia: Array<{ code: string; title: string }>;
  version: string;
}

export type TRatingTrigger = 'rating' | 'rerate' | 'manual-overwrite';

export interface TCustomerRiskSummary {
  _id: string;
  sanadId: string;
  type: 'individual' | 'company';
  kycStatus: 'pending' | 'approved' | 'rejected';
  riskLevel: RiskLevel | null;
  isEddRequired: boolean;
  nextReviewDate: string | null;
  hasManualOverwrite: boolean;
}

export interface TStoredRating {
  _id: string;
  customerId: string;
  trigger: TRatingTrigger;
  configVersion: string;
  level: RiskLevel;
  computedLevel: RiskLevel;
  totalScore: number | null;
  isEddRequired: boolean;
  nextReviewDate: string | null;
  overwriteLevel: RiskLevel | null;
  overwriteReason: string | null;
  actorName: string;
  createdAt: string;
}

/** GET customers/kyc-risk-rating/{id}: the tab's content. */
export interface TCustomerRiskRating {
  customer: TCustomerRiskSummary;
  rating: (TStoredRating & { explanation: RiskRating; facts: RiskFacts }) | null;
}

export type TRerateStatus = 'queued' | 'running' | 'completed' | 'failed' | 'superseded';

export interface TRerateRun {
  _id: string;
  targetVersion: string;
  status: TRerateStatus;
  total: number;
  processed: number;
  rated: number;
  skipped: number;
  summary: LevelChangeSummary;
  error: string | null;
  startedByName: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/** GET configurations/risk/rerate: the last run, and how many customers an older configuration rated. */
export interface TRerateOverview {
  currentVersion: string;
  customers: number;
  outdated: number;
  lastRun: TRerateRun | null;
}
