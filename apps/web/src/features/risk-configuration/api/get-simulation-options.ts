import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSimulationOptions } from '@sanad/contracts/risk-rating';
import { api } from '../../../lib/api-client';
import { activeSegment } from './keys';

export async function getSimulationOptions(signal?: AbortSignal): Promise<TSimulationOptions> {
  return (await api.get<TSimulationOptions>('configurations/simulate', { dataSegmentId: activeSegment() }, signal)).data;
}

export const simulationOptionsQuery = () =>
  queryOptions({ queryKey: ['simulation', 'options', activeSegment()], queryFn: ({ signal }) => getSimulationOptions(signal) });

export function useSimulationOptions() {
  return useQuery(simulationOptionsQuery());
}
