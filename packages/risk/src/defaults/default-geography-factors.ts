/**
 * Default nationality, country and state tables: every ISO country, scored by the public lists in
 * country-risk-lists.ts. Country (where the customer lives or the company is incorporated) carries
 * the overrides, because FATF and EU enhanced-due-diligence duties attach to persons established in
 * a listed jurisdiction; nationality alone forces high only for the FATF call-for-action list.
 */
import type { RiskConfigInput } from '../risk-config.schema';
import {
  BROAD_SANCTIONS_JURISDICTIONS,
  EU_HIGH_RISK_THIRD_COUNTRIES,
  FATF_CALL_FOR_ACTION,
  FATF_INCREASED_MONITORING,
  type JurisdictionList,
} from './country-risk-lists';
import { ISO_COUNTRIES, ISO_COUNTRIES_SOURCE } from './iso-countries';

type FactorInput = RiskConfigInput['factors'][number];
type ValueInput = FactorInput['values'][number];
type OverrideTo = ValueInput['overrideTo'];

interface Tier {
  list: JurisdictionList;
  countryScore: number;
  countryOverride: OverrideTo;
  nationalityScore: number;
  nationalityOverride: OverrideTo;
}

const TIERS: readonly Tier[] = [
  { list: FATF_CALL_FOR_ACTION, countryScore: 100, countryOverride: 'high', nationalityScore: 100, nationalityOverride: 'high' },
  { list: FATF_INCREASED_MONITORING, countryScore: 80, countryOverride: 'high', nationalityScore: 70, nationalityOverride: undefined },
  { list: EU_HIGH_RISK_THIRD_COUNTRIES, countryScore: 80, countryOverride: 'high', nationalityScore: 70, nationalityOverride: undefined },
  {
    list: BROAD_SANCTIONS_JURISDICTIONS,
    countryScore: 70,
    countryOverride: undefined,
    nationalityScore: 60,
    nationalityOverride: undefined,
  },
];

export const UNLISTED_COUNTRY_SCORE = 20;
export const UNKNOWN_COUNTRY_SCORE = 80;

const LISTS_AS_OF = `FATF lists as of ${FATF_CALL_FOR_ACTION.asOf}; EU list as of ${EU_HIGH_RISK_THIRD_COUNTRIES.asOf}`;

function describeList(list: JurisdictionList): string {
  return `${list.title}, as of ${list.asOf}`;
}

function buildCountryValues(role: 'country' | 'nationality'): ValueInput[] {
  return ISO_COUNTRIES.map((country) => {
    const tiers = TIERS.filter((tier) => tier.list.countries.includes(country.code));
    if (tiers.length === 0) {
      return {
        code: country.code,
        title: country.name,
        score: UNLISTED_COUNTRY_SCORE,
        reason: `Not on the FATF or EU high-risk lists (${LISTS_AS_OF}). Raise it where your own country assessment (national risk assessment, Basel AML Index, corruption indices) says so.`,
        source: `${describeList(FATF_CALL_FOR_ACTION)}; ${describeList(FATF_INCREASED_MONITORING)}; ${describeList(EU_HIGH_RISK_THIRD_COUNTRIES)}`,
      };
    }
    const score = Math.max(...tiers.map((tier) => (role === 'country' ? tier.countryScore : tier.nationalityScore)));
    const isOverridden = tiers.some((tier) => (role === 'country' ? tier.countryOverride : tier.nationalityOverride) === 'high');
    const listed = tiers.map((tier) => tier.list.title).join('; ');
    const consequence =
      role === 'country'
        ? isOverridden
          ? 'Residence or incorporation here requires enhanced due diligence, so the rating is at least high.'
          : 'Scored up for sanctions-evasion risk.'
        : isOverridden
          ? 'FATF calls for countermeasures or enhanced due diligence for this jurisdiction, so the rating is at least high.'
          : 'Nationality alone is a weaker link than residence, so it raises the score without forcing high.';
    return {
      code: country.code,
      title: country.name,
      score,
      ...(isOverridden ? { overrideTo: 'high' as const } : {}),
      reason: `Listed: ${listed}. ${consequence}`,
      source: tiers.map((tier) => `${tier.list.publication} (${tier.list.url})`).join(' | '),
    };
  });
}

export function buildNationalityFactor(): FactorInput {
  return {
    key: 'nationality',
    title: 'Nationality',
    kind: 'code',
    weight: 8,
    appliesTo: ['individual'],
    missing: 'score-unknown',
    unknownScore: UNKNOWN_COUNTRY_SCORE,
    reason:
      'Every nationality a person declares is scored and the worst counts. An unknown nationality scores high: geographic risk cannot be assessed without it.',
    source: `${ISO_COUNTRIES_SOURCE}; FATF Recommendation 19 (higher-risk countries)`,
    values: buildCountryValues('nationality'),
  };
}

export function buildCountryFactor(): FactorInput {
  return {
    key: 'country',
    title: 'Country of residence / incorporation',
    kind: 'code',
    weight: 10,
    appliesTo: ['individual', 'company'],
    missing: 'score-unknown',
    unknownScore: UNKNOWN_COUNTRY_SCORE,
    reason:
      'Country of residence (individuals) and of incorporation or registered office (companies); the worst counts. Unknown scores high for the same reason as nationality.',
    source: `${ISO_COUNTRIES_SOURCE}; FATF Recommendation 19; Directive (EU) 2015/849 Art. 18a; UK MLR 2017 reg. 33`,
    values: buildCountryValues('country'),
  };
}

/** Pakistan's provinces and territories (ISO 3166-2:PK), the spec's default country. */
const PAKISTAN_STATES: readonly { code: string; name: string }[] = [
  { code: 'PK-BA', name: 'Balochistan' },
  { code: 'PK-GB', name: 'Gilgit-Baltistan' },
  { code: 'PK-IS', name: 'Islamabad Capital Territory' },
  { code: 'PK-JK', name: 'Azad Jammu and Kashmir' },
  { code: 'PK-KP', name: 'Khyber Pakhtunkhwa' },
  { code: 'PK-PB', name: 'Punjab' },
  { code: 'PK-SD', name: 'Sindh' },
];

export function buildStateFactor(): FactorInput {
  return {
    key: 'state',
    title: 'State / province',
    kind: 'code',
    weight: 0,
    appliesTo: ['individual', 'company'],
    missing: 'exclude',
    unknownScore: 30,
    reason:
      'Weight 0 until the firm scores states from its own national risk assessment: no public source ranks sub-national money-laundering risk, and equal scores would only dilute the total. Missing states are excluded because foreign customers often have none.',
    source: 'ISO 3166-2:PK (Pakistan is the default country)',
    values: PAKISTAN_STATES.map((state) => ({
      code: state.code,
      title: state.name,
      score: 30,
      reason: 'Neutral placeholder; set from the national risk assessment.',
      source: 'ISO 3166-2:PK',
    })),
  };
}
