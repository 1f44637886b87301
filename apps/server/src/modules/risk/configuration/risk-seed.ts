/**
 * A data segment's risk configuration starts as the engine's documented defaults
 * (createDefaultRiskConfig). Segment provisioning calls seedRiskConfiguration in the transaction
 * that creates the segment; segments created before the risk module are seeded at start-up
 * (seedMissingRiskConfigurations). A read never seeds: until a segment is seeded, its settings
 * read as the defaults (docs/decisions/risk-configuration.md).
 */
import { createDefaultRiskConfig } from '@sanad/risk/defaults/default-risk-config';
import type { RiskConfigInput } from '@sanad/risk/risk-config.schema';
import type { Database, Queryable } from '../../../platform/db/database';
import { insertFactorValues, type FactorValueFields } from '../table-pages/factor-values.repository';
import { insertOverrideRules } from '../table-pages/override-rules.repository';
import { commitConfigChange } from './risk-config-change';
import { hasConfiguration, insertSettings, listSegmentsWithoutConfiguration } from './risk-config.repository';
import { insertFactors } from '../table-pages/risk-factors.repository';
import { insertStopWords, insertVariantWords } from '../table-pages/risk-words.repository';
import { systemSegment, type SegmentRef } from '../segment-ref';

type ValueInput = RiskConfigInput['factors'][number]['values'][number];

const statusOf = (isActive: boolean | undefined) => (isActive === false ? 'archived' : 'active');

function toValueFields(value: ValueInput): FactorValueFields {
  return {
    code: value.code,
    title: value.title,
    score: value.score,
    status: statusOf(value.isActive),
    overrideTo: value.overrideTo ?? null,
    min: value.min ?? null,
    max: value.max ?? null,
    hitType: value.hitType ?? null,
    reason: value.reason ?? null,
    source: value.source ?? null,
  };
}

async function writeConfiguration(tx: Queryable, segment: SegmentRef, config: RiskConfigInput): Promise<boolean> {
  const isNew = await insertSettings(tx, segment, {
    thresholds: config.thresholds,
    factorLevelThresholds: config.factorLevelThresholds ?? null,
    enhancedDueDiligenceFrom: config.enhancedDueDiligenceFrom ?? 'high',
    reviewIntervalYears: config.reviewIntervalYears,
    references: config.references ?? [],
  });
  if (!isNew) return false;
  await insertFactors(
    tx,
    segment,
    config.factors.map((factor) => ({
      key: factor.key,
      kind: factor.kind,
      title: factor.title,
      weight: factor.weight,
      status: statusOf(factor.isActive),
      appliesTo: factor.appliesTo,
      missing: factor.missing,
      unknownScore: factor.unknownScore,
      reason: factor.reason ?? null,
      source: factor.source ?? null,
    })),
  );
  for (const factor of config.factors) await insertFactorValues(tx, segment, factor.key, factor.values.map(toValueFields));
  await insertOverrideRules(
    tx,
    segment,
    (config.overrideRules ?? []).map((rule) => ({
      code: rule.code,
      title: rule.title,
      overrideTo: rule.overrideTo,
      appliesTo: rule.appliesTo,
      when: rule.when.kind === 'screening-hit' ? { ...rule.when, minScore: rule.when.minScore ?? 0 } : rule.when,
      status: statusOf(rule.isActive),
      reason: rule.reason ?? null,
      source: rule.source ?? null,
    })),
  );
  await insertStopWords(
    tx,
    segment,
    (config.stopWords ?? []).map((entry) => ({ word: entry.word, status: statusOf(entry.isActive) })),
  );
  await insertVariantWords(
    tx,
    segment,
    (config.variantWords ?? []).map((entry) => ({ word: entry.word, canonical: entry.canonical, status: statusOf(entry.isActive) })),
  );
  return true;
}

/**
 * Gives a new data segment the default risk configuration and records it as version 1. Call it in
 * the transaction that creates the segment. Does nothing if the segment already has one.
 */
export async function seedRiskConfiguration(tx: Queryable, dataSegmentId: string): Promise<void> {
  const segment = systemSegment(dataSegmentId);
  if (!(await writeConfiguration(tx, segment, createDefaultRiskConfig()))) return;
  await commitConfigChange(tx, segment, {
    page: 'risk',
    action: 'seeded_risk_configuration',
    summary: 'Default risk configuration (FATF and EU lists, documented defaults)',
    actor: null,
  });
}

/**
 * Seeds a segment that has no configuration yet, inside a change's transaction: a change to an
 * unseeded segment starts from the defaults it reads.
 */
export async function ensureRiskConfiguration(tx: Queryable, segment: SegmentRef): Promise<void> {
  if (!(await hasConfiguration(tx, segment))) await seedRiskConfiguration(tx, segment.segmentId);
}

/**
 * At start-up: seeds every data segment that has none (segments created before the risk module),
 * one transaction each. Safe when several processes start at once: a segment seeded by another is
 * left as it is.
 */
export async function seedMissingRiskConfigurations(db: Database): Promise<number> {
  const segmentIds = await listSegmentsWithoutConfiguration(db);
  for (const segmentId of segmentIds) await db.transaction((tx) => seedRiskConfiguration(tx, segmentId));
  return segmentIds.length;
}
