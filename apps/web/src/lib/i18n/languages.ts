import { FORM_LANGUAGES, RIGHT_TO_LEFT, type TFormLanguage } from '@sanad/contracts/form-builder';

/** The languages the public flows speak: the form builder's, so a form's own texts follow the same choice. */
export type TLanguage = TFormLanguage;
export const LANGUAGES = FORM_LANGUAGES;

/** Each language named in itself, as the language menu lists it. */
export const LANGUAGE_NAMES: Readonly<Record<TLanguage, string>> = { en: 'English', ar: 'العربية', ur: 'اردو' };

/** The menu's own label, in the language on screen (kept here so the menu loads no catalogue). */
export const LANGUAGE_MENU_LABEL: Readonly<Record<TLanguage, string>> = { en: 'Language', ar: 'اللغة', ur: 'زبان' };

/**
 * The words of the app's frame, shown before any catalogue has loaded (the loading screens) or
 * built into the theme (the close button of every dialog and toast, the button that removes a chosen
 * file); the catalogue test checks they read as the catalogue's `common.loading`, `common.close`
 * and `file.remove`.
 */
export const LOADING_LABEL: Readonly<Record<TLanguage, string>> = { en: 'Loading...', ar: 'جارٍ التحميل...', ur: 'لوڈ ہو رہا ہے...' };
export const CLOSE_LABEL: Readonly<Record<TLanguage, string>> = { en: 'Close', ar: 'إغلاق', ur: 'بند کریں' };
export const REMOVE_LABEL: Readonly<Record<TLanguage, string>> = { en: 'Remove', ar: 'إزالة', ur: 'ہٹائیں' };

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isRightToLeft(language: TLanguage): boolean {
  return RIGHT_TO_LEFT.includes(language);
}

export function directionOf(language: TLanguage): 'rtl' | 'ltr' {
  return isRightToLeft(language) ? 'rtl' : 'ltr';
}

/**
 * The language a first visit starts in: the browser's preferences in order, the first one we speak
 * winning (ar-EG is Arabic, ur-PK Urdu, en-GB English); English when none is.
 */
export function languageFromNavigator(preferences: readonly string[]): TLanguage {
  for (const tag of preferences) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}
