import { queryOptions, useQuery } from '@tanstack/react-query';
import { RISK_ENDPOINTS } from '@sanad/contracts/risk.endpoints';
import { api } from '../../../lib/api';
import { activeSegment, segmentQuery } from './keys';

export const simulationOptionsQuery = () =>
  queryOptions({
    queryKey: ['simulation', 'options', activeSegment()],
    queryFn: async ({ signal }) => (await api(RISK_ENDPOINTS.simulationOptions, segmentQuery(), { signal })).data,
  });

export function useSimulationOptions() {
  return useQuery(simulationOptionsQuery());
}
