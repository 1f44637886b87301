/**
 * The configuration a new data segment starts with. Every call returns a fresh object, so the
 * server can seed, edit and store it without touching anything shared.
 */
import type { RiskConfigInput } from '../risk-config.schema';
import {
  buildAumFactor,
  buildChannelFactor,
  buildInvestmentFactor,
  buildProductFactor,
  buildPurposeFactor,
  buildSarFactor,
} from './default-account-factors';
import { buildCountryFactor, buildNationalityFactor, buildStateFactor } from './default-geography-factors';
import { buildIndustryFactor } from './default-industries';
import { buildGenderFactor, buildPepFactor, buildRelationshipFactor, buildWorkTypeFactor } from './default-person-factors';
import {
  DEFAULT_FACTOR_LEVEL_THRESHOLDS,
  DEFAULT_OVERRIDE_RULES,
  DEFAULT_REVIEW_INTERVALS,
  DEFAULT_THRESHOLDS,
} from './default-rating-rules';
import {
  buildAdverseMediaFactor,
  buildDocumentVerificationFactor,
  buildEntityTypeFactor,
  buildNameScreeningFactor,
} from './default-screening-factors';
import { DEFAULT_STOP_WORDS, DEFAULT_VARIANT_WORDS } from './default-words';
import { JURISDICTION_LISTS } from './country-risk-lists';
import { ISO_COUNTRIES_SOURCE } from './iso-countries';

export function createDefaultRiskConfig(): RiskConfigInput {
  return {
    schemaVersion: 1,
    factors: [
      buildNationalityFactor(),
      buildCountryFactor(),
      buildStateFactor(),
      buildWorkTypeFactor(),
      buildIndustryFactor(),
      buildProductFactor(),
      buildRelationshipFactor(),
      buildInvestmentFactor(),
      buildChannelFactor(),
      buildPurposeFactor(),
      buildGenderFactor(),
      buildAumFactor(),
      buildSarFactor(),
      buildAdverseMediaFactor(),
      buildEntityTypeFactor(),
      buildPepFactor(),
      buildDocumentVerificationFactor(),
      buildNameScreeningFactor(),
    ],
    thresholds: { ...DEFAULT_THRESHOLDS },
    factorLevelThresholds: { ...DEFAULT_FACTOR_LEVEL_THRESHOLDS },
    overrideRules: DEFAULT_OVERRIDE_RULES.map((rule) => ({ ...rule, appliesTo: [...rule.appliesTo], when: { ...rule.when } })),
    reviewIntervalYears: { ...DEFAULT_REVIEW_INTERVALS },
    enhancedDueDiligenceFrom: 'high',
    stopWords: DEFAULT_STOP_WORDS.map((entry) => ({ ...entry })),
    variantWords: DEFAULT_VARIANT_WORDS.map((entry) => ({ ...entry })),
    references: [
      ...JURISDICTION_LISTS.map((list) => ({
        id: list.id,
        title: list.title,
        publisher: list.publisher,
        asOf: list.asOf,
        url: list.url,
        note: `${list.publication} ${list.note} These lists change several times a year: review them after every FATF plenary (February, June, October) and every amendment of the EU list.`,
      })),
      {
        id: 'iso-3166-1',
        title: ISO_COUNTRIES_SOURCE,
        publisher: 'International Organization for Standardization',
        note: 'Country and nationality tables: the 249 assigned codes plus XK. No alpha-2 code has been added since South Sudan (SS) in 2011; names follow later changes such as Türkiye and Czechia.',
      },
    ],
  };
}
