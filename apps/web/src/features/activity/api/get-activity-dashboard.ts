import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TActivityDashboard } from '@sanad/contracts/activity';
import { ACTIVITY_ENDPOINTS } from '@sanad/contracts/activity.endpoints';
import { api, apiDownload } from '../../../lib/api';
import { getActiveDataSegmentId } from '../../../lib/session';

export interface ActivityRange {
  from: string;
  to: string;
}

const queryOf = (range: ActivityRange) => ({ ...range, dataSegmentId: getActiveDataSegmentId() ?? undefined });

export async function getActivityDashboard(range: ActivityRange, signal?: AbortSignal): Promise<TActivityDashboard> {
  return (await api(ACTIVITY_ENDPOINTS.getDashboard, { query: queryOf(range) }, { signal })).data;
}

export const activityDashboardQuery = (range: ActivityRange) =>
  queryOptions({
    queryKey: ['activity', 'dashboard', range.from, range.to, getActiveDataSegmentId()],
    queryFn: ({ signal }) => getActivityDashboard(range, signal),
  });

export function useActivityDashboard(range: ActivityRange) {
  return useQuery(activityDashboardQuery(range));
}

export function exportActivityDashboard(range: ActivityRange): Promise<void> {
  return apiDownload(ACTIVITY_ENDPOINTS.exportDashboard, { query: queryOf(range) });
}
