/**
 * Minimum scores per hit type. Sanctions are the hardest legal obligation, so they alert lowest;
 * PEP lists are large and a PEP is not forbidden, so they alert on stronger matches only.
 */
import type { HitType } from '../model';
import type { ScreeningOptions, Thresholds } from './screening-types';

export const DEFAULT_THRESHOLDS: Thresholds = {
  sanction: 78,
  blackList: 78,
  enforcement: 80,
  pep: 85,
};

/** Thresholds for one query: a single `threshold` wins, then per-type overrides, then the base. */
export function resolveThresholds(base: Thresholds, options: ScreeningOptions = {}): Thresholds {
  if (options.threshold !== undefined) {
    const value = clampThreshold(options.threshold);
    return { sanction: value, enforcement: value, blackList: value, pep: value };
  }
  const overrides = options.thresholds ?? {};
  const resolved: Record<HitType, number> = { ...base };
  for (const type of Object.keys(resolved) as HitType[]) {
    const override = overrides[type];
    if (override !== undefined) resolved[type] = clampThreshold(override);
  }
  return resolved;
}

export function lowestThreshold(thresholds: Thresholds): number {
  return Math.min(thresholds.sanction, thresholds.enforcement, thresholds.blackList, thresholds.pep);
}

function clampThreshold(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Threshold must be a number from 0 to 100, got ${value}`);
  return Math.min(100, Math.max(0, value));
}
