import { queryOptions, useQuery } from '@tanstack/react-query';
import { RISK_ENDPOINTS } from '@sanad/contracts/risk.endpoints';
import { api } from '../../../lib/api';
import { RISK_CONFIG_KEY, activeSegment, segmentQuery } from './keys';

export const referencesQuery = () =>
  queryOptions({
    queryKey: [RISK_CONFIG_KEY, 'references', activeSegment()],
    queryFn: async ({ signal }) => (await api(RISK_ENDPOINTS.references, segmentQuery(), { signal })).data,
  });

export function useReferences() {
  return useQuery(referencesQuery());
}
