/**
 * A small configuration with round numbers, so tests can state the expected score by hand.
 * Weights: country 2, industry 1, channel 1, pep 1, nameScreening 1, aum 1.
 */
import type { RiskConfigInput } from '../risk-config.schema';
import type { RiskFacts } from '../risk-facts';

type FactorInput = RiskConfigInput['factors'][number];

type FactorSettings = Pick<FactorInput, 'weight' | 'missing' | 'unknownScore'> & Partial<Pick<FactorInput, 'kind' | 'appliesTo'>>;

/** A factor of this configuration: a code table for individuals and companies unless its settings say otherwise. */
function testFactor(key: FactorInput['key'], title: string, settings: FactorSettings, values: FactorInput['values']): FactorInput {
  const { kind = 'code', appliesTo = ['individual', 'company'], weight, missing, unknownScore } = settings;
  return { key, title, kind, weight, appliesTo, missing, unknownScore, values };
}

export function buildTestConfig(change: (config: RiskConfigInput) => void = () => {}): RiskConfigInput {
  const config: RiskConfigInput = {
    schemaVersion: 1,
    factors: [
      testFactor('country', 'Country', { weight: 2, missing: 'score-unknown', unknownScore: 80 }, [
        { code: 'PK', title: 'Pakistan', score: 20 },
        { code: 'GB', title: 'United Kingdom', score: 20 },
        { code: 'IR', title: 'Iran', score: 100, overrideTo: 'high', reason: 'FATF call for action' },
        { code: 'XX', title: 'Archived land', score: 0, isActive: false },
      ]),
      testFactor('industry', 'Industry', { weight: 1, missing: 'exclude', unknownScore: 50 }, [
        { code: 'it', title: 'Information technology', score: 20 },
        { code: 'msb', title: 'Money service business', score: 90 },
      ]),
      testFactor('channel', 'Channel', { weight: 1, missing: 'score-unknown', unknownScore: 60 }, [
        { code: 'face-to-face', title: 'Face to face', score: 20 },
        { code: 'non-face-to-face', title: 'Non face to face', score: 60 },
      ]),
      testFactor('pep', 'PEP declaration', { weight: 1, missing: 'score-unknown', unknownScore: 50, appliesTo: ['individual'] }, [
        { code: 'none', title: 'No PEP connection', score: 10 },
        { code: 'anyPublicPos', title: 'Holds a public position', score: 100, overrideTo: 'high' },
      ]),
      testFactor('nameScreening', 'Name screening', { kind: 'hit-band', weight: 1, missing: 'exclude', unknownScore: 50 }, [
        { code: 'no-hit', title: 'No hit', score: 10 },
        { code: 'pep-any', title: 'PEP hit', hitType: 'pep', min: 0, score: 50 },
        { code: 'sanction-weak', title: 'Sanction hit below 85', hitType: 'sanction', min: 0, max: 85, score: 60 },
        { code: 'sanction-strong', title: 'Sanction hit 85+', hitType: 'sanction', min: 85, score: 100 },
      ]),
      testFactor('aum', 'Assets under management', { kind: 'band', weight: 1, missing: 'exclude', unknownScore: 50 }, [
        { code: 'aum-small', title: 'Below 1,000', min: 0, max: 1000, score: 10 },
        { code: 'aum-large', title: '1,000 or more', min: 1000, score: 80 },
      ]),
    ],
    thresholds: { mediumFrom: 30, highFrom: 60 },
    overrideRules: [
      {
        code: 'insolvency',
        title: 'Company registry: insolvency history',
        overrideTo: 'high',
        appliesTo: ['company'],
        when: { kind: 'registry-flag', flag: 'hasInsolvencyHistory' },
      },
      {
        code: 'genuine-pep',
        title: 'Confirmed PEP hit',
        overrideTo: 'high',
        appliesTo: ['individual', 'company'],
        when: { kind: 'screening-hit', hitType: 'pep', isGenuineOnly: true },
      },
    ],
    reviewIntervalYears: { low: 5, medium: 3, high: 1 },
    stopWords: [{ word: 'Mr' }],
    variantWords: [{ word: 'Mohammed', canonical: 'Muhammad' }],
  };
  change(config);
  return config;
}

export function findFactor(config: RiskConfigInput, key: FactorInput['key']): FactorInput {
  const factor = config.factors.find((candidate) => candidate.key === key);
  if (!factor) throw new Error(`No factor ${key} in the test configuration`);
  return factor;
}

/** Scores 20 (PK), 90 (msb), 20 (face to face), 10 (no PEP): total (40 + 90 + 20 + 10) / 5 = 32. */
export function buildTestFacts(change: Partial<RiskFacts> = {}): RiskFacts {
  return {
    subjectType: 'individual',
    countryOfResidence: 'PK',
    industry: 'msb',
    isFaceToFace: true,
    pepAnswers: { anyPublicPos: false },
    ...change,
  };
}

export const NOW = '2025-03-15T10:00:00.000Z';
