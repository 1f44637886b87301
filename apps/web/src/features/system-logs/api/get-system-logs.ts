import type { TSystemLog, TSystemLogFilters } from '@sanad/contracts/system-logs';
import { toListQuery, type ListState } from '../../../components/data-table/use-list-state';
import { useList } from '../../../lib/list-api';

export const SYSTEM_LOGS_PATH = 'system-logs';

/** The filters beside the list: module, action and a range of days, any of them unset. */
export type LogFilters = Pick<TSystemLogFilters, 'module' | 'action' | 'from' | 'to'>;

export function filterQuery(filters: LogFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

/** GET system-logs with the list query, the filters and the active data segment. */
export function useSystemLogs(state: ListState, filters: LogFilters) {
  return useList<TSystemLog>(SYSTEM_LOGS_PATH, { ...toListQuery(state), ...filterQuery(filters) });
}
