import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TReviewIntervals } from '@sanad/contracts/risk-configuration';
import { api } from '../../../lib/api-client';
import { RISK_CONFIG_KEY, activeSegment } from './keys';

export async function getReviewIntervals(signal?: AbortSignal): Promise<TReviewIntervals> {
  return (await api.get<TReviewIntervals>('configurations/risk/risk-level-review', { dataSegmentId: activeSegment() }, signal)).data;
}

export const reviewIntervalsQuery = () =>
  queryOptions({ queryKey: [RISK_CONFIG_KEY, 'risk-level-review', activeSegment()], queryFn: ({ signal }) => getReviewIntervals(signal) });

export function useReviewIntervals() {
  return useQuery(reviewIntervalsQuery());
}
