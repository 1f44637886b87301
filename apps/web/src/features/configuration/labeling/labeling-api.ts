import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLabeling, TLabelingSave } from '@sanad/contracts/labeling';
import { LABELING_ENDPOINTS } from '@sanad/contracts/labeling.endpoints';
import { api } from '../../../lib/api';

export const labelingQuery = (dataSegmentId: string | null) =>
  queryOptions({
    queryKey: ['labeling', dataSegmentId],
    queryFn: async ({ signal }) => (await api(LABELING_ENDPOINTS.get, { params: { dataSegmentId: dataSegmentId ?? '' } }, { signal })).data,
    enabled: dataSegmentId !== null,
  });

export function useLabeling(dataSegmentId: string | null) {
  return useQuery(labelingQuery(dataSegmentId));
}

/** PUT configurations/labeling/{dataSegmentId}. */
export async function saveLabeling(dataSegmentId: string, input: TLabelingSave): Promise<{ message: string; data: TLabeling }> {
  const { message, data } = await api(LABELING_ENDPOINTS.save, { params: { dataSegmentId }, body: input });
  return { message, data };
}
