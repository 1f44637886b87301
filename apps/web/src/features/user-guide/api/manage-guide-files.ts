import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuideEdition } from '@sanad/contracts/user-guide-catalogue';
import { USER_GUIDE_ENDPOINTS } from '@sanad/contracts/user-guide.endpoints';
import { api } from '../../../lib/api';
import { USER_GUIDE_KEY } from './get-user-guide';

export interface GuideSlotTarget {
  edition: GuideEdition;
  asset: string;
  /** null: the installation-wide default. */
  dataSegmentId: string | null;
}

const slotOf = (target: GuideSlotTarget) => ({
  params: { edition: target.edition, asset: target.asset },
  query: { dataSegmentId: target.dataSegmentId ?? 'skip' },
});

/** POST configurations/user-guide/{edition}/{asset}: multipart with the file. */
export async function uploadGuideFile(target: GuideSlotTarget, file: File): Promise<string> {
  const { message } = await api(USER_GUIDE_ENDPOINTS.upload, { ...slotOf(target), form: { file } });
  return message;
}

export async function removeGuideFile(target: GuideSlotTarget): Promise<string> {
  const { message } = await api(USER_GUIDE_ENDPOINTS.remove, slotOf(target));
  return message;
}

export function useGuideFileMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: USER_GUIDE_KEY });
  return {
    upload: useMutation({
      mutationFn: ({ target, file }: { target: GuideSlotTarget; file: File }) => uploadGuideFile(target, file),
      onSettled,
    }),
    remove: useMutation({ mutationFn: removeGuideFile, onSettled }),
  };
}
