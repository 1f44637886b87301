import type { TProfile } from '@sanad/contracts/session';
import { SESSION_ENDPOINTS } from '@sanad/contracts/session.endpoints';
import { api } from './api';
import { ApiError } from './api-client';
import { getToken, saveProfile } from './session';

let inFlight: Promise<TProfile | null> | null = null;

/**
 * Verifies the stored token with the server (signature, expiry, live session) and refreshes the
 * stored profile. A token that fails verification counts as not signed in: the client's
 * 401 handling has already cleared storage by the time this returns null.
 */
export function verifyCurrentSession(): Promise<TProfile | null> {
  if (!getToken()) return Promise.resolve(null);
  inFlight ??= api(SESSION_ENDPOINTS.verify)
    .then(({ data }) => {
      saveProfile(data);
      return data;
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
