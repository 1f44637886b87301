import { api } from './api-client';
import { STORAGE_KEYS, clearSession, clearSessionKeys } from './session';

/**
 * Ends the session on the server and locally. When the server call fails, the user, token and
 * expiry are cleared anyway and the server's message is returned for display (001 §8).
 */
export async function signOut(): Promise<{ error: string | null }> {
  try {
    await api.post('users/logout');
    clearSession();
    return { error: null };
  } catch (error) {
    clearSessionKeys([STORAGE_KEYS.user, STORAGE_KEYS.token, STORAGE_KEYS.tokenExpiry]);
    return { error: error instanceof Error ? error.message : null };
  }
}
