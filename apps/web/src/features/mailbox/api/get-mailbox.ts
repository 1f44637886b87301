import { useQuery } from '@tanstack/react-query';
import { MAILBOX_ENDPOINTS } from '@sanad/contracts/mailbox.endpoints';
import type { TMailboxListQuery } from '@sanad/contracts/mailbox';
import { api } from '../../../lib/api';
import { usePage } from '../../../lib/list-api';

/** The messages the user may read; the mailbox spans every segment they may see. */
export function useMailbox(query: Partial<TMailboxListQuery>, enabled: boolean) {
  return usePage(MAILBOX_ENDPOINTS.list, { query }, { dataSegmentId: 'skip', enabled });
}

export function useMailboxMessage(id: string | null) {
  return useQuery({
    queryKey: ['mailbox-message', id],
    queryFn: async ({ signal }) => (await api(MAILBOX_ENDPOINTS.get, { params: { id: id ?? '' } }, { signal })).data,
    enabled: id !== null,
  });
}
