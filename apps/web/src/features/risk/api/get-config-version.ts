import { queryOptions, useQuery } from '@tanstack/react-query';
import { RISK_ENDPOINTS } from '@sanad/contracts/risk.endpoints';
import { api } from '../../../lib/api';
import { RISK_CONFIG_KEY, activeSegment, segmentQuery } from './keys';

export const configVersionQuery = () =>
  queryOptions({
    queryKey: [RISK_CONFIG_KEY, 'version', activeSegment()],
    queryFn: async ({ signal }) => (await api(RISK_ENDPOINTS.version, segmentQuery(), { signal })).data,
  });

export function useConfigVersion() {
  return useQuery(configVersionQuery());
}
