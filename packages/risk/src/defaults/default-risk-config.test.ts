import { describe, expect, it } from 'vitest';
import { RiskConfigSchema } from '../risk-config.schema';
import { BUILT_IN_FACTOR_KEYS } from '../risk-factor.schema';
import { compileRiskModel } from '../risk-model-compiler';
import { rateCustomer } from '../rate-customer';
import type { RiskFacts } from '../risk-facts';
import { createDefaultRiskConfig } from './default-risk-config';
import { EU_HIGH_RISK_THIRD_COUNTRIES, FATF_CALL_FOR_ACTION, FATF_INCREASED_MONITORING, JURISDICTION_LISTS } from './country-risk-lists';
import { ISO_COUNTRIES } from './iso-countries';

const config = RiskConfigSchema.parse(createDefaultRiskConfig());
const model = compileRiskModel(createDefaultRiskConfig());
const NOW = '2025-11-01T00:00:00Z';

function tableOf(key: string) {
  const factor = config.factors.find((candidate) => candidate.key === key);
  if (!factor) throw new Error(`no default table for ${key}`);
  return factor;
}

/** A domestic salaried customer onboarded in branch, screened clean: the most ordinary profile. */
function ordinaryCustomer(change: Partial<RiskFacts> = {}): RiskFacts {
  return {
    subjectType: 'individual',
    nationalities: ['PK'],
    countryOfResidence: 'PK',
    workType: 'salaried-private',
    industry: 'education',
    products: ['savings-account'],
    isFaceToFace: true,
    purposeOfAction: 'savings',
    hasSarHistory: false,
    adverseMedia: 'none',
    pepAnswers: { anyPublicPos: false, relativeTwelveMonths: false },
    documentStatus: 'matched',
    faceMatch: 'matched',
    liveness: 'passed',
    screeningHits: [],
    ...change,
  };
}

describe('default risk configuration', () => {
  it('is a valid configuration with every built-in factor', () => {
    expect(config.factors.map((factor) => factor.key)).toEqual([...BUILT_IN_FACTOR_KEYS]);
  });

  it('has one country and one nationality row for each of the 250 ISO codes', () => {
    const isoCodes = ISO_COUNTRIES.map((country) => country.code).toSorted();
    expect(new Set(isoCodes).size).toBe(250);
    for (const key of ['country', 'nationality']) {
      expect(
        tableOf(key)
          .values.map((value) => value.code)
          .toSorted(),
      ).toEqual(isoCodes);
    }
  });

  it('names only ISO codes in the jurisdiction lists', () => {
    const isoCodes = new Set(ISO_COUNTRIES.map((country) => country.code));
    for (const list of JURISDICTION_LISTS) {
      expect(list.countries.filter((code) => !isoCodes.has(code))).toEqual([]);
    }
  });

  it('gives every factor, value and override rule a reason and a source', () => {
    const missing: string[] = [];
    for (const factor of config.factors) {
      if (!factor.reason || !factor.source) missing.push(factor.key);
      for (const value of factor.values) if (!value.reason || !value.source) missing.push(`${factor.key}/${value.code}`);
    }
    for (const rule of config.overrideRules) if (!rule.reason || !rule.source) missing.push(rule.code);
    expect(missing).toEqual([]);
    expect(config.thresholds.reason).toBeTruthy();
    expect(config.reviewIntervalYears.reason).toBeTruthy();
  });

  it('states the as-of date of each jurisdiction list and that it must be reviewed', () => {
    for (const list of JURISDICTION_LISTS) {
      const reference = config.references.find((candidate) => candidate.id === list.id);
      expect(reference?.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(reference?.note).toMatch(/change several times a year/);
    }
  });

  it('rates a customer living in a FATF call-for-action country high, whatever else is known', () => {
    for (const code of FATF_CALL_FOR_ACTION.countries) {
      expect(rateCustomer(model, ordinaryCustomer({ countryOfResidence: code }), { now: NOW }).level).toBe('high');
      expect(rateCustomer(model, ordinaryCustomer({ nationalities: ['PK', code] }), { now: NOW }).level).toBe('high');
    }
  });

  it('rates residence in a grey-listed or EU-listed country high, and scores such a nationality up without forcing high', () => {
    const listed = [...FATF_INCREASED_MONITORING.countries, ...EU_HIGH_RISK_THIRD_COUNTRIES.countries];
    for (const code of listed) {
      expect(rateCustomer(model, ordinaryCustomer({ countryOfResidence: code }), { now: NOW }).level).toBe('high');
    }
    const greyNationality = rateCustomer(model, ordinaryCustomer({ nationalities: ['KE'] }), { now: NOW });
    expect(greyNationality.riskTable.find((row) => row.factor === 'nationality')?.score).toBe(70);
    expect(greyNationality.overrideTable).toEqual([]);
  });

  it('rates the ordinary domestic customer low and a customer about whom nothing is known high', () => {
    expect(rateCustomer(model, ordinaryCustomer(), { now: NOW }).level).toBe('low');
    expect(rateCustomer(model, { subjectType: 'individual' }, { now: NOW }).level).toBe('high');
  });

  it('rates a filed SAR and a declared PEP high', () => {
    expect(rateCustomer(model, ordinaryCustomer({ hasSarHistory: true }), { now: NOW }).level).toBe('high');
    expect(rateCustomer(model, ordinaryCustomer({ pepAnswers: { relativeTwelveMonths: true } }), { now: NOW }).level).toBe('high');
  });

  it('rates each company registry warning high', () => {
    const flags = [
      'hasInsolvencyHistory',
      'undeliverableRegisteredOfficeAddress',
      'confirmationStatementOverdue',
      'accountsOverdue',
      'registeredOfficeIsInDispute',
    ] as const;
    for (const flag of flags) {
      const company: RiskFacts = {
        subjectType: 'company',
        countryOfResidence: 'GB',
        entityType: 'public-listed',
        registryFlags: { [flag]: true },
      };
      expect(rateCustomer(model, company, { now: NOW }).level).toBe('high');
    }
  });

  it('scores cash-intensive and high-risk industries high', () => {
    const industries = tableOf('industry');
    const highRisk = [
      'money-services',
      'precious-metals-stones',
      'real-estate',
      'gambling',
      'cash-intensive-retail',
      'virtual-assets',
      'arms-defence',
      'used-car-dealers',
    ];
    for (const code of highRisk) {
      expect(industries.values.find((value) => value.code === code)?.score).toBeGreaterThanOrEqual(70);
    }
  });

  it('scores remote onboarding above face to face', () => {
    const channel = tableOf('channel').values;
    const score = (code: string) => channel.find((value) => value.code === code)?.score ?? Number.NaN;
    expect(score('non-face-to-face')).toBeGreaterThan(score('face-to-face'));
  });

  it('reviews high-risk customers yearly, medium every three years and low every five', () => {
    expect(config.reviewIntervalYears).toMatchObject({ high: 1, medium: 3, low: 5 });
  });

  it('gives no weight to gender', () => {
    expect(tableOf('gender').weight).toBe(0);
  });

  it('hands out a fresh copy each time', () => {
    const first = createDefaultRiskConfig();
    first.factors[0]!.values[0]!.score = 99;
    first.thresholds.mediumFrom = 1;
    expect(compileRiskModel(createDefaultRiskConfig()).version).toBe(model.version);
  });

  it('compiles its stop-words and variant-words for the screening normaliser', () => {
    expect(model.stopWords.has('mr')).toBe(true);
    expect(model.variantWords.get('mohammed')).toBe('muhammad');
  });
});
