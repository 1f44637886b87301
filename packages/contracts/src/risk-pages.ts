/**
 * The sanad-engine pages and reference lists, as plain constants: the web app's route table
 * imports them, so they must not pull validation code into the first page's bundle.
 */
import { ENGINE_PAGES, REFERENCE_LISTS } from '@sanad/risk/engine-pages';
import type { BuiltInFactorKey } from '@sanad/risk/risk-factor.schema';

export const ENGINE_PAGE_NAMES = Object.keys(ENGINE_PAGES);
export type EnginePageName = keyof typeof ENGINE_PAGES;

/** Pages that edit one factor's table of values, and the factor each edits. */
export const FACTOR_PAGES: Readonly<Record<string, BuiltInFactorKey>> = Object.fromEntries(
  Object.entries(ENGINE_PAGES).flatMap(([page, target]) => (target.part === 'factor' ? [[page, target.factor]] : [])),
);
export const FACTOR_PAGE_NAMES = Object.keys(FACTOR_PAGES) as [string, ...string[]];

/** Navigation titles, in the spec's order. */
export const ENGINE_PAGE_TITLES: Readonly<Record<string, string>> = {
  risk: 'Risk factors',
  'risk-rating': 'Risk rating',
  'document-verification-factor': 'Document verification',
  'name-screen-score': 'Name screening score',
  nationality: 'Nationality',
  country: 'Country',
  state: 'State',
  work: 'Work type',
  industry: 'Industry',
  product: 'Product',
  relationship: 'Relationship',
  investment: 'Investment',
  channel: 'Channel',
  'purpose-of-action': 'Purpose of action',
  gender: 'Gender',
  'risk-level-review': 'Risk level review',
  aum: 'Assets under management',
  sar: 'SAR',
  AM: 'Adverse media',
  Entity: 'Entity type',
  PEP: 'PEP declaration',
  'stop-words': 'Stop words',
  'variant-words': 'Variant words',
};

export const REFERENCE_LIST_NAMES = Object.keys(REFERENCE_LISTS) as [string, ...string[]];
