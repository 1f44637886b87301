import { useQuery } from '@tanstack/react-query';
import type { TSystemLogChart } from '@sanad/contracts/system-logs';
import { api } from '../../../lib/api-client';
import { getActiveDataSegmentId } from '../../../lib/session';
import { filterQuery, type LogFilters } from './get-system-logs';

/** 'Total actions' per day for the list's filters; the last 30 days when no range is chosen. */
export function useLogChart(filters: LogFilters) {
  const query = { ...filterQuery(filters), dataSegmentId: getActiveDataSegmentId() ?? undefined };
  return useQuery({
    queryKey: ['system-logs', 'chart', query],
    queryFn: async ({ signal }) => (await api.get<TSystemLogChart>('system-logs/chart', query, signal)).data,
  });
}
