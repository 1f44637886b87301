import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRiskRatingSettings } from '@sanad/contracts/risk-configuration';
import { api } from '../../../lib/api-client';
import { RISK_CONFIG_KEY, activeSegment } from './keys';

export async function getRiskRating(signal?: AbortSignal): Promise<TRiskRatingSettings> {
  return (await api.get<TRiskRatingSettings>('configurations/risk/risk-rating', { dataSegmentId: activeSegment() }, signal)).data;
}

export const riskRatingQuery = () =>
  queryOptions({ queryKey: [RISK_CONFIG_KEY, 'risk-rating', activeSegment()], queryFn: ({ signal }) => getRiskRating(signal) });

export function useRiskRating() {
  return useQuery(riskRatingQuery());
}
