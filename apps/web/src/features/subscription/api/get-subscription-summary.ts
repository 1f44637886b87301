import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSegmentUsage as TSubscriptionSummary } from '@sanad/contracts/data-segments';
import { DATA_SEGMENT_ENDPOINTS } from '@sanad/contracts/data-segments.endpoints';
import { api } from '../../../lib/api';

/** GET users/data-segment/{dataSegmentId}: tier, subscription and counter. */
export async function getSubscriptionSummary(dataSegmentId: string, signal?: AbortSignal): Promise<TSubscriptionSummary> {
  const { data } = await api(DATA_SEGMENT_ENDPOINTS.usage, { params: { dataSegmentId } }, { signal });
  return data;
}

export const subscriptionSummaryQuery = (dataSegmentId: string) =>
  queryOptions({
    queryKey: ['subscription', dataSegmentId],
    queryFn: ({ signal }) => getSubscriptionSummary(dataSegmentId, signal),
    staleTime: 5 * 60_000,
  });

export function useSubscriptionSummary(dataSegmentId: string | null) {
  return useQuery({ ...subscriptionSummaryQuery(dataSegmentId ?? ''), enabled: Boolean(dataSegmentId) });
}
