import { IDENTITY_PROVIDER_ENDPOINTS } from '@sanad/contracts/identity-providers.endpoints';
import { MESSAGES } from '@sanad/contracts/messages';
import { api } from '../../../lib/api';
import { saveSession } from '../../../lib/session';

/**
 * Trades the one-time code the server's callback put in the login page's URL for the session, in
 * a POST body (the access token never appears in a URL), and stores { accessToken, expiresIn,
 * profile } exactly as a password sign-in does. Answers where to go next.
 */
export async function exchangeIdentityHandoff(code: string): Promise<string | null> {
  const { data } = await api(IDENTITY_PROVIDER_ENDPOINTS.exchange, { body: { code } });
  if (!data.accessToken) throw new Error(MESSAGES.loginFailed);
  const { redirectTo, ...session } = data;
  saveSession(session);
  return redirectTo;
}
