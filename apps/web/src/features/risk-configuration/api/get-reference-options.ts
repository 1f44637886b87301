import { queryOptions, useQuery } from '@tanstack/react-query';
import { DROPDOWN_PAGE_SIZE } from '@sanad/contracts/http';
import type { TReferenceOption } from '@sanad/contracts/risk-configuration';
import { api } from '../../../lib/api-client';
import { activeSegment } from './keys';

/** GET /configurations/{list} as the registration forms call it (000 §7): status active, perPage 1000, ref dropdown. */
export async function getReferenceOptions(list: string, signal?: AbortSignal): Promise<TReferenceOption[]> {
  const response = await api.get<TReferenceOption[]>(
    `configurations/${list}`,
    { dataSegmentId: activeSegment(), status: 'active', perPage: DROPDOWN_PAGE_SIZE, ref: 'dropdown' },
    signal,
  );
  return response.data;
}

export const referenceOptionsQuery = (list: string) =>
  queryOptions({
    queryKey: ['reference-options', list, activeSegment()],
    queryFn: ({ signal }) => getReferenceOptions(list, signal),
    staleTime: 60_000,
  });

export function useReferenceOptions(list: string) {
  return useQuery(referenceOptionsQuery(list));
}
