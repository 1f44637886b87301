import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TIdvSettings } from '@sanad/contracts/idv';
import { api } from '../../../lib/api-client';
import { getActiveDataSegmentId } from '../../../lib/session';

export const idvSettingsQuery = () =>
  queryOptions({
    queryKey: ['idv-settings', getActiveDataSegmentId()],
    queryFn: async ({ signal }) =>
      (await api.get<TIdvSettings>('configurations/idv', { dataSegmentId: getActiveDataSegmentId() }, signal)).data,
  });

export function useIdvSettings() {
  return useQuery(idvSettingsQuery());
}

export function saveIdvSettings(settings: TIdvSettings) {
  return api.put<TIdvSettings>('configurations/idv', { ...settings, dataSegmentId: getActiveDataSegmentId() ?? undefined });
}
