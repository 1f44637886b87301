import { queryOptions, useQuery } from '@tanstack/react-query';
import { RISK_ENDPOINTS } from '@sanad/contracts/risk.endpoints';
import { api } from '../../../lib/api';
import { RISK_CONFIG_KEY, activeSegment, segmentQuery } from './keys';

export const riskRatingQuery = () =>
  queryOptions({
    queryKey: [RISK_CONFIG_KEY, 'risk-rating', activeSegment()],
    queryFn: async ({ signal }) => (await api(RISK_ENDPOINTS.riskRating, segmentQuery(), { signal })).data,
  });

export function useRiskRating() {
  return useQuery(riskRatingQuery());
}
