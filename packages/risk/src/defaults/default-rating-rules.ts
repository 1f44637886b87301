/**
 * Default thresholds, override rules, review intervals and EDD floor. Per-value overrides (PEP,
 * SAR, FATF-listed countries, adverse media, failed identity checks) sit on the factor values.
 */
import type { OverrideRuleInput, RiskConfigInput } from '../risk-config.schema';

/**
 * Bands for the weighted total. A customer whose factors sit at their baselines (~20) is low; one
 * whose factors are all medium-scored (~50) stays medium; high needs a good part of the weight on
 * high-scored values. Decisive single facts (PEP, listed country, SAR) do not wait for the total:
 * they are overrides.
 */
export const DEFAULT_THRESHOLDS: RiskConfigInput['thresholds'] = {
  mediumFrom: 30,
  highFrom: 55,
  reason:
    'Factor scores run 0–100 with baselines near 20, medium values 40–60 and high values 70–100. A total below 30 is a mostly-baseline profile; an all-medium profile (50) stays medium; from 55 a good part of the weight sits on high-scored values, and a customer about whom nothing is known (unknown scores) lands there too.',
};

/** Bands for a single factor's score, matching how the default tables score values. */
export const DEFAULT_FACTOR_LEVEL_THRESHOLDS: NonNullable<RiskConfigInput['factorLevelThresholds']> = {
  mediumFrom: 35,
  highFrom: 70,
  reason: 'The default tables score low-risk values up to 30, medium values 40–60 and high values 70–100.',
};

export const DEFAULT_REVIEW_INTERVALS: RiskConfigInput['reviewIntervalYears'] = {
  high: 1,
  medium: 3,
  low: 5,
  reason:
    "Common practice and supervisors' expectations: high-risk customers at least yearly, medium every two to three years, low every five. A sanction rating has no periodic date: it is handled as an alert at once.",
};

const REGISTRY_SOURCE = 'Company-registry flags on the customer record, as published by UK Companies House';
const BENEFICIAL_OWNERSHIP =
  'FATF Guidance on Beneficial Ownership of Legal Persons (2023); FATF–Egmont Group Concealment of Beneficial Ownership (2018)';

function registryRule(
  code: OverrideRuleInput['code'],
  flag:
    | 'hasInsolvencyHistory'
    | 'undeliverableRegisteredOfficeAddress'
    | 'confirmationStatementOverdue'
    | 'accountsOverdue'
    | 'registeredOfficeIsInDispute',
  title: string,
  reason: string,
): OverrideRuleInput {
  return {
    code,
    title,
    overrideTo: 'high',
    appliesTo: ['company'],
    when: { kind: 'registry-flag', flag },
    reason,
    source: `${REGISTRY_SOURCE}; ${BENEFICIAL_OWNERSHIP}`,
  };
}

function genuineHitRule(hitType: 'pep' | 'enforcement' | 'blackList', title: string, reason: string, source: string): OverrideRuleInput {
  return {
    code: `genuine-${hitType}-hit`,
    title,
    overrideTo: 'high',
    appliesTo: ['individual', 'company'],
    when: { kind: 'screening-hit', hitType, isGenuineOnly: true, minScore: 0 },
    reason,
    source,
  };
}

export const DEFAULT_OVERRIDE_RULES: readonly OverrideRuleInput[] = [
  registryRule(
    'insolvency-history',
    'hasInsolvencyHistory',
    'Company registry: insolvency history',
    'Past insolvency raises the risk of fraud and of phoenix companies that leave debts behind.',
  ),
  registryRule(
    'undeliverable-registered-office',
    'undeliverableRegisteredOfficeAddress',
    'Company registry: registered office address undeliverable',
    'Post to the registered office is returned: the company may not operate where it says, a shell-company sign.',
  ),
  registryRule(
    'confirmation-statement-overdue',
    'confirmationStatementOverdue',
    'Company registry: confirmation statement overdue',
    'The company has not confirmed its officers and owners on time, so registry ownership data may be stale.',
  ),
  registryRule(
    'accounts-overdue',
    'accountsOverdue',
    'Company registry: accounts overdue',
    "Without filed accounts the company's activity and finances cannot be checked from public records.",
  ),
  registryRule(
    'registered-office-in-dispute',
    'registeredOfficeIsInDispute',
    'Company registry: registered office in dispute',
    'A disputed registered office (e.g. an address used without consent) is a common sign of fraudulent registration.',
  ),
  genuineHitRule(
    'pep',
    'Name screening: confirmed PEP hit',
    'A confirmed politically exposed person requires enhanced due diligence.',
    'FATF Recommendation 12',
  ),
  genuineHitRule(
    'enforcement',
    'Name screening: confirmed enforcement hit',
    'A confirmed regulatory or law-enforcement action against the customer.',
    'FATF Recommendation 10',
  ),
  genuineHitRule(
    'blackList',
    'Name screening: confirmed black list hit',
    'A confirmed match on a black list the firm subscribes to.',
    'FATF Recommendation 10',
  ),
];
