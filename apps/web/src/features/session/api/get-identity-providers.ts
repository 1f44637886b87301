import { queryOptions, useQuery } from '@tanstack/react-query';
import { fillPath } from '@sanad/contracts/endpoint';
import { IDENTITY_PROVIDER_ENDPOINTS } from '@sanad/contracts/identity-providers.endpoints';
import { api } from '../../../lib/api';

export async function getIdentityProviders(signal?: AbortSignal) {
  const { data } = await api(IDENTITY_PROVIDER_ENDPOINTS.list, {}, { signal });
  return data;
}

export const identityProvidersQuery = () =>
  queryOptions({
    queryKey: [IDENTITY_PROVIDER_ENDPOINTS.list.path],
    queryFn: ({ signal }) => getIdentityProviders(signal),
    // Configured at the server's start; no need to ask again while the page is open.
    staleTime: Infinity,
  });

export function useIdentityProviders() {
  return useQuery(identityProvidersQuery());
}

/** The server endpoint that sends the browser on to the provider; a full page navigation, not a fetch. */
export function identityAuthorizeHref(providerId: string, redirectTo: string | null): string {
  const query = redirectTo ? `?${new URLSearchParams({ redirectTo })}` : '';
  return `/api/${fillPath(IDENTITY_PROVIDER_ENDPOINTS.authorize.path, { providerId })}${query}`;
}
