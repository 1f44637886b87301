import { useQuery } from '@tanstack/react-query';
import type { TScreenRequest, TScreeningThresholds } from '@sanad/contracts/screening';
import { api } from '../../../lib/api-client';
import { getActiveDataSegmentId } from '../../../lib/session';

export interface ScreeningHitView {
  id: string;
  list: string;
  listTitle: string;
  hitType: string;
  entityType: string;
  score: number;
  name: string;
  explanation: {
    summary: string;
    threshold: number;
    qualifiers: Array<{ kind: string; outcome: string; points: number; detail: string }>;
    name: { score: number; listed: string; words: Array<{ query: string; listed: string; similarity: number; how: string }> };
  };
}

export async function screenName(request: TScreenRequest): Promise<{ hits: ScreeningHitView[] }> {
  return (
    await api.post<{ hits: ScreeningHitView[] }>('screening/screen', { ...request, dataSegmentId: getActiveDataSegmentId() ?? undefined })
  ).data;
}

export function useScreeningThresholds() {
  return useQuery({
    queryKey: ['screening', 'thresholds', getActiveDataSegmentId()],
    queryFn: async ({ signal }) =>
      (await api.get<TScreeningThresholds>('screening/settings', { dataSegmentId: getActiveDataSegmentId() }, signal)).data,
  });
}

export function saveScreeningThresholds(thresholds: TScreeningThresholds) {
  return api.put<TScreeningThresholds>('screening/settings', { ...thresholds, dataSegmentId: getActiveDataSegmentId() ?? undefined });
}
