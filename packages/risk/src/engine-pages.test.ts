import { describe, expect, it } from 'vitest';
import { ENGINE_PAGES, REFERENCE_LISTS, listReferenceOptions } from './engine-pages';
import { RiskConfigSchema } from './risk-config.schema';
import { createDefaultRiskConfig } from './defaults/default-risk-config';
import { buildTestConfig } from './test-support/risk-config-factory';

describe('engine pages and reference lists', () => {
  it('maps every sanad-engine page the spec lists', () => {
    const specPages =
      'risk, risk-rating, document-verification-factor, name-screen-score, nationality, country, state, work, industry, product, relationship, investment, channel, purpose-of-action, gender, risk-level-review, aum, sar, AM, Entity, PEP, stop-words, variant-words';
    expect(Object.keys(ENGINE_PAGES)).toEqual(specPages.split(', '));
  });

  it('serves every reference list from a table the default configuration has', () => {
    const config = RiskConfigSchema.parse(createDefaultRiskConfig());
    const emptyLists = Object.entries(REFERENCE_LISTS)
      .filter(([, factor]) => listReferenceOptions(config, factor).length === 0)
      .map(([list]) => list);
    expect(emptyLists).toEqual([]);
    expect(listReferenceOptions(config, 'gender')).toContainEqual({ code: 'female', title: 'Female' });
  });

  it('lists only active values, in table order', () => {
    const config = RiskConfigSchema.parse(buildTestConfig());
    expect(listReferenceOptions(config, 'country').map((option) => option.code)).toEqual(['PK', 'GB', 'IR']);
    expect(listReferenceOptions(config, 'gender')).toEqual([]);
  });
});
