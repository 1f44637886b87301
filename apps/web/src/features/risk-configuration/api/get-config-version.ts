import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TConfigVersionInfo } from '@sanad/contracts/risk-configuration';
import { api } from '../../../lib/api-client';
import { RISK_CONFIG_KEY, activeSegment } from './keys';

export async function getConfigVersion(signal?: AbortSignal): Promise<TConfigVersionInfo> {
  return (await api.get<TConfigVersionInfo>('configurations/risk/version', { dataSegmentId: activeSegment() }, signal)).data;
}

export const configVersionQuery = () =>
  queryOptions({ queryKey: [RISK_CONFIG_KEY, 'version', activeSegment()], queryFn: ({ signal }) => getConfigVersion(signal) });

export function useConfigVersion() {
  return useQuery(configVersionQuery());
}
