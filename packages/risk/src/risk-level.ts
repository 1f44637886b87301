/**
 * The spec's four rating levels in rising order. 'sanction' is never reached by
 * score: only by a confirmed sanction hit, a configured override or a manual overwrite.
 */
export const RISK_LEVELS = ['low', 'medium', 'high', 'sanction'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** The levels a weighted score can map to. */
export type ScoreLevel = Exclude<RiskLevel, 'sanction'>;

export interface RiskThresholds {
  /** A weighted score at or above this is medium (below it, low). */
  mediumFrom: number;
  /** A weighted score at or above this is high. */
  highFrom: number;
}

const RANK: Readonly<Record<RiskLevel, number>> = { low: 0, medium: 1, high: 2, sanction: 3 };

export function rankLevel(level: RiskLevel): number {
  return RANK[level];
}

export function maxLevel(a: RiskLevel, b: RiskLevel): RiskLevel {
  return RANK[a] >= RANK[b] ? a : b;
}

export function isLevelAtLeast(level: RiskLevel, floor: RiskLevel): boolean {
  return RANK[level] >= RANK[floor];
}

/** Bands are closed below and open above: a score equal to `mediumFrom` is medium. */
export function levelFromScore(score: number, thresholds: RiskThresholds): ScoreLevel {
  if (score >= thresholds.highFrom) return 'high';
  if (score >= thresholds.mediumFrom) return 'medium';
  return 'low';
}

/** Scores are compared after rounding to two decimals, so 0.1 + 0.2 lands on the band an examiner expects. */
export function roundScore(score: number): number {
  return Math.round(score * 100) / 100;
}
