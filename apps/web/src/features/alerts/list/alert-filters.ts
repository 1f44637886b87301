import { ALERT_INDICATORS, ALERT_STATUSES, ALERT_TYPES } from '@sanad/contracts/alerts';
import { toListQuery, type ListState } from '../../../components/data-table/use-list-state';

/** The alert list's own filters, kept in the address beside the page, search and sort. */
export interface AlertFilters {
  type: string[];
  alertStatus: string[];
  indicator: string[];
  /** '' (anyone), 'me' or 'none'. */
  assignee: string;
  /** Raised at least this many days ago; '' for any age. */
  minAgeDays: string;
  /** 'true': only alerts past their SLA; 'false': only those within it; '' for both. */
  overdue: string;
}

export const FILTER_KEYS = ['type', 'alertStatus', 'indicator', 'assignee', 'minAgeDays', 'overdue'] as const;
export const EMPTY_FILTERS: AlertFilters = { type: [], alertStatus: [], indicator: [], assignee: '', minAgeDays: '', overdue: '' };

const ALLOWED: Record<'type' | 'alertStatus' | 'indicator', readonly string[]> = {
  type: ALERT_TYPES,
  alertStatus: ALERT_STATUSES,
  indicator: ALERT_INDICATORS,
};
export const AGE_OPTIONS = ['1', '3', '7', '14', '30'] as const;

/** The filters an address carries; unknown values (an edited link) are dropped rather than sent. */
export function readFilters(params: URLSearchParams): AlertFilters {
  const list = (key: keyof typeof ALLOWED) => (params.get(key) ?? '').split(',').filter((value) => ALLOWED[key].includes(value));
  const assignee = params.get('assignee') ?? '';
  const age = params.get('minAgeDays') ?? '';
  const overdue = params.get('overdue') ?? '';
  return {
    type: list('type'),
    alertStatus: list('alertStatus'),
    indicator: list('indicator'),
    assignee: assignee === 'me' || assignee === 'none' ? assignee : '',
    minAgeDays: (AGE_OPTIONS as readonly string[]).includes(age) ? age : '',
    overdue: overdue === 'true' || overdue === 'false' ? overdue : '',
  };
}

/** Writes the filters into the address (empty ones removed) and goes back to the first page. */
export function writeFilters(params: URLSearchParams, filters: AlertFilters): URLSearchParams {
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

export function hasFilters(filters: AlertFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key].length > 0);
}

/** The query of GET alerts/: the list state plus the filters that are set. */
export function alertListQuery(state: ListState, filters: AlertFilters): Record<string, string | number> {
  const { status: _status, ...rest } = toListQuery(state);
  return {
    ...rest,
    ...(filters.type.length ? { type: filters.type.join(',') } : {}),
    ...(filters.alertStatus.length ? { status: filters.alertStatus.join(',') } : {}),
    ...(filters.indicator.length ? { indicator: filters.indicator.join(',') } : {}),
    ...(filters.assignee ? { assignee: filters.assignee } : {}),
    ...(filters.minAgeDays ? { minAgeDays: filters.minAgeDays } : {}),
    ...(filters.overdue ? { overdue: filters.overdue } : {}),
  };
}
