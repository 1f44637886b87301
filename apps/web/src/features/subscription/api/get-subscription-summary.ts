import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSegmentUsage as TSubscriptionSummary } from '@sanad/contracts/data-segments';
import { api } from '../../../lib/api-client';

/** GET users/data-segment/{dataSegmentId} (001 §7): tier, subscription and counter. */
export async function getSubscriptionSummary(dataSegmentId: string, signal?: AbortSignal): Promise<TSubscriptionSummary> {
  const { data } = await api.get<TSubscriptionSummary>(`users/data-segment/${encodeURIComponent(dataSegmentId)}`, undefined, signal);
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
