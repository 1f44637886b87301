import { queryOptions, useQuery } from '@tanstack/react-query';
import { RISK_ENDPOINTS } from '@sanad/contracts/risk.endpoints';
import { api } from '../../../lib/api';
import { RISK_CONFIG_KEY, activeSegment, segmentQuery } from './keys';

export const reviewIntervalsQuery = () =>
  queryOptions({
    queryKey: [RISK_CONFIG_KEY, 'risk-level-review', activeSegment()],
    queryFn: async ({ signal }) => (await api(RISK_ENDPOINTS.reviewIntervals, segmentQuery(), { signal })).data,
  });

export function useReviewIntervals() {
  return useQuery(reviewIntervalsQuery());
}
