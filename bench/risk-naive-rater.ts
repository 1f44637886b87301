/**
 * Baseline for bench/risk.bench.ts: rates straight from the stored configuration, scanning each
 * factor's value table per fact, as a first implementation without a compile step would. It builds
 * the same explanation as the engine (risk table, override table, dates) and follows the same
 * rules, so the benchmark compares like with like and can check that both agree.
 */
import type { RiskConfig } from '../packages/risk/src/risk-config.schema';
import type { FactorValue, RiskFactor } from '../packages/risk/src/risk-factor.schema';
import { PEP_QUESTIONS, type RiskFacts } from '../packages/risk/src/risk-facts';
import { isLevelAtLeast, levelFromScore, maxLevel, roundScore, type RiskLevel } from '../packages/risk/src/risk-level';
import { addYearsToDate } from '../packages/risk/src/review-date';
import type { OverrideTableRow, RiskRowStatus, RiskTableRow, ScoredValue } from '../packages/risk/src/risk-rating.types';

export interface NaiveRating {
  totalScore: number | null;
  level: RiskLevel;
  riskTable: RiskTableRow[];
  overrideTable: OverrideTableRow[];
  isEddRequired: boolean;
  ratedAt: string;
  nextReviewDate: string | null;
}

type Candidate = Omit<OverrideTableRow, 'level' | 'isRaised'>;

function text(value: string | number | undefined): (string | number)[] | undefined {
  return value === undefined || value === '' ? undefined : [value];
}

function readInputs(factor: RiskFactor, facts: RiskFacts): (string | number)[] | undefined {
  switch (factor.key) {
    case 'nationality':
      return facts.nationalities?.length ? facts.nationalities : undefined;
    case 'country': {
      const codes = [facts.countryOfResidence, facts.countryOfIncorporation].filter((code): code is string => Boolean(code));
      return codes.length ? codes : undefined;
    }
    case 'state':
      return text(facts.state);
    case 'workType':
      return text(facts.workType);
    case 'industry':
      return text(facts.industry);
    case 'product':
      return facts.products?.length ? facts.products : undefined;
    case 'relationship':
      return text(facts.relationship);
    case 'investment':
      return text(facts.investment);
    case 'channel':
      return facts.isFaceToFace === undefined ? undefined : [facts.isFaceToFace ? 'face-to-face' : 'non-face-to-face'];
    case 'purposeOfAction':
      return text(facts.purposeOfAction);
    case 'gender':
      return text(facts.gender);
    case 'aum':
      return text(facts.assetsUnderManagement);
    case 'sar':
      return facts.hasSarHistory === undefined ? undefined : [facts.hasSarHistory ? 'yes' : 'no'];
    case 'adverseMedia':
      return text(facts.adverseMedia);
    case 'entityType':
      return text(facts.entityType);
    case 'pep': {
      if (!facts.pepAnswers) return undefined;
      const answered = PEP_QUESTIONS.filter((question) => facts.pepAnswers?.[question] !== undefined);
      const yes = answered.filter((question) => facts.pepAnswers?.[question] === true);
      return yes.length ? yes : answered.length ? ['none'] : undefined;
    }
    case 'documentVerification': {
      const codes = [
        facts.documentStatus && `document-${facts.documentStatus}`,
        facts.faceMatch && `face-${facts.faceMatch}`,
        facts.liveness && `liveness-${facts.liveness}`,
      ].filter((code): code is string => Boolean(code));
      return codes.length ? codes : undefined;
    }
    default: {
      const value = facts.custom?.[factor.key.slice('custom:'.length)];
      if (typeof value === 'boolean') return [value ? 'yes' : 'no'];
      // A multi-select answer: every chosen option is looked up, as the engine does.
      if (Array.isArray(value)) return value.length ? value : undefined;
      return text(value);
    }
  }
}

function findValue(factor: RiskFactor, input: string | number): FactorValue | undefined {
  if (typeof input === 'number' && factor.kind === 'band') {
    return factor.values.find(
      (value) => value.isActive && value.min !== undefined && input >= value.min && input < (value.max ?? Infinity),
    );
  }
  const code = String(input).trim().toLowerCase();
  return factor.values.find((value) => value.isActive && value.code.toLowerCase() === code);
}

/** Each fact as [input text, matched value]. */
function pickValues(factor: RiskFactor, facts: RiskFacts): [string, FactorValue | undefined][] | undefined {
  if (factor.kind !== 'hit-band') return readInputs(factor, facts)?.map((input) => [String(input), findValue(factor, input)]);
  if (!facts.screeningHits) return undefined;
  const picks: [string, FactorValue | undefined][] = [];
  for (const hit of facts.screeningHits) {
    if (hit.determination === 'false-positive') continue;
    const bands = factor.values
      .filter((value) => value.isActive && value.hitType === hit.hitType && value.min !== undefined)
      .toSorted((a, b) => (a.min ?? 0) - (b.min ?? 0));
    const band =
      hit.determination === 'genuine'
        ? bands.at(-1)
        : bands.find((value) => hit.score >= (value.min ?? 0) && hit.score < (value.max ?? Infinity));
    picks.push([band ? band.code : `${hit.hitType} hit ${hit.score}`, band]);
  }
  if (picks.length === 0) picks.push(['No hit', factor.values.find((value) => value.isActive && value.code === 'no-hit')]);
  return picks;
}

