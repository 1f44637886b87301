import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TIdentityProvider } from '@sanad/contracts/identity-providers';
import { api } from '../../../lib/api-client';

export async function getIdentityProviders(signal?: AbortSignal): Promise<TIdentityProvider[]> {
  const { data } = await api.get<TIdentityProvider[]>('users/oidc/providers', undefined, signal);
  return data;
}

export const identityProvidersQuery = () =>
  queryOptions({
    queryKey: ['users', 'oidc', 'providers'],
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
  return `/api/users/oidc/${encodeURIComponent(providerId)}/authorize${query}`;
}
