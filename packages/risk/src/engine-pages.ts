/**
 * Which part of the risk configuration each sanad-engine page edits, and which factor
 * table serves each reference dropdown (`GET /configurations/{list}`). The server builds its
 * routes and CSV import/export from these, so a page and its table cannot drift apart.
 */
import type { RiskConfig } from './risk-config.schema';
import type { BuiltInFactorKey } from './risk-factor.schema';

export type EnginePageTarget =
  | { part: 'factor'; factor: BuiltInFactorKey }
  | { part: 'factors' | 'thresholds' | 'reviewIntervalYears' | 'stopWords' | 'variantWords' | 'overrideRules' };

/** The spec's page names, in the spec's order, spelled as the spec spells them. */
export const ENGINE_PAGES: Readonly<Record<string, EnginePageTarget>> = {
  // Factor list: title, weight, active flag, missing treatment, unknown score.
  risk: { part: 'factors' },
  // Bands for the total (and the factor-level bands), EDD floor.
  'risk-rating': { part: 'thresholds' },
  'document-verification-factor': { part: 'factor', factor: 'documentVerification' },
  'name-screen-score': { part: 'factor', factor: 'nameScreening' },
  nationality: { part: 'factor', factor: 'nationality' },
  country: { part: 'factor', factor: 'country' },
  state: { part: 'factor', factor: 'state' },
  work: { part: 'factor', factor: 'workType' },
  industry: { part: 'factor', factor: 'industry' },
  product: { part: 'factor', factor: 'product' },
  relationship: { part: 'factor', factor: 'relationship' },
  investment: { part: 'factor', factor: 'investment' },
  channel: { part: 'factor', factor: 'channel' },
  'purpose-of-action': { part: 'factor', factor: 'purposeOfAction' },
  gender: { part: 'factor', factor: 'gender' },
  'risk-level-review': { part: 'reviewIntervalYears' },
  aum: { part: 'factor', factor: 'aum' },
  sar: { part: 'factor', factor: 'sar' },
  AM: { part: 'factor', factor: 'adverseMedia' },
  Entity: { part: 'factor', factor: 'entityType' },
  PEP: { part: 'factor', factor: 'pep' },
  'stop-words': { part: 'stopWords' },
  'variant-words': { part: 'variantWords' },
};

/**
 * Reference lists served to registration dropdowns. 'genders' and 'nationalities' are the spec's
 * names; the others follow the same style.
 */
export const REFERENCE_LISTS: Readonly<Record<string, BuiltInFactorKey>> = {
  countries: 'country',
  nationalities: 'nationality',
  states: 'state',
  genders: 'gender',
  'work-types': 'workType',
  industries: 'industry',
  products: 'product',
  relationships: 'relationship',
  investments: 'investment',
  channels: 'channel',
  'purposes-of-action': 'purposeOfAction',
  'entity-types': 'entityType',
};

export interface ReferenceOption {
  code: string;
  title: string;
}

/** The active values of one factor table, in table order, as dropdown options; [] when the factor is absent. */
export function listReferenceOptions(config: Pick<RiskConfig, 'factors'>, factor: BuiltInFactorKey): ReferenceOption[] {
  const table = config.factors.find((candidate) => candidate.key === factor);
  if (!table) return [];
  return table.values.filter((value) => value.isActive).map((value) => ({ code: value.code, title: value.title }));
}
