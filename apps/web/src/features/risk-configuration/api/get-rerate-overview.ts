import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRerateOverview } from '@sanad/contracts/risk-rating';
import { api } from '../../../lib/api-client';
import { RISK_CONFIG_KEY, activeSegment } from './keys';

export async function getRerateOverview(signal?: AbortSignal): Promise<TRerateOverview> {
  return (await api.get<TRerateOverview>('configurations/risk/rerate', { dataSegmentId: activeSegment() }, signal)).data;
}

const isActive = (overview: TRerateOverview | undefined) =>
  overview?.lastRun?.status === 'queued' || overview?.lastRun?.status === 'running';

/** Polls every two seconds while a run is queued or running, so the progress moves on screen. */
export const rerateOverviewQuery = () =>
  queryOptions({
    queryKey: [RISK_CONFIG_KEY, 'rerate', activeSegment()],
    queryFn: ({ signal }) => getRerateOverview(signal),
    refetchInterval: (query) => (isActive(query.state.data) ? 2_000 : false),
  });

export function useRerateOverview() {
  return useQuery(rerateOverviewQuery());
}
