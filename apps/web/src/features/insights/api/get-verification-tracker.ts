import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TVerificationTracker } from '@sanad/contracts/insights';
import { INSIGHT_ENDPOINTS } from '@sanad/contracts/insights.endpoints';
import { api } from '../../../lib/api';
import { getActiveDataSegmentId } from '../../../lib/session';

export interface TrackerRange {
  from: string;
  to: string;
}

export async function getVerificationTracker(range: TrackerRange, signal?: AbortSignal): Promise<TVerificationTracker> {
  const query = { ...range, dataSegmentId: getActiveDataSegmentId() ?? undefined };
  return (await api(INSIGHT_ENDPOINTS.verificationTracker, { query }, { signal })).data;
}

export const verificationTrackerQuery = (range: TrackerRange) =>
  queryOptions({
    queryKey: ['insights', 'verification-tracker', range.from, range.to, getActiveDataSegmentId()],
    queryFn: ({ signal }) => getVerificationTracker(range, signal),
    placeholderData: keepPreviousData,
  });

export function useVerificationTracker(range: TrackerRange) {
  return useQuery(verificationTrackerQuery(range));
}
