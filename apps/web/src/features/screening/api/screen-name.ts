import { useQuery } from '@tanstack/react-query';
import type { TScreenRequest, TScreeningThresholds } from '@sanad/contracts/screening';
import { SCREENING_ENDPOINTS } from '@sanad/contracts/screening.endpoints';
import { api } from '../../../lib/api';
import { getActiveDataSegmentId } from '../../../lib/session';

/** POST screening/screen: the hits of one name against the active segment's lists, each with why it scored so. */
export async function screenName(request: TScreenRequest) {
  return (await api(SCREENING_ENDPOINTS.screen, { body: { ...request, dataSegmentId: getActiveDataSegmentId() ?? undefined } })).data;
}

export function useScreeningThresholds() {
  return useQuery({
    queryKey: ['screening', 'thresholds', getActiveDataSegmentId()],
    queryFn: async ({ signal }) =>
      (await api(SCREENING_ENDPOINTS.thresholds, { query: { dataSegmentId: getActiveDataSegmentId() ?? undefined } }, { signal })).data,
  });
}

export function saveScreeningThresholds(thresholds: TScreeningThresholds) {
  return api(SCREENING_ENDPOINTS.saveThresholds, { body: { ...thresholds, dataSegmentId: getActiveDataSegmentId() ?? undefined } });
}
