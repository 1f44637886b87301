import { CUSTOM_MATCHES, CUSTOMER_SOURCES, CUSTOMER_STATUS_FILTERS, ID_TYPES, KYC_STATUSES } from '@sanad/contracts/customers';
import { HIT_TYPES } from '@sanad/contracts/screening';
import { RISK_LEVELS } from '@sanad/risk/risk-level';
import { toListQuery, type ListState } from '../../../components/data-table/use-list-state';

/**
 * The customer lists' filters and the advanced search's fields, kept in the address beside the page,
 * search and sort, so a filtered list or a search result is shared by sharing its address.
 */
export interface CustomerFilters {
  kycStatus: string[];
  riskLevel: string[];
  hitType: string[];
  idType: string[];
  source: string[];
  /** The campaign or branch of a dynamic registration (the :source of its address). */
  campaign: string;
  product: string;
  /** active (the default, left out of the address), archived or all. */
  status: string;
  createdFrom: string;
  createdTo: string;
  firstName: string;
  middleName: string;
  lastName: string;
  genderId: string;
  nationalityId: string;
  countryOfResidenceId: string;
  workTypeId: string;
  industryId: string;
  /** A custom field of the segment's forms (its key), the answer looked for, and how: equals or contains. */
  customField: string;
  customValue: string;
  customMatch: string;
}

const LIST_KEYS = ['kycStatus', 'riskLevel', 'hitType', 'idType', 'source'] as const;
const TEXT_KEYS = [
  'product',
  'campaign',
  'firstName',
  'middleName',
  'lastName',
  'genderId',
  'nationalityId',
  'countryOfResidenceId',
  'workTypeId',
  'industryId',
  'customField',
  'customValue',
  'customMatch',
] as const;
const DAY_KEYS = ['createdFrom', 'createdTo'] as const;

/** The advanced search's own fields (PR-04); the KYC filters are shared with the list. */
export const ADVANCED_KEYS = [
  'firstName',
  'middleName',
  'lastName',
  'genderId',
  'nationalityId',
  'countryOfResidenceId',
  'workTypeId',
  'industryId',
  'customField',
  'customValue',
] as const;

export const FILTER_KEYS = [...LIST_KEYS, ...TEXT_KEYS, ...DAY_KEYS, 'status'] as const;

const ALLOWED: Record<(typeof LIST_KEYS)[number], readonly string[]> = {
  kycStatus: KYC_STATUSES,
  riskLevel: RISK_LEVELS,
  hitType: HIT_TYPES,
  idType: ID_TYPES,
  source: CUSTOMER_SOURCES,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const EMPTY_FILTERS: CustomerFilters = {
  kycStatus: [],
  riskLevel: [],
  hitType: [],
  idType: [],
  source: [],
  campaign: '',
  product: '',
  status: 'active',
  createdFrom: '',
  createdTo: '',
  firstName: '',
  middleName: '',
  lastName: '',
  genderId: '',
  nationalityId: '',
  countryOfResidenceId: '',
  workTypeId: '',
  industryId: '',
  customField: '',
  customValue: '',
  customMatch: '',
};

const CUSTOM_KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** The filters an address carries; unknown values (an edited link) are dropped rather than sent. */
export function readFilters(params: URLSearchParams): CustomerFilters {
  const filters: CustomerFilters = { ...EMPTY_FILTERS };
  for (const key of LIST_KEYS) filters[key] = (params.get(key) ?? '').split(',').filter((value) => ALLOWED[key].includes(value));
  for (const key of TEXT_KEYS) filters[key] = (params.get(key) ?? '').trim().slice(0, 100);
  for (const key of DAY_KEYS) {
    const value = params.get(key) ?? '';
    filters[key] = DAY.test(value) ? value : '';
  }
  const status = params.get('status') ?? '';
  filters.status = (CUSTOMER_STATUS_FILTERS as readonly string[]).includes(status) ? status : 'active';
  // A custom-field filter needs a field key and a value; half of one (an edited link) is dropped.
  if (!CUSTOM_KEY.test(filters.customField) || !filters.customValue) {
    filters.customField = '';
    filters.customValue = '';
  }
  if (!filters.customField || !(CUSTOM_MATCHES as readonly string[]).includes(filters.customMatch)) filters.customMatch = '';
  return filters;
}

function textOf(filters: CustomerFilters, key: (typeof FILTER_KEYS)[number]): string {
  if (key === 'status') return filters.status === 'active' ? '' : filters.status;
  const value = filters[key];
  return Array.isArray(value) ? value.join(',') : value;
}

/** Writes the filters into the address (empty ones removed) and goes back to the first page. */
export function writeFilters(params: URLSearchParams, filters: CustomerFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_KEYS) {
    const text = textOf(filters, key);
    if (text) next.set(key, text);
    else next.delete(key);
  }
  next.delete('startAt');
  return next;
}

/** Whether any filter narrows the list (the default status does not count). */
export function hasFilters(filters: CustomerFilters, keys: readonly (typeof FILTER_KEYS)[number][] = FILTER_KEYS): boolean {
  return keys.some((key) => textOf(filters, key) !== '');
}

/** The query of GET customers/ and customers/export: the list state plus the filters that are set. */
export function customerListQuery(state: ListState, filters: CustomerFilters): Record<string, string | number> {
  const { status: _status, ...rest } = toListQuery(state);
  const query: Record<string, string | number> = { ...rest };
  for (const key of FILTER_KEYS) {
    const text = textOf(filters, key);
    if (text) query[key] = text;
  }
  return query;
}
