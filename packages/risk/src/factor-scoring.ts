/**
 * Scores one factor for one customer: finds the table values the facts select, takes the worst,
 * and collects the overrides those values carry. Weights are applied by the caller, which knows
 * which factors took part.
 */
import type { CompiledFactor, CompiledValue } from './risk-model-compiler';
import type { FactInput } from './factor-extractors';
import type { RiskFacts } from './risk-facts';
import { levelFromScore, type RiskThresholds } from './risk-level';
import type { OverrideLevel } from './risk-factor.schema';
import type { OverrideSource, RiskRowStatus, RiskTableRow, ScoredValue } from './risk-rating.types';

export interface OverrideCandidate {
  source: OverrideSource;
  code: string;
  factor: RiskTableRow['factor'] | null;
  riskFactorOverride: string;
  overrideTo: OverrideLevel;
  reason: string | null;
}

export interface FactorOutcome {
  row: RiskTableRow;
  overrides: OverrideCandidate[];
}

const UNKNOWN_CODE = 'unknown';

export function scoreFactor(factor: CompiledFactor, facts: RiskFacts, thresholds: RiskThresholds): FactorOutcome {
  const isApplicable = facts.subjectType === 'company' ? factor.isForCompanies : factor.isForIndividuals;
  if (!isApplicable) return { row: buildRow(factor, 'not-applicable', [], thresholds), overrides: [] };

  const picked = factor.kind === 'hit-band' ? pickHitValues(factor, facts) : pickValues(factor, factor.extract(facts));
  if (!picked) {
    if (factor.missing === 'exclude') return { row: buildRow(factor, 'missing-excluded', [], thresholds), overrides: [] };
    const unknown: ScoredValue = { code: UNKNOWN_CODE, title: 'Unknown', score: factor.unknownScore, isMatched: false };
    return { row: buildRow(factor, 'missing-scored', [unknown], thresholds), overrides: [] };
  }

  const values: ScoredValue[] = [];
  const overrides: OverrideCandidate[] = [];
  let isAllMatched = true;
  for (const pick of picked) {
    const value = pick.value;
    const code = value ? value.code : pick.input;
    if (values.some((existing) => existing.code === code)) continue;
    if (!value) {
      isAllMatched = false;
      values.push({ code, title: pick.input, score: factor.unknownScore, isMatched: false });
      continue;
    }
    values.push({ code, title: value.title, score: value.score, isMatched: true });
    if (value.overrideTo) {
      overrides.push({
        source: 'factor-value',
        code: value.code,
        factor: factor.key,
        riskFactorOverride: `${factor.title}: ${value.title}`,
        overrideTo: value.overrideTo,
        reason: value.reason ?? null,
      });
    }
  }
  values.sort((a, b) => b.score - a.score);
  return { row: buildRow(factor, isAllMatched ? 'scored' : 'unmatched', values, thresholds), overrides };
}

interface Pick {
  input: string;
  value: CompiledValue | undefined;
}

function pickValues(factor: CompiledFactor, inputs: readonly FactInput[] | undefined): Pick[] | undefined {
  if (!inputs) return undefined;
  return inputs.map((input) => ({ input: String(input), value: findValue(factor, input) }));
}

function findValue(factor: CompiledFactor, input: FactInput): CompiledValue | undefined {
  if (typeof input === 'number' && factor.kind === 'band') {
    return factor.bands.find((band) => input >= band.min && input < band.max);
  }
  return factor.byCode.get(String(input).trim().toLowerCase());
}

/** Genuine hits score the top band of their type (the match is certain); false positives do not count. */
function pickHitValues(factor: CompiledFactor, facts: RiskFacts): Pick[] | undefined {
  const hits = facts.screeningHits;
  if (!hits) return undefined;
  const picks: Pick[] = [];
  for (const hit of hits) {
    const determination = hit.determination ?? 'open';
    if (determination === 'false-positive') continue;
    const bands = factor.hitBands.get(hit.hitType);
    const value =
      determination === 'genuine'
        ? bands?.[bands.length - 1]
        : bands?.find((band) => hit.score >= band.min && hit.score < band.max);
    picks.push({ input: `${hit.hitType} hit ${hit.score}`, value });
  }
  if (picks.length === 0) picks.push({ input: 'No hit', value: factor.noHit });
  return picks;
}

function buildRow(factor: CompiledFactor, status: RiskRowStatus, values: ScoredValue[], thresholds: RiskThresholds): RiskTableRow {
  const worst = values[0];
  return {
    factor: factor.key,
    riskFactor: factor.title,
    value: worst ? worst.title : null,
    values,
    score: worst ? worst.score : null,
    level: worst ? levelFromScore(worst.score, thresholds) : null,
    weight: factor.weight,
    weightShare: 0,
    contribution: 0,
    status,
  };
}