function scoreRow(factor: RiskFactor, facts: RiskFacts, config: RiskConfig, candidates: Candidate[]): RiskTableRow {
  const row = (status: RiskRowStatus, values: ScoredValue[]): RiskTableRow => ({
    factor: factor.key,
    riskFactor: factor.title,
    value: values[0]?.title ?? null,
    values,
    score: values[0]?.score ?? null,
    level: values[0] ? levelFromScore(values[0].score, config.factorLevelThresholds ?? config.thresholds) : null,
    weight: factor.weight,
    weightShare: 0,
    contribution: 0,
    status,
  });
  if (!factor.appliesTo.includes(facts.subjectType)) return row('not-applicable', []);
  const picks = pickValues(factor, facts);
  if (!picks) {
    return factor.missing === 'exclude'
      ? row('missing-excluded', [])
      : row('missing-scored', [{ code: 'unknown', title: 'Unknown', score: factor.unknownScore, isMatched: false }]);
  }
  const values: ScoredValue[] = [];
  for (const [input, value] of picks) {
    const code = value ? value.code : input;
    if (values.some((existing) => existing.code === code)) continue;
    values.push(
      value
        ? { code, title: value.title, score: value.score, isMatched: true }
        : { code, title: input, score: factor.unknownScore, isMatched: false },
    );
    if (value?.overrideTo) {
      candidates.push({
        source: 'factor-value',
        code,
        factor: factor.key,
        riskFactorOverride: `${factor.title}: ${value.title}`,
        overrideTo: value.overrideTo,
        reason: value.reason ?? null,
      });
    }
  }
  values.sort((a, b) => b.score - a.score);
  return row(values.every((value) => value.isMatched) ? 'scored' : 'unmatched', values);
}

export function rateNaively(config: RiskConfig, facts: RiskFacts, now: Date): NaiveRating {
  const candidates: Candidate[] = [];
  const riskTable = config.factors.filter((factor) => factor.isActive).map((factor) => scoreRow(factor, facts, config, candidates));
  const counted = riskTable.filter((row) => row.score !== null);
  const weightSum = counted.reduce((sum, row) => sum + row.weight, 0);
  for (const row of counted) {
    row.weightShare = weightSum > 0 ? Math.round((row.weight / weightSum) * 10_000) / 10_000 : 0;
    row.contribution = weightSum > 0 ? roundScore((row.weight / weightSum) * (row.score ?? 0)) : 0;
  }
  const totalScore = weightSum > 0 ? roundScore(counted.reduce((sum, row) => sum + row.weight * (row.score ?? 0), 0) / weightSum) : null;

  for (const rule of config.overrideRules) {
    if (!rule.isActive || !rule.appliesTo.includes(facts.subjectType)) continue;
    const when = rule.when;
    const isMet =
      when.kind === 'registry-flag'
        ? facts.registryFlags?.[when.flag] === true
        : (facts.screeningHits ?? []).some(
            (hit) =>
              hit.hitType === when.hitType &&
              hit.determination !== 'false-positive' &&
              (hit.determination === 'genuine' || (!when.isGenuineOnly && hit.score >= when.minScore)),
          );
    if (isMet)
      candidates.push({
        source: 'rule',
        code: rule.code,
        factor: null,
        riskFactorOverride: rule.title,
        overrideTo: rule.overrideTo,
        reason: rule.reason ?? null,
      });
  }
  if (facts.screeningHits?.some((hit) => hit.hitType === 'sanction' && hit.determination === 'genuine')) {
    candidates.push({
      source: 'confirmed-sanction',
      code: 'confirmed-sanction-hit',
      factor: 'nameScreening',
      riskFactorOverride: 'Name screening: confirmed sanction hit',
      overrideTo: 'sanction',
      reason: null,
    });
  }
  let level: RiskLevel = totalScore === null ? 'high' : levelFromScore(totalScore, config.thresholds);
  const overrideTable: OverrideTableRow[] = [];
  for (const candidate of candidates) {
    const next = maxLevel(level, candidate.overrideTo);
    overrideTable.push({ ...candidate, level: next, isRaised: next !== level });
    level = next;
  }
  const years = level === 'sanction' ? null : config.reviewIntervalYears[level];
  return {
    totalScore,
    level,
    riskTable,
    overrideTable,
    isEddRequired: isLevelAtLeast(level, config.enhancedDueDiligenceFrom),
    ratedAt: now.toISOString(),
    nextReviewDate: years === null ? null : addYearsToDate(now, years),
  };
}
