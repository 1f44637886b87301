import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SCREENING_ENDPOINTS } from '@sanad/contracts/screening.endpoints';
import { api } from '../../../lib/api';
import { getActiveDataSegmentId } from '../../../lib/session';

const activeSegment = () => getActiveDataSegmentId() ?? undefined;

/** GET screening/lists: the lists of the active segment, each with its owner and current version. */
export const watchListsQuery = () =>
  queryOptions({
    queryKey: ['screening', 'lists', getActiveDataSegmentId()],
    queryFn: async ({ signal }) =>
      (await api(SCREENING_ENDPOINTS.watchLists, { query: { dataSegmentId: activeSegment() } }, { signal })).data,
  });

export function useWatchLists() {
  return useQuery(watchListsQuery());
}

/** GET screening/lists/{id}/versions, once a list is chosen. */
export function useListVersions(listId: string | null) {
  return useQuery({
    queryKey: ['screening', 'versions', listId],
    enabled: listId !== null,
    queryFn: async ({ signal }) =>
      (await api(SCREENING_ENDPOINTS.listVersions, { params: { id: listId ?? '' }, query: { dataSegmentId: activeSegment() } }, { signal }))
        .data,
  });
}

/** PUT screening/lists/{id}: switches a list on or off for the active segment. */
export function useSetListActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, isActive }: { listId: string; isActive: boolean }) =>
      api(SCREENING_ENDPOINTS.setListActive, { params: { id: listId }, body: { isActive, dataSegmentId: activeSegment() } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['screening', 'lists'] }),
  });
}
