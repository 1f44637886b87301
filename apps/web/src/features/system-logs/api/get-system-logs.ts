import type { TSystemLogFilters } from '@sanad/contracts/system-logs';
import { SYSTEM_LOG_ENDPOINTS } from '@sanad/contracts/system-logs.endpoints';
import { toListQuery, type ListState } from '../../../components/data-table/use-list-state';
import { usePage } from '../../../lib/list-api';

/** The filters beside the list: module, action and a range of days, any of them unset. */
export type LogFilters = Pick<TSystemLogFilters, 'module' | 'action' | 'from' | 'to'>;

/** The filters that are set, as the list, chart and export queries take them. */
export function filterQuery(filters: LogFilters): LogFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => Boolean(value))) as LogFilters;
}

/** GET system-logs with the list query, the filters and the active data segment. */
export function useSystemLogs(state: ListState, filters: LogFilters) {
  return usePage(SYSTEM_LOG_ENDPOINTS.list, { query: { ...toListQuery(state), ...filterQuery(filters) } });
}
