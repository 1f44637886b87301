import { useQuery } from '@tanstack/react-query';
import { PASSWORD_ENDPOINTS } from '@sanad/contracts/passwords.endpoints';
import type { TPasswordLinkPurpose } from '@sanad/contracts/passwords';
import { api } from '../../../lib/api';

/** GET users/password/link/:token: what a live link is for; a dead link is refused with its message. */
export async function checkPasswordLink(token: string, signal?: AbortSignal): Promise<TPasswordLinkPurpose> {
  const { data } = await api(PASSWORD_ENDPOINTS.checkLink, { params: { token } }, { signal });
  return data.purpose;
}

/**
 * Checks an e-mailed link as its page opens, so a used or expired link is said to be invalid at
 * once rather than after the user has typed a new password. Checking does not use the link up.
 */
export function usePasswordLink(token: string) {
  return useQuery({
    queryKey: [PASSWORD_ENDPOINTS.checkLink.path, token],
    queryFn: ({ signal }) => checkPasswordLink(token, signal),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}
