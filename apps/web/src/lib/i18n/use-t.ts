import { countryNameIn, countryOptions, localizeCountryName } from './countries';
import { en, type TMessageKey } from './en';
import { loadedCatalogue, useLanguage } from './language-store';
import { directionOf, type TLanguage } from './languages';
import { indexMessages, interpolate, translateMessage, type TVars } from './translate';

const INDEX = indexMessages(en);

export interface Translator {
  language: TLanguage;
  dir: 'ltr' | 'rtl';
  /** A catalogue message, its {name} placeholders filled in. */
  t: (key: TMessageKey, vars?: TVars) => string;
  /** Text that arrives in English (a server or contract message, an option's label) in this language; unknown text as it came. */
  tm: (text: string) => string;
  /** A country's name by its ISO code. */
  country: (code: string | null | undefined) => string;
  /** A country name written in English, in this language. */
  countryByName: (englishName: string) => string;
  countryOptions: () => Array<{ value: string; label: string }>;
  /** Latin data (an e-mail, a date) inside a right-to-left sentence, isolated so it reads left to right; as it is in English. */
  isolate: (text: string) => string;
}

const TRANSLATORS = new Map<TLanguage, Translator>();

export function translatorFor(language: TLanguage): Translator {
  const catalogue = language === 'en' ? en : loadedCatalogue(language);
  if (!catalogue) return translatorFor('en');
  let translator = TRANSLATORS.get(language);
  if (!translator) {
    translator = {
      language,
      dir: directionOf(language),
      t: (key, vars) => interpolate(catalogue[key], vars),
      tm: (text) => (language === 'en' ? text : translateMessage(text, INDEX, catalogue)),
      country: (code) => (code ? countryNameIn(code, language) : ''),
      countryByName: (englishName) => localizeCountryName(englishName, language),
      countryOptions: () => countryOptions(language),
      isolate: (text) => (directionOf(language) === 'rtl' ? `\u2068${text}\u2069` : text),
    };
    TRANSLATORS.set(language, translator);
  }
  return translator;
}

/** The translator of the language on screen (English on staff screens). */
export function useT(): Translator {
  return translatorFor(useLanguage());
}
