import { describe, expect, it } from 'vitest';
import { rateCustomer } from './rate-customer';
import { compileRiskModel } from './risk-model-compiler';
import { NOW, buildTestConfig, buildTestFacts, findFactor } from './test-support/risk-config-factory';

const model = compileRiskModel(buildTestConfig());

function rowOf(rating: ReturnType<typeof rateCustomer>, factor: string) {
  const row = rating.riskTable.find((candidate) => candidate.factor === factor);
  if (!row) throw new Error(`no row for ${factor}`);
  return row;
}

function rateWithBands(mediumFrom: number, highFrom: number) {
  const banded = compileRiskModel(buildTestConfig((config) => void (config.thresholds = { mediumFrom, highFrom })));
  return rateCustomer(banded, buildTestFacts(), { now: NOW });
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}

describe('weighted score', () => {
  it('weights each factor score and divides by the weights that counted', () => {
    const rating = rateCustomer(model, buildTestFacts(), { now: NOW });
    expect(rating.totalScore).toBe(32);
    expect(rating.scoreLevel).toBe('medium');
    expect(rowOf(rating, 'country')).toMatchObject({
      riskFactor: 'Country',
      value: 'Pakistan',
      score: 20,
      level: 'low',
      weight: 2,
      weightShare: 0.4,
      contribution: 8,
      status: 'scored',
    });
    expect(rowOf(rating, 'industry')).toMatchObject({ value: 'Money service business', score: 90, level: 'high', contribution: 18 });
  });

  it('leaves out an excluded factor with no fact and renormalises the other weights', () => {
    const rating = rateCustomer(model, buildTestFacts({ industry: undefined }), { now: NOW });
    expect(rating.totalScore).toBe(17.5);
    expect(rowOf(rating, 'industry')).toMatchObject({ status: 'missing-excluded', score: null, level: null, weightShare: 0 });
    expect(rowOf(rating, 'country').weightShare).toBe(0.5);
  });

  it("scores a missing fact as the factor's unknown score when the factor says so", () => {
    const rating = rateCustomer(model, buildTestFacts({ countryOfResidence: undefined }), { now: NOW });
    expect(rowOf(rating, 'country')).toMatchObject({ status: 'missing-scored', value: 'Unknown', score: 80 });
    expect(rating.totalScore).toBe((160 + 90 + 20 + 10) / 5);
  });

  it('scores a value that is not in the table as unknown rather than as zero', () => {
    const rating = rateCustomer(model, buildTestFacts({ countryOfResidence: 'ZZ' }), { now: NOW });
    expect(rowOf(rating, 'country')).toMatchObject({
      status: 'unmatched',
      score: 80,
      values: [{ code: 'ZZ', isMatched: false, score: 80 }],
    });
  });

  it('treats an archived value like one that is not in the table', () => {
    const rating = rateCustomer(model, buildTestFacts({ countryOfResidence: 'XX' }), { now: NOW });
    expect(rowOf(rating, 'country')).toMatchObject({ status: 'unmatched', score: 80 });
  });

  it('matches codes without regard to case', () => {
    const rating = rateCustomer(model, buildTestFacts({ countryOfResidence: 'pk' }), { now: NOW });
    expect(rowOf(rating, 'country')).toMatchObject({ status: 'scored', value: 'Pakistan' });
  });

  it('scores the worst of several values and lists them worst first', () => {
    const rating = rateCustomer(model, buildTestFacts({ countryOfResidence: 'GB', countryOfIncorporation: 'IR' }), { now: NOW });
    const row = rowOf(rating, 'country');
    expect(row.score).toBe(100);
    expect(row.values.map((value) => value.code)).toEqual(['IR', 'GB']);
  });

  it('places amounts in bands closed below and open above', () => {
    const small = rateCustomer(model, buildTestFacts({ assetsUnderManagement: 999.99 }), { now: NOW });
    const large = rateCustomer(model, buildTestFacts({ assetsUnderManagement: 1000 }), { now: NOW });
    const byCode = rateCustomer(model, buildTestFacts({ assetsUnderManagement: 'aum-large' }), { now: NOW });
    expect(rowOf(small, 'aum').value).toBe('Below 1,000');
    expect(rowOf(large, 'aum').value).toBe('1,000 or more');
    expect(rowOf(byCode, 'aum').score).toBe(80);
  });

  it('does not use a factor for a subject type it does not apply to', () => {
    const rating = rateCustomer(model, buildTestFacts({ subjectType: 'company' }), { now: NOW });
    expect(rowOf(rating, 'pep')).toMatchObject({ status: 'not-applicable', score: null });
    expect(rating.totalScore).toBe((40 + 90 + 20) / 4);
  });

  it('rates high when nothing at all could be scored', () => {
    const onlyExcluded = compileRiskModel(
      buildTestConfig((config) => {
        config.factors = config.factors.filter((factor) => factor.key === 'industry');
      }),
    );
    const rating = rateCustomer(onlyExcluded, { subjectType: 'individual' }, { now: NOW });
    expect(rating.totalScore).toBeNull();
    expect(rating.level).toBe('high');
  });

  it('scores a custom registration field through a custom factor', () => {
    const custom = compileRiskModel(
      buildTestConfig((config) => {
        config.factors.push({
          key: 'custom:cashDeposits',
          title: 'Expects cash deposits',
          kind: 'code',
          weight: 5,
          appliesTo: ['individual'],
          missing: 'exclude',
          unknownScore: 50,
          values: [
            { code: 'yes', title: 'Yes', score: 90 },
            { code: 'no', title: 'No', score: 10 },
          ],
        });
      }),
    );
    const rating = rateCustomer(custom, buildTestFacts({ custom: { cashDeposits: true } }), { now: NOW });
    expect(rowOf(rating, 'custom:cashDeposits')).toMatchObject({ value: 'Yes', score: 90 });
    expect(rating.totalScore).toBe((160 + 450) / 10);
  });

  describe('a custom multi-select field', () => {
    const funds = compileRiskModel(
      buildTestConfig((config) => {
        config.factors.push({
          key: 'custom:sourceOfFunds',
          title: 'Source of funds',
          kind: 'code',
          weight: 5,
          appliesTo: ['individual'],
          missing: 'exclude',
          unknownScore: 50,
          values: [
            { code: 'salary', title: 'Salary', score: 10 },
            { code: 'crypto', title: 'Crypto trading', score: 80, overrideTo: 'high', reason: 'Unregulated funds' },
            { code: 'gift', title: 'Gift', score: 40 },
          ],
        });
      }),
    );
    const rate = (answer: string[]) => rateCustomer(funds, buildTestFacts({ custom: { sourceOfFunds: answer } }), { now: NOW });

    it('scores every chosen option and counts the highest, as with several nationalities', () => {
      const row = rowOf(rate(['salary', 'crypto', 'gift']), 'custom:sourceOfFunds');
      expect(row).toMatchObject({ value: 'Crypto trading', score: 80, status: 'scored' });
      expect(row.values.map((value) => [value.code, value.score])).toEqual([
        ['crypto', 80],
        ['gift', 40],
        ['salary', 10],
      ]);
      expect(rowOf(rate(['salary']), 'custom:sourceOfFunds')).toMatchObject({ value: 'Salary', score: 10 });
    });

    it("applies the override of any chosen option and scores an option the table lacks at the factor's unknown score", () => {
      const overridesOf = (answer: string[]) => rate(answer).overrideTable.filter((row) => row.factor === 'custom:sourceOfFunds');
      expect(overridesOf(['salary', 'crypto'])).toEqual([expect.objectContaining({ overrideTo: 'high', reason: 'Unregulated funds' })]);
      expect(overridesOf(['salary'])).toEqual([]);
      const unknown = rowOf(rate(['salary', 'lottery']), 'custom:sourceOfFunds');
      expect(unknown).toMatchObject({ value: 'lottery', score: 50, status: 'unmatched' });
    });

    it('treats no option chosen as a missing answer', () => {
      expect(rowOf(rate([]), 'custom:sourceOfFunds')).toMatchObject({ score: null, status: 'missing-excluded' });
    });
  });
});

