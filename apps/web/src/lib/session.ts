import { useSyncExternalStore } from 'react';
import type { TProfile, TSession, TTokenClaims } from '@sanad/contracts/session';
import { getLinkSession } from './link-session';

/** Everything Sanad keeps in local storage, under these exact keys. */
export const STORAGE_KEYS = {
  user: 'user',
  token: 'token',
  tokenExpiry: 'tokenExpiry',
  displaySettings: 'displaySettings',
  customer: 'customer',
  dataSegmentId: 'dataSegmentId',
  alertData: 'alertData',
} as const;

const listeners = new Set<() => void>();
let version = 0;

function notify(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function readJson<T>(key: string): T | null {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function getUser(): TProfile | null {
  return readJson<TProfile>(STORAGE_KEYS.user);
}

/** Token expiry as epoch milliseconds. */
export function getTokenExpiry(): number | null {
  const value = Number(localStorage.getItem(STORAGE_KEYS.tokenExpiry));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Stores what login and account activation return: the token, its expiry (now + expiresIn) and the profile. */
export function saveSession(session: TSession, now = Date.now()): void {
  localStorage.setItem(STORAGE_KEYS.token, session.accessToken);
  localStorage.setItem(STORAGE_KEYS.tokenExpiry, String(now + session.expiresIn * 1000));
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(session.profile));
  chooseActiveDataSegment(session.profile, readTokenClaims(session.accessToken));
  notify();
}

export function saveProfile(profile: TProfile): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(profile));
  notify();
}

/** A token returned in a response's authorization header replaces the stored one. */
export function replaceToken(token: string): void {
  if (token && token !== getToken()) {
    localStorage.setItem(STORAGE_KEYS.token, token);
    notify();
  }
}

export function extendExpiry(expiresIn: number, now = Date.now()): void {
  localStorage.setItem(STORAGE_KEYS.tokenExpiry, String(now + expiresIn * 1000));
  notify();
}

/** Sign-out and any 401 clear all of local storage, the active data segment included. */
export function clearSession(): void {
  localStorage.clear();
  // A registration draft holds a customer's details: it must not outlive the staff session.
  sessionStorage.clear();
  notify();
}

/** Removes some keys only, as a failed logout does (it keeps display settings and the rest). */
export function clearSessionKeys(keys: readonly string[]): void {
  for (const key of keys) localStorage.removeItem(key);
  notify();
}

export function readTokenClaims(token: string | null): TTokenClaims | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(decodeURIComponent(escape(json))) as TTokenClaims;
  } catch {
    return null;
  }
}

/** The segment requests act on: a public onboarding page's link segment, else the staff user's active one. */
export function getActiveDataSegmentId(): string | null {
  return getLinkSession()?.dataSegmentId ?? localStorage.getItem(STORAGE_KEYS.dataSegmentId);
}

export function setActiveDataSegmentId(id: string): void {
  localStorage.setItem(STORAGE_KEYS.dataSegmentId, id);
  notify();
}

/**
 * Keeps the remembered segment when the user may still see it, else falls back to the first one
 * they may see. A user who sees every segment keeps the remembered one, or the token's.
 */
export function chooseActiveDataSegment(profile: TProfile, claims: TTokenClaims | null): string | null {
  const saved = getActiveDataSegmentId();
  const allowed = profile.dataSegmentIds;
  const chosen =
    allowed.length === 0 ? (saved ?? claims?.dataSegment?._id ?? null) : saved && allowed.includes(saved) ? saved : (allowed[0] ?? null);
  if (chosen) localStorage.setItem(STORAGE_KEYS.dataSegmentId, chosen);
  else localStorage.removeItem(STORAGE_KEYS.dataSegmentId);
  return chosen;
}

// Another tab signing in or out changes what this tab must show.
function onStorage(event: StorageEvent): void {
  if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never)) notify();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The signed-in user, re-rendering when the session changes in this or another tab. */
export function useSessionUser(): TProfile | null {
  useSyncExternalStore(subscribeSession, () => version);
  return getUser();
}

export function useTokenExpiry(): number | null {
  useSyncExternalStore(subscribeSession, () => version);
  return getTokenExpiry();
}
