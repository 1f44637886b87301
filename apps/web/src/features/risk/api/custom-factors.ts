import { queryOptions, useQuery } from '@tanstack/react-query';
import { CUSTOM_FACTOR_ENDPOINTS } from '@sanad/contracts/risk.endpoints';
import { api } from '../../../lib/api';
import { RISK_CONFIG_KEY, activeSegment, segmentQuery } from './keys';

/** GET configurations/risk/custom-factors/fields: the published choice fields that are not a factor yet. */
export const customFactorFieldsQuery = () =>
  queryOptions({
    queryKey: [RISK_CONFIG_KEY, 'custom-factor-fields', activeSegment()],
    queryFn: async ({ signal }) => (await api(CUSTOM_FACTOR_ENDPOINTS.fields, segmentQuery(), { signal })).data,
  });

export function useCustomFactorFields(isEnabled: boolean) {
  return useQuery({ ...customFactorFieldsQuery(), enabled: isEnabled });
}

/** POST configurations/risk/custom-factors: adds custom:<fieldKey> with weight 0 (a new configuration version). */
export function addCustomFactor(fieldKey: string) {
  return api(CUSTOM_FACTOR_ENDPOINTS.create, { body: { dataSegmentId: activeSegment(), fieldKey } });
}
