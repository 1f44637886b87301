import { ISO_COUNTRIES } from '@sanad/risk/defaults/iso-countries';
import type { TLanguage } from './languages';

const ENGLISH = new Map(ISO_COUNTRIES.map((country) => [country.code, country.name]));
const CODE_OF_ENGLISH = new Map(ISO_COUNTRIES.map((country) => [country.name, country.code]));
const NAMERS = new Map<TLanguage, Intl.DisplayNames | null>();
const OPTIONS = new Map<TLanguage, Array<{ value: string; label: string }>>();

function namer(language: TLanguage): Intl.DisplayNames | null {
  if (!NAMERS.has(language)) {
    let made: Intl.DisplayNames | null = null;
    try {
      made = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    } catch {
      made = null;
    }
    NAMERS.set(language, made);
  }
  return NAMERS.get(language) ?? null;
}

/**
 * A country's name in the language: English from our own list (the names staff know), Arabic and
 * Urdu from the browser's CLDR region names; the English name where the browser has none.
 */
export function countryNameIn(code: string, language: TLanguage): string {
  const english = ENGLISH.get(code) ?? code;
  if (language === 'en') return english;
  try {
    return namer(language)?.of(code) ?? english;
  } catch {
    return english;
  }
}

/** A name written in English (a record section's value) in the language; any other text stays. */
export function localizeCountryName(englishName: string, language: TLanguage): string {
  const code = CODE_OF_ENGLISH.get(englishName);
  return code ? countryNameIn(code, language) : englishName;
}

/** The country choices in the language, in that language's alphabetical order. */
export function countryOptions(language: TLanguage): Array<{ value: string; label: string }> {
  let options = OPTIONS.get(language);
  if (!options) {
    options = ISO_COUNTRIES.map((country) => ({ value: country.code, label: countryNameIn(country.code, language) }));
    if (language !== 'en') options.sort((a, b) => a.label.localeCompare(b.label, language));
    OPTIONS.set(language, options);
  }
  return options;
}
