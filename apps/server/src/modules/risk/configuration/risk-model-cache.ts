/**
 * Compiled risk models, shared by every rating made with one configuration. Compiling validates and
 * builds lookups (50–100 ms on the default configuration), so it happens once per content version;
 * the version is a content hash, so every replica agrees on what a key means and nothing needs
 * invalidating: a change makes a new key.
 */
import { createDefaultRiskConfig } from '@sanad/risk/defaults/default-risk-config';
import { compileRiskModel, type CompiledRiskModel } from '@sanad/risk/risk-model-compiler';
import type { Database, Queryable } from '../../../platform/db/database';
import { findSettings, findSnapshot } from './risk-config.repository';
import { ensureRiskConfiguration } from './risk-seed';
import type { SegmentRef } from '../segment-ref';

const MAX_MODELS = 32;
const models = new Map<string, CompiledRiskModel>();
let defaultModel: CompiledRiskModel | null = null;

function remember(key: string, model: CompiledRiskModel): CompiledRiskModel {
  models.delete(key);
  models.set(key, model);
  while (models.size > MAX_MODELS) {
    const oldest = models.keys().next().value;
    if (oldest === undefined) break;
    models.delete(oldest);
  }
  return model;
}

async function compileStored(db: Queryable, segment: SegmentRef, version: string, wordListVersion?: string): Promise<CompiledRiskModel> {
  const key = wordListVersion ? `${version}/${wordListVersion}` : version;
  const cached = models.get(key);
  if (cached) return remember(key, cached);
  const config = await findSnapshot(db, segment, version, wordListVersion);
  if (!config) throw new Error(`no stored risk configuration ${key} for segment ${segment.segmentId}`);
  const model = compileRiskModel(config);
  if (model.version !== version) throw new Error(`stored risk configuration ${version} hashes to ${model.version}`);
  return remember(key, model);
}

/** The engine's documented defaults, compiled once: what an unseeded segment reads and is rated with. */
export function getDefaultModel(): CompiledRiskModel {
  defaultModel ??= compileRiskModel(createDefaultRiskConfig());
  return defaultModel;
}

/**
 * The model in force for a segment. A segment without a configuration is seeded first, unless
 * `isReadOnly` (the simulation), which rates with the defaults it would be seeded with and writes nothing.
 */
export async function getCurrentModel(
  db: Database | Queryable,
  segment: SegmentRef,
  options: { isReadOnly?: boolean } = {},
): Promise<CompiledRiskModel> {
  let settings = await findSettings(db, segment);
  if (!settings) {
    if (options.isReadOnly) return getDefaultModel();
    if ('transaction' in db) await db.transaction((tx) => ensureRiskConfiguration(tx, segment));
    else await ensureRiskConfiguration(db, segment);
    settings = await findSettings(db, segment);
    if (!settings) throw new Error(`risk configuration of segment ${segment.segmentId} was not seeded`);
  }
  return compileStored(db, segment, settings.version, settings.wordListVersion);
}

/** The model of an earlier version (a re-rating run keeps rating with the version it started with). */
export async function getModelForVersion(db: Queryable, segment: SegmentRef, version: string): Promise<CompiledRiskModel> {
  return compileStored(db, segment, version);
}
