import { SESSION_ENDPOINTS } from '@sanad/contracts/session.endpoints';
import { api } from './api';
import { STORAGE_KEYS, clearSession, clearSessionKeys } from './session';

/**
 * Ends the session on the server and locally. When the server call fails, the user, token and
 * expiry are cleared anyway and the server's message is returned for display. A session
 * that came from a national digital identity provider then continues to that provider's logout
 * page (AD-15): `isLeaving` tells the caller the browser is already on its way there.
 */
export async function signOut(
  leaveTo: (url: string) => void = (url) => window.location.assign(url),
): Promise<{ error: string | null; isLeaving: boolean }> {
  try {
    const { data } = await api(SESSION_ENDPOINTS.logout);
    clearSession();
    if (data?.logoutUrl && /^https?:\/\//.test(data.logoutUrl)) {
      leaveTo(data.logoutUrl);
      return { error: null, isLeaving: true };
    }
    return { error: null, isLeaving: false };
  } catch (error) {
    clearSessionKeys([STORAGE_KEYS.user, STORAGE_KEYS.token, STORAGE_KEYS.tokenExpiry]);
    return { error: error instanceof Error ? error.message : null, isLeaving: false };
  }
}
