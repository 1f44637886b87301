import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TActivityDashboard } from '@sanad/contracts/activity';
import { api, download } from '../../../lib/api-client';
import { getActiveDataSegmentId } from '../../../lib/session';

export interface ActivityRange {
  from: string;
  to: string;
}

export async function getActivityDashboard(range: ActivityRange, signal?: AbortSignal): Promise<TActivityDashboard> {
  const { data } = await api.get<TActivityDashboard>(
    'insights/activity-dashboard',
    { ...range, dataSegmentId: getActiveDataSegmentId() },
    signal,
  );
  return data;
}

export const activityDashboardQuery = (range: ActivityRange) =>
  queryOptions({
    queryKey: ['insights', 'activity-dashboard', range.from, range.to, getActiveDataSegmentId()],
    queryFn: ({ signal }) => getActivityDashboard(range, signal),
  });

export function useActivityDashboard(range: ActivityRange) {
  return useQuery(activityDashboardQuery(range));
}

export function exportActivityDashboard(range: ActivityRange): Promise<void> {
  return download('insights/activity-dashboard/export', { ...range, dataSegmentId: getActiveDataSegmentId() });
}
