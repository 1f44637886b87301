import type { TIdentitySession } from '@sanad/contracts/identity-providers';
import { MESSAGES } from '@sanad/contracts/messages';
import { api } from '../../../lib/api-client';
import { saveSession } from '../../../lib/session';

/**
 * Trades the one-time code the server's callback put in the login page's URL for the session, in
 * a POST body (the access token never appears in a URL), and stores { accessToken, expiresIn,
 * profile } exactly as a password sign-in does. Answers where to go next.
 */
export async function exchangeIdentityHandoff(code: string): Promise<string | null> {
  const { data } = await api.post<TIdentitySession | null>('users/oidc/exchange', { code });
  if (!data?.accessToken) throw new Error(MESSAGES.loginFailed);
  const { redirectTo, ...session } = data;
  saveSession(session);
  return redirectTo;
}
