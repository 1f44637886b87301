import { useSyncExternalStore } from 'react';
import {
  DEFAULT_DISPLAY_SETTINGS,
  withDisplayDefaults,
  type DisplaySettings as TDisplaySettings,
} from '@sanad/contracts/branding-defaults';
import { BRANDING_ENDPOINTS } from '@sanad/contracts/branding.endpoints';
import { api } from './api';
import { STORAGE_KEYS } from './session';

const listeners = new Set<() => void>();
let current: TDisplaySettings = readCached() ?? DEFAULT_DISPLAY_SETTINGS;

function readCached(): TDisplaySettings | null {
  const raw = localStorage.getItem(STORAGE_KEYS.displaySettings);
  if (!raw) return null;
  try {
    return withDisplayDefaults(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function setDisplaySettings(settings: TDisplaySettings): void {
  current = settings;
  localStorage.setItem(STORAGE_KEYS.displaySettings, JSON.stringify(settings));
  for (const listener of listeners) listener();
}

/** Branding is fetched only when none is cached; until then the defaults show. */
export async function loadDisplaySettings(): Promise<void> {
  const cached = readCached();
  if (cached) {
    current = cached;
    return;
  }
  try {
    const { data } = await api(BRANDING_ENDPOINTS.get);
    setDisplaySettings(withDisplayDefaults(data));
  } catch {
    // The defaults are a complete brand; a failed fetch is retried on the next visit.
  }
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
