import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuideEdition } from '@sanad/contracts/user-guide-catalogue';
import { api } from '../../../lib/api-client';
import { USER_GUIDE_KEY } from './get-user-guide';

export interface GuideSlotTarget {
  edition: GuideEdition;
  asset: string;
  /** null: the installation-wide default. */
  dataSegmentId: string | null;
}

const slotPath = (target: GuideSlotTarget) => `configurations/user-guide/${target.edition}/${target.asset}`;

/** POST configurations/user-guide/{edition}/{asset}: multipart with the file. */
export async function uploadGuideFile(target: GuideSlotTarget, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const { message } = await api.upload<never>(slotPath(target), form, { dataSegmentId: target.dataSegmentId ?? 'skip' });
  return message;
}

export async function removeGuideFile(target: GuideSlotTarget): Promise<string> {
  const { message } = await api.delete<never>(slotPath(target), { dataSegmentId: target.dataSegmentId ?? 'skip' });
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