describe('thresholds', () => {
  it('puts a total equal to mediumFrom in medium and one just below it in low', () => {
    expect(rateWithBands(32, 60).level).toBe('medium');
    expect(rateWithBands(32.01, 60).level).toBe('low');
  });

  it('puts a total equal to highFrom in high and one just below it in medium', () => {
    expect(rateWithBands(10, 32).level).toBe('high');
    expect(rateWithBands(10, 32.01).level).toBe('medium');
  });

  it('reports the thresholds it used', () => {
    expect(rateWithBands(25, 50).thresholds).toEqual({ mediumFrom: 25, highFrom: 50 });
  });

  it('places factor rows in their own bands when the configuration gives them', () => {
    const separate = compileRiskModel(buildTestConfig((config) => void (config.factorLevelThresholds = { mediumFrom: 50, highFrom: 95 })));
    const rating = rateCustomer(separate, buildTestFacts(), { now: NOW });
    expect(rowOf(rating, 'industry').level).toBe('medium');
    expect(rating.factorLevelThresholds).toEqual({ mediumFrom: 50, highFrom: 95 });
  });
});

describe('overrides', () => {
  it('raises a low total to the level a factor value forces and says why', () => {
    const rating = rateCustomer(model, buildTestFacts({ industry: 'it', countryOfResidence: 'IR' }), { now: NOW });
    expect(rating.scoreLevel).toBe('medium');
    expect(rating.level).toBe('high');
    expect(rating.overrideTable).toEqual([
      {
        source: 'factor-value',
        code: 'IR',
        factor: 'country',
        riskFactorOverride: 'Country: Iran',
        overrideTo: 'high',
        level: 'high',
        isRaised: true,
        reason: 'FATF call for action',
      },
    ]);
  });

  it('rates a declared PEP high however low the score', () => {
    const rating = rateCustomer(model, buildTestFacts({ industry: 'it', pepAnswers: { anyPublicPos: true } }), { now: NOW });
    expect(rating.scoreLevel).not.toBe('high');
    expect(rating.level).toBe('high');
    expect(rating.overrideTable.map((row) => row.riskFactorOverride)).toEqual(['PEP declaration: Holds a public position']);
  });

  it('rates a company with an insolvency history high, and ignores the flag on an individual', () => {
    const flags = { registryFlags: { hasInsolvencyHistory: true }, industry: 'it' };
    const company = rateCustomer(model, buildTestFacts({ ...flags, subjectType: 'company' }), { now: NOW });
    const person = rateCustomer(model, buildTestFacts(flags), { now: NOW });
    expect(company.level).toBe('high');
    expect(company.overrideTable[0]).toMatchObject({ source: 'rule', code: 'insolvency', level: 'high' });
    expect(person.overrideTable).toEqual([]);
  });

  it('marks a later override as not raising when an earlier one already reached its level', () => {
    const lenient = compileRiskModel(buildTestConfig((config) => void (config.thresholds = { mediumFrom: 95, highFrom: 99 })));
    const rating = rateCustomer(lenient, buildTestFacts({ countryOfResidence: 'IR', pepAnswers: { anyPublicPos: true } }), { now: NOW });
    expect(rating.scoreLevel).toBe('low');
    expect(rating.overrideTable.map((row) => [row.code, row.isRaised, row.level])).toEqual([
      ['IR', true, 'high'],
      ['anyPublicPos', false, 'high'],
    ]);
  });

  it('rates a confirmed sanction hit as sanction', () => {
    const rating = rateCustomer(model, buildTestFacts({ screeningHits: [{ hitType: 'sanction', score: 72, determination: 'genuine' }] }), {
      now: NOW,
    });
    expect(rating.level).toBe('sanction');
    expect(rowOf(rating, 'nameScreening')).toMatchObject({ value: 'Sanction hit 85+', score: 100 });
    expect(rating.overrideTable.at(-1)).toMatchObject({ source: 'confirmed-sanction', overrideTo: 'sanction', level: 'sanction' });
    expect(rating.nextReviewDate).toBeNull();
    expect(rating.isEddRequired).toBe(true);
  });

  it('scores an open sanction hit by its match score without rating it sanction', () => {
    const rating = rateCustomer(model, buildTestFacts({ screeningHits: [{ hitType: 'sanction', score: 90 }] }), { now: NOW });
    expect(rowOf(rating, 'nameScreening')).toMatchObject({ value: 'Sanction hit 85+', score: 100 });
    expect(rating.level).not.toBe('sanction');
  });

  it('does not count hits reviewed as false positives', () => {
    const rating = rateCustomer(
      model,
      buildTestFacts({ screeningHits: [{ hitType: 'sanction', score: 99, determination: 'false-positive' }] }),
      { now: NOW },
    );
    expect(rowOf(rating, 'nameScreening')).toMatchObject({ value: 'No hit', score: 10 });
    expect(rating.level).not.toBe('sanction');
  });

  it('applies a genuine-only hit rule to a confirmed hit and not to an open one', () => {
    const open = rateCustomer(model, buildTestFacts({ industry: 'it', screeningHits: [{ hitType: 'pep', score: 95 }] }), { now: NOW });
    const genuine = rateCustomer(
      model,
      buildTestFacts({ industry: 'it', screeningHits: [{ hitType: 'pep', score: 95, determination: 'genuine' }] }),
      { now: NOW },
    );
    expect(open.overrideTable).toEqual([]);
    expect(genuine.level).toBe('high');
    expect(genuine.overrideTable[0]?.riskFactorOverride).toBe('Confirmed PEP hit');
  });

  it('ignores an inactive rule', () => {
    const inactive = compileRiskModel(buildTestConfig((config) => void (config.overrideRules![0]!.isActive = false)));
    const rating = rateCustomer(
      inactive,
      buildTestFacts({ subjectType: 'company', industry: 'it', registryFlags: { hasInsolvencyHistory: true } }),
      { now: NOW },
    );
    expect(rating.overrideTable).toEqual([]);
  });
});

