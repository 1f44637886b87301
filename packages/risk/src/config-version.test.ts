import { describe, expect, it } from 'vitest';
import { rateCustomer } from './rate-customer';
import { compileRiskModel } from './risk-model-compiler';
import { NOW, buildTestConfig, buildTestFacts, findFactor } from './test-support/risk-config-factory';

describe('configuration versions', () => {
  it('gives the same configuration the same version every time', () => {
    expect(compileRiskModel(buildTestConfig()).version).toBe(compileRiskModel(buildTestConfig()).version);
    expect(compileRiskModel(buildTestConfig()).version).toMatch(/^rc1_[0-9a-f]{20}$/);
  });

  it('gives a new version when any score changes', () => {
    const edited = buildTestConfig((config) => void (findFactor(config, 'country').values[0]!.score = 21));
    expect(compileRiskModel(edited).version).not.toBe(compileRiskModel(buildTestConfig()).version);
  });

  it('gives a new version when a threshold, weight or rule changes', () => {
    const base = compileRiskModel(buildTestConfig()).version;
    const versions = [
      buildTestConfig((config) => void (config.thresholds.highFrom = 61)),
      buildTestConfig((config) => void (findFactor(config, 'industry').weight = 2)),
      buildTestConfig((config) => void (config.overrideRules![0]!.overrideTo = 'sanction')),
      buildTestConfig((config) => void (config.reviewIntervalYears.high = 2)),
    ].map((config) => compileRiskModel(config).version);
    expect(new Set([base, ...versions]).size).toBe(5);
  });

  it('ignores the order of factors and of table rows', () => {
    const reordered = buildTestConfig((config) => {
      config.factors.reverse();
      findFactor(config, 'country').values.reverse();
    });
    expect(compileRiskModel(reordered).version).toBe(compileRiskModel(buildTestConfig()).version);
  });

  it('treats a default written out the same as one left out', () => {
    const explicit = buildTestConfig((config) => {
      for (const value of findFactor(config, 'industry').values) value.isActive = true;
    });
    expect(compileRiskModel(explicit).version).toBe(compileRiskModel(buildTestConfig()).version);
  });

  it('versions word lists apart from the rating configuration', () => {
    const moreWords = buildTestConfig((config) => void config.stopWords?.push({ word: 'dr' }));
    const before = compileRiskModel(buildTestConfig());
    const after = compileRiskModel(moreWords);
    expect(after.version).toBe(before.version);
    expect(after.wordListVersion).not.toBe(before.wordListVersion);
  });

  it('keeps on a rating the version it was made with after the configuration changes', () => {
    const original = compileRiskModel(buildTestConfig());
    const rating = rateCustomer(original, buildTestFacts(), { now: NOW });
    const changed = compileRiskModel(buildTestConfig((config) => void (config.thresholds.mediumFrom = 40)));
    const rerated = rateCustomer(changed, buildTestFacts(), { now: NOW });
    expect(rating.configVersion).toBe(original.version);
    expect(rerated.configVersion).toBe(changed.version);
    expect(rerated.configVersion).not.toBe(rating.configVersion);
    expect([rating.level, rerated.level]).toEqual(['medium', 'low']);
  });
});
