import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuideEdition } from '@sanad/contracts/user-guide-catalogue';
import type { TUserGuide } from '@sanad/contracts/user-guide';
import { USER_GUIDE_ENDPOINTS } from '@sanad/contracts/user-guide.endpoints';
import { api } from '../../../lib/api';

/** GET configurations/user-guide: the files of an edition for a segment ('skip' for the defaults). */
export async function getUserGuide(edition: GuideEdition, dataSegmentId: string | null, signal?: AbortSignal): Promise<TUserGuide> {
  const { data } = await api(USER_GUIDE_ENDPOINTS.get, { query: { edition, dataSegmentId: dataSegmentId ?? 'skip' } }, { signal });
  return data;
}

export const USER_GUIDE_KEY = ['user-guide'] as const;

export const userGuideQuery = (edition: GuideEdition, dataSegmentId: string | null) =>
  queryOptions({
    queryKey: [...USER_GUIDE_KEY, edition, dataSegmentId],
    queryFn: ({ signal }) => getUserGuide(edition, dataSegmentId, signal),
  });

export function useUserGuide(edition: GuideEdition, dataSegmentId: string | null, isEnabled = true) {
  return useQuery({ ...userGuideQuery(edition, dataSegmentId), enabled: isEnabled });
}
