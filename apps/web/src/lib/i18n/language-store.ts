import { useSyncExternalStore } from 'react';
import type { TCatalogue } from './en';
import { isLanguage, languageFromNavigator, type TLanguage } from './languages';

/**
 * The language the public flows speak. The customer's choice (else the browser's preference) is
 * remembered in local storage; it is in effect only while a public screen is shown, so staff
 * screens, which are English, never turn right to left. The Arabic and Urdu catalogues load on
 * demand: until one has arrived the screen stays English.
 */
const STORAGE_KEY = 'sanad.language';

let chosen: TLanguage | null = null;
let publicScreens = 0;
const catalogues: Partial<Record<TLanguage, TCatalogue>> = {};
const listeners = new Set<() => void>();

const LOADERS: Record<Exclude<TLanguage, 'en'>, () => Promise<TCatalogue>> = {
  ar: () => import('./ar').then((module) => module.ar),
  ur: () => import('./ur').then((module) => module.ur),
};

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function readStored(): TLanguage | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The customer's language: chosen earlier in this browser, else the browser's preference. */
export function chosenLanguage(): TLanguage {
  if (chosen === null) {
    const preferences = navigator.languages?.length ? navigator.languages : [navigator.language];
    chosen = readStored() ?? languageFromNavigator(preferences);
  }
  return chosen;
}

export function chooseLanguage(language: TLanguage): void {
  chosen = language;
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // A browser that keeps nothing still switches for this visit.
  }
  void loadCatalogue(language);
  emit();
}

/** Forgets the choice made in this page (tests; the stored one is read again). */
export function forgetChosenLanguage(): void {
  chosen = null;
  emit();
}

/** Loads the language's catalogue once; English is always there. */
export async function loadCatalogue(language: TLanguage): Promise<void> {
  if (language === 'en' || catalogues[language]) return;
  catalogues[language] = await LOADERS[language]();
  emit();
}

export function loadedCatalogue(language: TLanguage): TCatalogue | undefined {
  return catalogues[language];
}

function activeLanguage(): TLanguage {
  if (publicScreens === 0) return 'en';
  const language = chosenLanguage();
  return language === 'en' || catalogues[language] ? language : 'en';
}

/** The language on screen: the customer's on a public screen (once its catalogue arrived), English elsewhere. */
export function useLanguage(): TLanguage {
  return useSyncExternalStore(subscribe, activeLanguage, () => 'en');
}

/** The language the menu shows as chosen (it may still be loading). */
export function useChosenLanguage(): TLanguage {
  return useSyncExternalStore(subscribe, chosenLanguage, () => 'en');
}

/** Whether a public screen is shown (its frame then offers the language menu). */
export function useIsPublicScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => publicScreens > 0,
    () => false,
  );
}

/** A public screen appears: the chosen language takes effect until the returned function is called. */
export function enterPublicScreen(): () => void {
  publicScreens += 1;
  void loadCatalogue(chosenLanguage());
  emit();
  let isLeft = false;
  return () => {
    if (isLeft) return;
    isLeft = true;
    publicScreens -= 1;
    emit();
  };
}
