/**
 * Rates one customer or company: weighted score → level by the thresholds, then overrides raise it
 * to their minimum, then a manual overwrite (if given) sets it. Pure: the same model, facts and
 * options always give the same rating, and nothing passed in is changed.
 */
import { scoreFactor, type OverrideCandidate } from './factor-scoring';
import { applyManualOverwrite } from './manual-overwrite';
import { evaluateOverrideRules, hasConfirmedSanctionHit } from './override-rules';
import { formatRatingDates, toInstant } from './review-date';
import type { RiskFacts } from './risk-facts';
import { isLevelAtLeast, levelFromScore, maxLevel, roundScore, type RiskLevel, type ScoreLevel } from './risk-level';
import type { CompiledRiskModel } from './risk-model-compiler';
import type { OverrideTableRow, RateOptions, RiskRating, RiskTableRow } from './risk-rating.types';

export function rateCustomer(model: CompiledRiskModel, facts: RiskFacts, options: RateOptions): RiskRating {
  const now = toInstant(options.now);
  const riskTable: RiskTableRow[] = [];
  const candidates: OverrideCandidate[] = [];
  let weightSum = 0;
  let weightedSum = 0;
  for (const factor of model.factors) {
    const row = scoreFactor(factor, facts, model.factorLevelThresholds, candidates);
    riskTable.push(row);
    if (row.score !== null) {
      weightSum += factor.weight;
      weightedSum += factor.weight * row.score;
    }
  }
  for (const row of riskTable) {
    if (row.score === null || weightSum === 0) continue;
    const share = row.weight / weightSum;
    row.weightShare = Math.round(share * 10_000) / 10_000;
    row.contribution = roundScore(share * row.score);
  }

  const totalScore = weightSum > 0 ? roundScore(weightedSum / weightSum) : null;
  // With nothing to score there is nothing to show the customer is low risk.
  const scoreLevel: ScoreLevel = totalScore === null ? 'high' : levelFromScore(totalScore, model.thresholds);

  for (const override of evaluateOverrideRules(model, facts)) candidates.push(override);
  const overrideTable: OverrideTableRow[] = [];
  let computedLevel: RiskLevel = scoreLevel;
  let strongestOverride: RiskLevel | null = null;
  for (const candidate of candidates) {
    const next = maxLevel(computedLevel, candidate.overrideTo);
    overrideTable.push({
      source: candidate.source,
      code: candidate.code,
      factor: candidate.factor,
      riskFactorOverride: candidate.riskFactorOverride,
      overrideTo: candidate.overrideTo,
      level: next,
      isRaised: next !== computedLevel,
      reason: candidate.reason,
    });
    computedLevel = next;
    strongestOverride = strongestOverride === null ? candidate.overrideTo : maxLevel(strongestOverride, candidate.overrideTo);
  }

  const manualOverwrite = options.manualOverwrite
    ? applyManualOverwrite(computedLevel, options.manualOverwrite, hasConfirmedSanctionHit(facts))
    : null;
  const level = manualOverwrite?.isApplied ? manualOverwrite.level : computedLevel;

  const eddFloor = model.enhancedDueDiligenceFrom;
  const isEddRequired = isLevelAtLeast(level, eddFloor) || (strongestOverride !== null && isLevelAtLeast(strongestOverride, eddFloor));
  const reviewIntervalYears = level === 'sanction' ? null : model.reviewIntervalYears[level];
  const { ratedAt, nextReviewDate } = formatRatingDates(now, reviewIntervalYears);

  return {
    subjectType: facts.subjectType,
    configVersion: model.version,
    ratedAt,
    thresholds: { mediumFrom: model.thresholds.mediumFrom, highFrom: model.thresholds.highFrom },
    factorLevelThresholds: { mediumFrom: model.factorLevelThresholds.mediumFrom, highFrom: model.factorLevelThresholds.highFrom },
    totalScore,
    scoreLevel,
    computedLevel,
    level,
    riskTable,
    overrideTable,
    manualOverwrite,
    isEddRequired,
    reviewIntervalYears,
    nextReviewDate,
  };
}