describe('manual overwrite', () => {
  it('sets the level and records the reason, who, when and the level it replaced', () => {
    const rating = rateCustomer(model, buildTestFacts(), {
      now: NOW,
      manualOverwrite: { level: 'low', reason: 'Long-standing customer, source of funds evidenced', by: 'user-7', at: NOW },
    });
    expect(rating.computedLevel).toBe('medium');
    expect(rating.level).toBe('low');
    expect(rating.manualOverwrite).toEqual({
      level: 'low',
      reason: 'Long-standing customer, source of funds evidenced',
      by: 'user-7',
      at: NOW,
      previousLevel: 'medium',
      isApplied: true,
      refusal: null,
    });
    expect(rating.nextReviewDate).toBe('2030-03-15');
  });

  it('refuses an overwrite without a reason', () => {
    expect(() => rateCustomer(model, buildTestFacts(), { now: NOW, manualOverwrite: { level: 'low', reason: '  ' } })).toThrow(/reason/);
  });

  it('does not lower a confirmed sanction hit, and says so', () => {
    const rating = rateCustomer(model, buildTestFacts({ screeningHits: [{ hitType: 'sanction', score: 99, determination: 'genuine' }] }), {
      now: NOW,
      manualOverwrite: { level: 'low', reason: 'Looks like a namesake' },
    });
    expect(rating.level).toBe('sanction');
    expect(rating.manualOverwrite).toMatchObject({ isApplied: false, refusal: expect.stringMatching(/not relevant/) });
  });

  it('keeps enhanced due diligence that an override required when the level is overwritten lower', () => {
    const rating = rateCustomer(model, buildTestFacts({ pepAnswers: { anyPublicPos: true } }), {
      now: NOW,
      manualOverwrite: { level: 'medium', reason: 'Local councillor, low influence' },
    });
    expect(rating.level).toBe('medium');
    expect(rating.isEddRequired).toBe(true);
  });

  it('drops enhanced due diligence when a score-only high is overwritten lower', () => {
    const scoreHigh = rateCustomer(model, buildTestFacts({ countryOfResidence: 'ZZ', isFaceToFace: false }), { now: NOW });
    const overwritten = rateCustomer(model, buildTestFacts({ countryOfResidence: 'ZZ', isFaceToFace: false }), {
      now: NOW,
      manualOverwrite: { level: 'medium', reason: 'Country code is a data-entry error' },
    });
    expect(scoreHigh).toMatchObject({ level: 'high', isEddRequired: true });
    expect(overwritten).toMatchObject({ level: 'medium', isEddRequired: false });
  });
});

