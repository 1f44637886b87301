import { queryOptions, useQuery } from '@tanstack/react-query';
import { SIGNUP_ENDPOINTS } from '@sanad/contracts/signup.endpoints';
import { api } from './api';

/** Whether this installation takes public sign-ups: the login page links to /signup only then. */
export async function getSignUpSettings(signal?: AbortSignal) {
  const { data } = await api(SIGNUP_ENDPOINTS.settings, {}, { signal });
  return data;
}

export const signUpSettingsQuery = () =>
  queryOptions({
    queryKey: [SIGNUP_ENDPOINTS.settings.path],
    queryFn: ({ signal }) => getSignUpSettings(signal),
    // A server setting: it changes only with a restart.
    staleTime: Infinity,
  });

export function useSignUpSettings() {
  return useQuery(signUpSettingsQuery());
}
