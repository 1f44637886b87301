import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TIdvSettings } from '@sanad/contracts/idv';
import { IDV_ENDPOINTS } from '@sanad/contracts/idv.endpoints';
import { api } from '../../../lib/api';
import { getActiveDataSegmentId } from '../../../lib/session';

export const idvSettingsQuery = () =>
  queryOptions({
    queryKey: ['idv-settings', getActiveDataSegmentId()],
    queryFn: async ({ signal }) =>
      (await api(IDV_ENDPOINTS.getSettings, { query: { dataSegmentId: getActiveDataSegmentId() ?? undefined } }, { signal })).data,
  });

export function useIdvSettings() {
  return useQuery(idvSettingsQuery());
}

export function saveIdvSettings(settings: TIdvSettings) {
  return api(IDV_ENDPOINTS.saveSettings, { body: { ...settings, dataSegmentId: getActiveDataSegmentId() ?? undefined } });
}
