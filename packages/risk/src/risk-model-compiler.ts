/**
 * Turns a stored configuration into lookup tables once, so that rating a customer is a handful of
 * map lookups instead of scans over 250-row country tables. The compiled model is frozen and shared
 * by every rating made with that configuration version.
 */
import { versionRiskConfig, versionWordLists } from './config-version';
import { getFactExtractor, type FactExtractor } from './factor-extractors';
import { parseRiskConfig, type OverrideRule, type RiskConfig } from './risk-config.schema';
import {
  NO_HIT_CODE,
  type FactorKey,
  type FactorKind,
  type FactorValue,
  type HitType,
  type MissingTreatment,
  type OverrideLevel,
} from './risk-factor.schema';
import type { RiskLevel, RiskThresholds } from './risk-level';

export interface CompiledValue {
  readonly code: string;
  readonly title: string;
  readonly score: number;
  readonly overrideTo: OverrideLevel | undefined;
  readonly reason: string | undefined;
  readonly min: number;
  readonly max: number;
}

export interface CompiledFactor {
  readonly key: FactorKey;
  readonly title: string;
  readonly kind: FactorKind;
  readonly weight: number;
  readonly isForIndividuals: boolean;
  readonly isForCompanies: boolean;
  readonly missing: MissingTreatment;
  readonly unknownScore: number;
  /** Active values by code as configured, and by lower-cased code for facts in another case. Archived values are left out: they score as unknown. */
  readonly byExactCode: ReadonlyMap<string, CompiledValue>;
  readonly byCode: ReadonlyMap<string, CompiledValue>;
  /** Active band values by ascending min (band and hit-band factors). */
  readonly bands: readonly CompiledValue[];
  readonly hitBands: ReadonlyMap<HitType, readonly CompiledValue[]>;
  readonly noHit: CompiledValue | undefined;
  readonly extract: FactExtractor;
}

export interface CompiledRiskModel {
  readonly version: string;
  readonly wordListVersion: string;
  /** Active factors in configuration order. */
  readonly factors: readonly CompiledFactor[];
  readonly thresholds: Readonly<RiskThresholds>;
  readonly factorLevelThresholds: Readonly<RiskThresholds>;
  readonly rules: readonly OverrideRule[];
  readonly reviewIntervalYears: Readonly<Record<'low' | 'medium' | 'high', number>>;
  readonly enhancedDueDiligenceFrom: RiskLevel;
  /** Lower-cased active stop words, for the screening normaliser. */
  readonly stopWords: ReadonlySet<string>;
  /** Lower-cased variant → canonical word, for the screening normaliser. */
  readonly variantWords: ReadonlyMap<string, string>;
  /** The parsed configuration the model was built from (a copy; the caller's object is never kept). */
  readonly config: RiskConfig;
}

/** Validates (throws a ZodError on an invalid configuration) and compiles. */
export function compileRiskModel(input: unknown): CompiledRiskModel {
  const config = parseRiskConfig(input);
  const model: CompiledRiskModel = {
    version: versionRiskConfig(config),
    wordListVersion: versionWordLists(config),
    factors: config.factors.filter((factor) => factor.isActive).map((factor) => Object.freeze(compileFactor(factor))),
    thresholds: Object.freeze({ mediumFrom: config.thresholds.mediumFrom, highFrom: config.thresholds.highFrom }),
    factorLevelThresholds: Object.freeze({
      mediumFrom: (config.factorLevelThresholds ?? config.thresholds).mediumFrom,
      highFrom: (config.factorLevelThresholds ?? config.thresholds).highFrom,
    }),
    rules: Object.freeze(config.overrideRules.filter((rule) => rule.isActive)),
    reviewIntervalYears: Object.freeze({
      low: config.reviewIntervalYears.low,
      medium: config.reviewIntervalYears.medium,
      high: config.reviewIntervalYears.high,
    }),
    enhancedDueDiligenceFrom: config.enhancedDueDiligenceFrom,
    stopWords: new Set(config.stopWords.filter((entry) => entry.isActive).map((entry) => entry.word.toLowerCase())),
    variantWords: new Map(
      config.variantWords.filter((entry) => entry.isActive).map((entry) => [entry.word.toLowerCase(), entry.canonical.toLowerCase()]),
    ),
    config: deepFreeze(config),
  };
  return Object.freeze(model);
}

function compileFactor(factor: RiskConfig['factors'][number]): CompiledFactor {
  const active = factor.values.filter((value) => value.isActive).map(compileValue);
  const bands = active.filter((value) => value.code !== NO_HIT_CODE && Number.isFinite(value.min)).toSorted((a, b) => a.min - b.min);
  const hitBands = new Map<HitType, CompiledValue[]>();
  for (const value of factor.values) {
    if (!value.isActive || !value.hitType || value.min === undefined) continue;
    const list = hitBands.get(value.hitType) ?? [];
    list.push(compileValue(value));
    hitBands.set(value.hitType, list);
  }
  for (const list of hitBands.values()) list.sort((a, b) => a.min - b.min);
  const byCode = new Map(active.map((value) => [value.code.toLowerCase(), value] as const));
  return {
    key: factor.key,
    title: factor.title,
    kind: factor.kind,
    weight: factor.weight,
    isForIndividuals: factor.appliesTo.includes('individual'),
    isForCompanies: factor.appliesTo.includes('company'),
    missing: factor.missing,
    unknownScore: factor.unknownScore,
    byExactCode: new Map(active.map((value) => [value.code, value] as const)),
    byCode,
    bands,
    hitBands,
    noHit: byCode.get(NO_HIT_CODE),
    extract: getFactExtractor(factor.key),
  };
}

function compileValue(value: FactorValue): CompiledValue {
  return Object.freeze({
    code: value.code,
    title: value.title,
    score: value.score,
    overrideTo: value.overrideTo,
    reason: value.reason,
    min: value.min ?? Number.NaN,
    max: value.max ?? Number.POSITIVE_INFINITY,
  });
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
