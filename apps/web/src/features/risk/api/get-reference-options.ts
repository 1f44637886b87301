import { queryOptions, useQuery } from '@tanstack/react-query';
import { DROPDOWN_PAGE_SIZE } from '@sanad/contracts/http';
import { REFERENCE_LIST_ENDPOINTS } from '@sanad/contracts/risk.endpoints';
import { api } from '../../../lib/api';
import { activeSegment } from './keys';

/** GET /configurations/{list} as the registration forms call it: status active, perPage 1000, ref dropdown. */
export const referenceOptionsQuery = (list: string) =>
  queryOptions({
    queryKey: ['reference-options', list, activeSegment()],
    queryFn: async ({ signal }) => {
      const endpoint = REFERENCE_LIST_ENDPOINTS[list];
      if (!endpoint) throw new Error(`No reference list ${list}`);
      const query = { dataSegmentId: activeSegment(), status: 'active', perPage: DROPDOWN_PAGE_SIZE, ref: 'dropdown' };
      return (await api(endpoint, { query }, { signal })).data;
    },
    staleTime: 60_000,
  });

export function useReferenceOptions(list: string) {
  return useQuery(referenceOptionsQuery(list));
}
