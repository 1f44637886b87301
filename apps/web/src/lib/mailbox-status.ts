import { useQuery } from '@tanstack/react-query';
import { MAILBOX_ENDPOINTS } from '@sanad/contracts/mailbox.endpoints';
import { api } from './api';

let isOnKnown = false;

/** Whether the server's built-in mailbox is on (no mail server), as last heard; false until asked. */
export function isMailboxOn(): boolean {
  return isOnKnown;
}

async function fetchMailboxStatus(signal?: AbortSignal): Promise<boolean> {
  const { data } = await api(MAILBOX_ENDPOINTS.status, undefined, { signal });
  isOnKnown = data.enabled;
  return data.enabled;
}

/** The mailbox status of this server; it does not change while the server runs. */
export function useMailboxStatus(): boolean {
  const { data } = useQuery({
    queryKey: ['mailbox-status'],
    queryFn: ({ signal }) => fetchMailboxStatus(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ?? false;
}
