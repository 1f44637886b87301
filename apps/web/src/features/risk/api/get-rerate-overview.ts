import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRerateOverview } from '@sanad/contracts/risk-rating';
import { RISK_ENDPOINTS } from '@sanad/contracts/risk.endpoints';
import { api } from '../../../lib/api';
import { RISK_CONFIG_KEY, activeSegment, segmentQuery } from './keys';

const isActive = (overview: TRerateOverview | undefined) =>
  overview?.lastRun?.status === 'queued' || overview?.lastRun?.status === 'running';

/** Polls every two seconds while a run is queued or running, so the progress moves on screen. */
export const rerateOverviewQuery = () =>
  queryOptions({
    queryKey: [RISK_CONFIG_KEY, 'rerate', activeSegment()],
    queryFn: async ({ signal }) => (await api(RISK_ENDPOINTS.rerateOverview, segmentQuery(), { signal })).data,
    refetchInterval: (query) => (isActive(query.state.data) ? 2_000 : false),
  });

export function useRerateOverview() {
  return useQuery(rerateOverviewQuery());
}
