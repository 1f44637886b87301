import { useQuery } from '@tanstack/react-query';
import { SYSTEM_LOG_ENDPOINTS } from '@sanad/contracts/system-logs.endpoints';
import { api } from '../../../lib/api';
import { getActiveDataSegmentId } from '../../../lib/session';
import { filterQuery, type LogFilters } from './get-system-logs';

/** 'Total actions' per day for the list's filters; the last 30 days when no range is chosen. */
export function useLogChart(filters: LogFilters) {
  const query = { ...filterQuery(filters), dataSegmentId: getActiveDataSegmentId() ?? undefined };
  return useQuery({
    queryKey: ['system-logs', 'chart', query],
    queryFn: async ({ signal }) => (await api(SYSTEM_LOG_ENDPOINTS.getChart, { query }, { signal })).data,
  });
}
