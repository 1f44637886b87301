import { describe, expect, it } from 'vitest';
import { RiskConfigSchema } from './risk-config.schema';
import { buildTestConfig, findFactor } from './test-support/risk-config-factory';

function issuesOf(config: unknown): string[] {
  const result = RiskConfigSchema.safeParse(config);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('risk configuration schema', () => {
  it('accepts the test configuration and fills in active flags', () => {
    const parsed = RiskConfigSchema.parse(buildTestConfig());
    expect(parsed.factors[1]?.values[0]?.isActive).toBe(true);
    expect(parsed.enhancedDueDiligenceFrom).toBe('high');
  });

  it('rejects a duplicate value code within a factor', () => {
    const config = buildTestConfig((draft) => void findFactor(draft, 'industry').values.push({ code: 'it', title: 'Again', score: 1 }));
    expect(issuesOf(config)).toContain('factors.1.values.2.code: Duplicate code it');
  });

  it('rejects the same factor twice', () => {
    const config = buildTestConfig((draft) => void draft.factors.push({ ...findFactor(draft, 'industry') }));
    expect(issuesOf(config).join()).toMatch(/Duplicate factor industry/);
  });

  it('rejects a medium threshold that is not below the high threshold', () => {
    expect(issuesOf(buildTestConfig((draft) => void (draft.thresholds = { mediumFrom: 60, highFrom: 60 })))).toEqual([
      'thresholds.highFrom: mediumFrom must be below highFrom',
    ]);
  });

  it('rejects a score outside 0 to 100 and a negative weight', () => {
    const config = buildTestConfig((draft) => {
      findFactor(draft, 'industry').values[0]!.score = 101;
      findFactor(draft, 'channel').weight = -1;
    });
    expect(issuesOf(config)).toHaveLength(2);
  });

  it('rejects a built-in factor of the wrong kind and a band value without min', () => {
    const config = buildTestConfig((draft) => {
      findFactor(draft, 'country').kind = 'band';
      findFactor(draft, 'aum').values[0]!.min = undefined;
    });
    const issues = issuesOf(config).join('\n');
    expect(issues).toMatch(/country is a code factor/);
    expect(issues).toMatch(/needs min/);
  });

  it('rejects an unknown factor key but accepts a custom field factor', () => {
    const unknown = buildTestConfig((draft) => void (findFactor(draft, 'industry').key = 'shoeSize' as 'industry'));
    const custom = buildTestConfig((draft) => void (findFactor(draft, 'industry').key = 'custom:sourceOfFunds'));
    expect(issuesOf(unknown).join()).toMatch(/Unknown risk factor/);
    expect(issuesOf(custom)).toEqual([]);
  });

  it('rejects a configuration in which no active factor has weight', () => {
    const config = buildTestConfig((draft) => {
      for (const factor of draft.factors) factor.weight = 0;
    });
    expect(issuesOf(config).join()).toMatch(/weight above 0/);
  });

  it('rejects a name-screening band without a hit type', () => {
    const config = buildTestConfig(
      (draft) => void findFactor(draft, 'nameScreening').values.push({ code: 'odd', title: 'Odd', min: 0, score: 5 }),
    );
    expect(issuesOf(config).join()).toMatch(/needs hitType/);
  });
});
