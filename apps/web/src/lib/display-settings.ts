import { useSyncExternalStore } from 'react';
import {
  DEFAULT_DISPLAY_SETTINGS,
  withDisplayDefaults,
  type DisplaySettings as TDisplaySettings,
} from '@sanad/contracts/branding-defaults';
import { BRANDING_ENDPOINTS } from '@sanad/contracts/branding.endpoints';
import { api } from './api';
import { STORAGE_KEYS } from './session';

/**
 * A cached copy older than this counts as none, so a browser that never saves branding itself
 * still picks up a change made elsewhere within a day.
 */
const CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const listeners = new Set<() => void>();
let current: TDisplaySettings = readCached() ?? DEFAULT_DISPLAY_SETTINGS;

function readCached(now = Date.now()): TDisplaySettings | null {
  const raw = localStorage.getItem(STORAGE_KEYS.displaySettings);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as { cachedAt?: unknown };
    // A copy written before the cache carried its age is kept until the next save or fetch.
    if (typeof stored.cachedAt === 'number' && now - stored.cachedAt > CACHE_MAX_AGE_MS) return null;
    return withDisplayDefaults(stored);
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function setDisplaySettings(settings: TDisplaySettings): void {
  current = settings;
  localStorage.setItem(STORAGE_KEYS.displaySettings, JSON.stringify({ ...settings, cachedAt: Date.now() }));
  notify();
}

/** Branding is fetched only when none is cached; until then the defaults show. */
export async function loadDisplaySettings(): Promise<void> {
  const cached = readCached();
  if (cached) {
    current = cached;
    return;
  }
  await refreshDisplaySettings();
}

/** Fetches the branding now and caches it (after a save, or when the cached copy is missing or old). */
export async function refreshDisplaySettings(): Promise<void> {
  try {
    const { data } = await api(BRANDING_ENDPOINTS.get);
    setDisplaySettings(withDisplayDefaults(data));
  } catch {
    // The defaults are a complete brand; a failed fetch is retried on the next visit.
  }
}

// Another tab saved or fetched the branding: this one follows without asking the server again.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.displaySettings) return;
    const next = readCached();
    if (!next) return;
    current = next;
    notify();
  });
}

export function useDisplaySettings(): TDisplaySettings {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
