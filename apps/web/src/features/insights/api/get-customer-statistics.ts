import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TCustomerStatistics, TCustomerStatisticsQuery } from '@sanad/contracts/insights';
import { INSIGHT_ENDPOINTS } from '@sanad/contracts/insights.endpoints';
import { api, apiDownload } from '../../../lib/api';
import { getActiveDataSegmentId } from '../../../lib/session';

/** The page's filters: a range of days and the optional narrowing filters. */
export type StatisticsFilters = Omit<TCustomerStatisticsQuery, 'dataSegmentId'> & { from: string; to: string };

const queryOf = (filters: StatisticsFilters) => ({ ...filters, dataSegmentId: getActiveDataSegmentId() ?? undefined });

export async function getCustomerStatistics(filters: StatisticsFilters, signal?: AbortSignal): Promise<TCustomerStatistics> {
  return (await api(INSIGHT_ENDPOINTS.customerStatistics, { query: queryOf(filters) }, { signal })).data;
}

export const customerStatisticsQuery = (filters: StatisticsFilters) =>
  queryOptions({
    queryKey: ['insights', 'customer-statistics', filters, getActiveDataSegmentId()],
    queryFn: ({ signal }) => getCustomerStatistics(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useCustomerStatistics(filters: StatisticsFilters) {
  return useQuery(customerStatisticsQuery(filters));
}

export function exportCustomerStatistics(filters: StatisticsFilters, format: 'csv' | 'xlsx'): Promise<void> {
  return apiDownload(INSIGHT_ENDPOINTS.exportCustomerStatistics, { query: { ...queryOf(filters), format } });
}
