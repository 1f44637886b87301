import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSegmentChoice } from '@sanad/contracts/data-segments';
import { DATA_SEGMENT_ENDPOINTS } from '@sanad/contracts/data-segments.endpoints';
import { SESSION_ENDPOINTS } from '@sanad/contracts/session.endpoints';
import { api } from './api';
import { extendExpiry, setActiveDataSegmentId } from './session';

/** The active data segments the signed-in user may switch to (GET users/data-segments). */
export async function getSegmentChoices(signal?: AbortSignal): Promise<TSegmentChoice[]> {
  const { data } = await api(DATA_SEGMENT_ENDPOINTS.choices, {}, { signal });
  return data;
}

export const segmentChoicesQuery = () =>
  queryOptions({ queryKey: ['data-segment-choices'], queryFn: ({ signal }) => getSegmentChoices(signal), staleTime: 60_000 });

export function useSegmentChoices() {
  return useQuery(segmentChoicesQuery());
}

/**
 * Makes another segment active: the server issues a token for it (users/sessionUpdate, the new
 * token arrives in the authorization header and the client stores it), then the choice is remembered.
 */
export async function switchDataSegment(id: string): Promise<void> {
  const { data } = await api(SESSION_ENDPOINTS.extend, { query: { dataSegmentId: id } });
  extendExpiry(data.expiresIn);
  setActiveDataSegmentId(id);
}