describe('enhanced due diligence and periodic review', () => {
  it('requires enhanced due diligence at high and not at medium', () => {
    expect(rateCustomer(model, buildTestFacts({ countryOfResidence: 'IR' }), { now: NOW }).isEddRequired).toBe(true);
    expect(rateCustomer(model, buildTestFacts(), { now: NOW }).isEddRequired).toBe(false);
  });

  it('requires it from medium when the configuration sets that floor', () => {
    const strict = compileRiskModel(buildTestConfig((config) => void (config.enhancedDueDiligenceFrom = 'medium')));
    expect(rateCustomer(strict, buildTestFacts(), { now: NOW }).isEddRequired).toBe(true);
  });

  it('sets the next review from the interval of the final level', () => {
    const low = rateCustomer(model, buildTestFacts({ industry: 'it' }), { now: NOW });
    const medium = rateCustomer(model, buildTestFacts(), { now: NOW });
    const high = rateCustomer(model, buildTestFacts({ countryOfResidence: 'IR' }), { now: NOW });
    expect([low.level, low.reviewIntervalYears, low.nextReviewDate]).toEqual(['low', 5, '2030-03-15']);
    expect([medium.level, medium.nextReviewDate]).toEqual(['medium', '2028-03-15']);
    expect([high.level, high.nextReviewDate]).toEqual(['high', '2026-03-15']);
    expect(high.ratedAt).toBe(NOW);
  });

  it('refuses a rating time that is not a date', () => {
    expect(() => rateCustomer(model, buildTestFacts(), { now: 'yesterday' })).toThrow(RangeError);
  });
});

