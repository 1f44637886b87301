/**
 * Builds the engine's configuration (RiskConfigInput) from a segment's rows, in table order. The
 * same function serves versioning (every change is validated and hashed from what is stored) and
 * the CSV export, so what the engine rates with and what the screens show cannot differ.
 */
import type { TFactorValueRow } from '@sanad/contracts/risk-configuration';
import type { RiskConfigInput } from '@sanad/risk/risk-config.schema';
import type { Queryable } from '../../../platform/db/database';
import { listAllFactorValues } from '../table-pages/factor-values.repository';
import { listAllOverrideRules } from '../table-pages/override-rules.repository';
import { findSettings } from './risk-config.repository';
import { listAllFactors } from '../table-pages/risk-factors.repository';
import { listAllStopWords, listAllVariantWords } from '../table-pages/risk-words.repository';
import type { SegmentRef } from '../segment-ref';

type FactorInput = RiskConfigInput['factors'][number];
type ValueInput = FactorInput['values'][number];

/** Optional notes are left out rather than null, so stored and default content hash alike. */
function notes(reason: string | null, source: string | null): { reason?: string; source?: string } {
  return { ...(reason ? { reason } : {}), ...(source ? { source } : {}) };
}

export function toEngineValue(row: TFactorValueRow): ValueInput {
  return {
    code: row.code,
    title: row.title,
    score: row.score,
    isActive: row.status === 'active',
    ...(row.overrideTo ? { overrideTo: row.overrideTo } : {}),
    ...(row.min !== null ? { min: row.min } : {}),
    ...(row.max !== null ? { max: row.max } : {}),
    ...(row.hitType ? { hitType: row.hitType } : {}),
    ...notes(row.reason, row.source),
  };
}

/** The configuration as stored, or null when the segment has none yet. */
export async function loadConfigInput(db: Queryable, segment: SegmentRef): Promise<RiskConfigInput | null> {
  const settings = await findSettings(db, segment);
  if (!settings) return null;
  const factors = await listAllFactors(db, segment);
  const values = await listAllFactorValues(db, segment);
  const rules = await listAllOverrideRules(db, segment);
  const stopWords = await listAllStopWords(db, segment);
  const variantWords = await listAllVariantWords(db, segment);

  const valuesByFactor = new Map<string, ValueInput[]>();
  for (const value of values) {
    const list = valuesByFactor.get(value.factorKey) ?? [];
    list.push(toEngineValue(value));
    valuesByFactor.set(value.factorKey, list);
  }
  return {
    schemaVersion: 1,
    factors: factors.map((factor): FactorInput => ({
      // The engine's schema checks the key when the configuration is parsed.
      key: factor.key as FactorInput['key'],
      title: factor.title,
      kind: factor.kind,
      weight: factor.weight,
      isActive: factor.status === 'active',
      appliesTo: factor.applies_to,
      missing: factor.missing,
      unknownScore: factor.unknown_score,
      ...notes(factor.reason, factor.source),
      values: valuesByFactor.get(factor.key) ?? [],
    })),
    thresholds: settings.thresholds,
    ...(settings.factorLevelThresholds ? { factorLevelThresholds: settings.factorLevelThresholds } : {}),
    overrideRules: rules.map((rule) => ({
      code: rule.code,
      title: rule.title,
      isActive: rule.status === 'active',
      overrideTo: rule.overrideTo,
      appliesTo: rule.appliesTo,
      when: rule.when,
      ...notes(rule.reason, rule.source),
    })),
    reviewIntervalYears: settings.reviewIntervalYears,
    enhancedDueDiligenceFrom: settings.enhancedDueDiligenceFrom,
    stopWords: stopWords.map((entry) => ({ word: entry.word, isActive: entry.status === 'active' })),
    variantWords: variantWords.map((entry) => ({ word: entry.word, canonical: entry.canonical, isActive: entry.status === 'active' })),
    references: settings.references,
  };
}
