import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TListVersion, TWatchListOverview } from '@sanad/contracts/screening';
import { api } from '../../../lib/api-client';
import { getActiveDataSegmentId } from '../../../lib/session';

export const watchListsQuery = () =>
  queryOptions({
    queryKey: ['screening', 'lists', getActiveDataSegmentId()],
    queryFn: async ({ signal }) =>
      (await api.get<TWatchListOverview[]>('screening/lists', { dataSegmentId: getActiveDataSegmentId() }, signal)).data,
  });

export function useWatchLists() {
  return useQuery(watchListsQuery());
}

export function useListVersions(listId: string | null) {
  return useQuery({
    queryKey: ['screening', 'versions', listId],
    enabled: listId !== null,
    queryFn: async ({ signal }) =>
      (await api.get<TListVersion[]>(`screening/lists/${listId}/versions`, { dataSegmentId: getActiveDataSegmentId() }, signal)).data,
  });
}

export function useSetListActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ listId, isActive }: { listId: string; isActive: boolean }) =>
      api.put<undefined>(`screening/lists/${listId}`, { isActive, dataSegmentId: getActiveDataSegmentId() ?? undefined }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['screening', 'lists'] }),
  });
}