describe('purity', () => {
  it('changes neither the configuration nor the facts it is given', () => {
    const config = deepFreeze(buildTestConfig());
    const facts = deepFreeze(buildTestFacts({ screeningHits: [{ hitType: 'pep', score: 80 }], products: ['a'] }));
    const frozenModel = compileRiskModel(config);
    expect(() => rateCustomer(frozenModel, facts, { now: NOW, manualOverwrite: { level: 'high', reason: 'check' } })).not.toThrow();
    expect(facts.screeningHits).toEqual([{ hitType: 'pep', score: 80 }]);
  });

  it("does not freeze or keep the caller's configuration object", () => {
    const config = buildTestConfig();
    const compiled = compileRiskModel(config);
    expect(Object.isFrozen(config)).toBe(false);
    findFactor(config, 'country').weight = 50;
    expect(rateCustomer(compiled, buildTestFacts(), { now: NOW }).totalScore).toBe(32);
  });

  it('gives the same rating for the same inputs', () => {
    const facts = buildTestFacts({ countryOfResidence: 'IR', screeningHits: [{ hitType: 'sanction', score: 50 }] });
    expect(rateCustomer(model, facts, { now: NOW })).toEqual(rateCustomer(compileRiskModel(buildTestConfig()), facts, { now: NOW }));
  });
});
