import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TConfigReference } from '@sanad/contracts/risk-configuration';
import { api } from '../../../lib/api-client';
import { RISK_CONFIG_KEY, activeSegment } from './keys';

export async function getReferences(signal?: AbortSignal): Promise<TConfigReference[]> {
  return (await api.get<TConfigReference[]>('configurations/risk/references', { dataSegmentId: activeSegment() }, signal)).data;
}

export const referencesQuery = () =>
  queryOptions({ queryKey: [RISK_CONFIG_KEY, 'references', activeSegment()], queryFn: ({ signal }) => getReferences(signal) });

export function useReferences() {
  return useQuery(referencesQuery());
}
