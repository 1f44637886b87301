import { KYC_STATUSES } from '@sanad/contracts/customers';
import { HIT_TYPES } from '@sanad/contracts/screening';
import { RISK_LEVELS } from '@sanad/risk/risk-level';
import { toListQuery, type ListState } from '../../../components/data-table/use-list-state';

/** The list's own filters, kept in the address beside the page, search and sort. */
export interface CustomerFilters {
  kycStatus: string[];
  riskLevel: string[];
  hitType: string[];
  createdFrom: string;
  createdTo: string;
}

export const FILTER_KEYS = ['kycStatus', 'riskLevel', 'hitType', 'createdFrom', 'createdTo'] as const;

const ALLOWED: Record<'kycStatus' | 'riskLevel' | 'hitType', readonly string[]> = {
  kycStatus: KYC_STATUSES,
  riskLevel: RISK_LEVELS,
  hitType: HIT_TYPES,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters an address carries; unknown values (an edited link) are dropped rather than sent. */
export function readFilters(params: URLSearchParams): CustomerFilters {
  const list = (key: keyof typeof ALLOWED) => (params.get(key) ?? '').split(',').filter((value) => ALLOWED[key].includes(value));
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    kycStatus: list('kycStatus'),
    riskLevel: list('riskLevel'),
    hitType: list('hitType'),
    createdFrom: day('createdFrom'),
    createdTo: day('createdTo'),
  };
}

/** Writes the filters into the address (empty ones removed) and goes back to the first page. */
export function writeFilters(params: URLSearchParams, filters: CustomerFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    const text = Array.isArray(value) ? value.join(',') : value;
    if (text) next.set(key, text);
    else next.delete(key);
  }
  next.delete('startAt');
  return next;
}

export function hasFilters(filters: CustomerFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key].length > 0);
}

/** The query of GET customers/: the list state plus the filters that are set. */
export function customerListQuery(state: ListState, filters: CustomerFilters): Record<string, string | number> {
  const base = toListQuery(state);
  const { status: _status, ...rest } = base;
  return {
    ...rest,
    ...(filters.kycStatus.length ? { kycStatus: filters.kycStatus.join(',') } : {}),
    ...(filters.riskLevel.length ? { riskLevel: filters.riskLevel.join(',') } : {}),
    ...(filters.hitType.length ? { hitType: filters.hitType.join(',') } : {}),
    ...(filters.createdFrom ? { createdFrom: filters.createdFrom } : {}),
    ...(filters.createdTo ? { createdTo: filters.createdTo } : {}),
  };
}
