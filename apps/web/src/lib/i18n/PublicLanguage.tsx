import { useLayoutEffect, type ReactNode } from 'react';
import { useDirection } from '@mantine/core';
import { enterPublicScreen, useLanguage } from './language-store';
import { directionOf, type TLanguage } from './languages';

function applyToDocument(language: TLanguage, setDirection: (dir: 'ltr' | 'rtl') => void): void {
  const dir = directionOf(language);
  document.documentElement.lang = language;
  document.documentElement.dir = dir;
  // Mantine's own direction (popovers, sliders, menus) follows the page's.
  setDirection(dir);
}

/**
 * Puts the language on screen on <html lang dir> and Mantine's direction, so the whole page and
 * its dialogs mirror; while `isPublic`, the customer's language is the one on screen. Leaving puts
 * English, left to right, back.
 */
export function usePublicLanguage(isPublic: boolean): TLanguage {
  const { setDirection } = useDirection();
  useLayoutEffect(() => (isPublic ? enterPublicScreen() : undefined), [isPublic]);
  const language = useLanguage();
  useLayoutEffect(() => {
    applyToDocument(language, setDirection);
    return () => applyToDocument('en', setDirection);
  }, [language, setDirection]);
  return language;
}

/** A public screen's content outside the app's routes (tests render a step in it). */
export function PublicLanguageScope({ children }: { children: ReactNode }) {
  usePublicLanguage(true);
  return <>{children}</>;
}
