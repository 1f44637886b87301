/**
 * Scores one factor for one customer: finds the table values the facts select, takes the worst,
 * and collects the overrides those values carry. Weights are applied by the caller, which knows
 * which factors took part. This is the inner loop of every rating (and of re-rating a whole
 * segment), so it avoids intermediate arrays and closures.
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

const UNKNOWN_CODE = 'unknown';
const NO_HIT_INPUT = 'No hit';

/** Returns the factor's risk-table row and appends the overrides its values carry to `overrides`. */
export function scoreFactor(
  factor: CompiledFactor,
  facts: RiskFacts,
  thresholds: RiskThresholds,
  overrides: OverrideCandidate[],
): RiskTableRow {
  const isApplicable = facts.subjectType === 'company' ? factor.isForCompanies : factor.isForIndividuals;
  if (!isApplicable) return buildRow(factor, 'not-applicable', [], thresholds);

  const picked = PICKED.reset(factor, overrides);
  const isPresent = factor.kind === 'hit-band' ? pickHits(factor, facts, picked) : pickValues(factor, facts, picked);
  const values = picked.values;
  if (!isPresent) {
    if (factor.missing === 'exclude') return buildRow(factor, 'missing-excluded', values, thresholds);
    values.push({ code: UNKNOWN_CODE, title: 'Unknown', score: factor.unknownScore, isMatched: false });
    return buildRow(factor, 'missing-scored', values, thresholds);
  }
  if (values.length > 1) values.sort((a, b) => b.score - a.score);
  return buildRow(factor, picked.isAllMatched ? 'scored' : 'unmatched', values, thresholds);
}

/**
 * Collects the values one factor's facts select, once per code, and the overrides they carry.
 * One instance is reset for each factor (ratings run synchronously, so nothing else holds it);
 * a closure or collector per factor per rating is measurable garbage when a segment is re-rated.
 */
class PickedValues {
  values: ScoredValue[] = [];
  isAllMatched = true;
  private factor: CompiledFactor | undefined;
  private overrides: OverrideCandidate[] = [];

  reset(factor: CompiledFactor, overrides: OverrideCandidate[]): this {
    this.values = [];
    this.isAllMatched = true;
    this.factor = factor;
    this.overrides = overrides;
    return this;
  }

  add(input: string, value: CompiledValue | undefined): void {
    const factor = this.factor;
    if (!factor) return;
    const code = value ? value.code : input;
    for (const existing of this.values) if (existing.code === code) return;
    if (!value) {
      this.isAllMatched = false;
      this.values.push({ code, title: input, score: factor.unknownScore, isMatched: false });
      return;
    }
    this.values.push({ code, title: value.title, score: value.score, isMatched: true });
    if (value.overrideTo) {
      this.overrides.push({
        source: 'factor-value',
        code: value.code,
        factor: factor.key,
        riskFactorOverride: `${factor.title}: ${value.title}`,
        overrideTo: value.overrideTo,
        reason: value.reason ?? null,
      });
    }
  }
}

const PICKED = new PickedValues();

function pickValues(factor: CompiledFactor, facts: RiskFacts, picked: PickedValues): boolean {
  const inputs = factor.extract(facts);
  if (inputs === undefined) return false;
  if (typeof inputs === 'object') for (const input of inputs) picked.add(String(input), findValue(factor, input));
  else picked.add(String(inputs), findValue(factor, inputs));
  return true;
}

export function findValue(factor: CompiledFactor, input: FactInput): CompiledValue | undefined {
  if (typeof input === 'number' && factor.kind === 'band') {
    for (const band of factor.bands) if (input >= band.min && input < band.max) return band;
    return undefined;
  }
  const code = String(input);
  // Codes usually arrive exactly as configured; only a miss pays for normalising.
  return factor.byExactCode.get(code) ?? factor.byCode.get(code.trim().toLowerCase());
}

/** Genuine hits score the top band of their type (the match is certain); false positives do not count. */
function pickHits(factor: CompiledFactor, facts: RiskFacts, picked: PickedValues): boolean {
  const hits = facts.screeningHits;
  if (!hits) return false;
  let counted = 0;
  for (const hit of hits) {
    const determination = hit.determination ?? 'open';
    if (determination === 'false-positive') continue;
    counted += 1;
    const bands = factor.hitBands.get(hit.hitType);
    let band: CompiledValue | undefined;
    if (bands && determination === 'genuine') band = bands[bands.length - 1];
    else if (bands) {
      for (const candidate of bands) {
        if (hit.score >= candidate.min && hit.score < candidate.max) {
          band = candidate;
          break;
        }
      }
    }
    picked.add(band ? band.code : `${hit.hitType} hit ${hit.score}`, band);
  }
  if (counted === 0) picked.add(NO_HIT_INPUT, factor.noHit);
  return true;
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
