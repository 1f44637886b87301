/**
 * What a rating returns: the level and, for the examiner, every input that led to it — the spec's
 * risk table (risk factor, score, level) and override table (risk factor override, override-to,
 * level), the weighted total, the thresholds and the configuration version used.
 */
import type { FactorKey, OverrideLevel, SubjectType } from './risk-factor.schema';
import type { RiskLevel, RiskThresholds, ScoreLevel } from './risk-level';

/**
 * scored: every fact was found in the table. unmatched: a fact was given but is not an active value
 * (scored as the factor's unknown score). missing-scored: no fact, scored as unknown. missing-excluded:
 * no fact, factor left out and weights renormalised. not-applicable: the factor is not used for this
 * subject type (e.g. gender for a company).
 */
export type RiskRowStatus = 'scored' | 'unmatched' | 'missing-scored' | 'missing-excluded' | 'not-applicable';

export interface ScoredValue {
  /** The configured code, or the fact as given when it matched nothing. */
  code: string;
  title: string;
  score: number;
  isMatched: boolean;
}

export interface RiskTableRow {
  factor: FactorKey;
  /** Spec column "risk factor": the factor's title. */
  riskFactor: string;
  /** The value that set the score (the worst when several apply), as its title. */
  value: string | null;
  /** Every value the facts selected, worst first. */
  values: ScoredValue[];
  /** Spec column "score": the factor's score 0–100, null when the factor did not count. */
  score: number | null;
  /** Spec column "level": the factor score placed in the factor-level bands. */
  level: ScoreLevel | null;
  weight: number;
  /** This factor's share of the weights that counted (0–1). */
  weightShare: number;
  /** weightShare × score: what this factor added to the total. */
  contribution: number;
  status: RiskRowStatus;
}

export type OverrideSource = 'factor-value' | 'rule' | 'confirmed-sanction';

export interface OverrideTableRow {
  source: OverrideSource;
  /** The factor value's code or the rule's code. */
  code: string;
  factor: FactorKey | null;
  /** Spec column "risk factor override": what triggered it, e.g. "PEP declaration: Holds a public position". */
  riskFactorOverride: string;
  /** Spec column "override-to": the lowest level this override allows. */
  overrideTo: OverrideLevel;
  /** Spec column "level": the rating's level after this override (overrides apply in table order). */
  level: RiskLevel;
  /** Whether this override raised the level (false when an earlier result was already as high). */
  isRaised: boolean;
  reason: string | null;
}

export interface ManualOverwriteInput {
  level: RiskLevel;
  /** Required: an overwrite without a reason is refused. */
  reason: string;
  /** Who overwrote and when, as the server recorded it; carried into the explanation unchanged. */
  by?: string;
  at?: string;
}

export interface AppliedOverwrite {
  level: RiskLevel;
  reason: string;
  by: string | null;
  at: string | null;
  /** The level the engine computed before the overwrite. */
  previousLevel: RiskLevel;
  isApplied: boolean;
  /** Why an overwrite was not applied. */
  refusal: string | null;
}

export interface RateOptions {
  /** The rating time: sets ratedAt and the next review date. Never read from the clock. */
  now: Date | string;
  manualOverwrite?: ManualOverwriteInput;
}

export interface RiskRating {
  subjectType: SubjectType;
  configVersion: string;
  ratedAt: string;
  /** The bands the total was placed in. */
  thresholds: RiskThresholds;
  /** The bands each factor's score was placed in for the risk table's level column. */
  factorLevelThresholds: RiskThresholds;
  /** Weighted average of the factor scores that counted (2 decimals); null when none could count. */
  totalScore: number | null;
  /** The total placed in the bands; 'high' when nothing could be scored. */
  scoreLevel: ScoreLevel;
  /** The level after overrides, before any manual overwrite. */
  computedLevel: RiskLevel;
  /** The final level. */
  level: RiskLevel;
  riskTable: RiskTableRow[];
  overrideTable: OverrideTableRow[];
  manualOverwrite: AppliedOverwrite | null;
  /**
   * Enhanced due diligence: the final level is at or above the configured floor, or an override
   * forced that far (a manual overwrite can lower the level but cannot waive an override's EDD).
   */
  isEddRequired: boolean;
  reviewIntervalYears: number | null;
  /** YYYY-MM-DD (UTC); null for 'sanction', which goes to an alert instead of periodic review. */
  nextReviewDate: string | null;
}
