import { afterEach, describe, expect, it } from 'vitest';
import { chooseLanguage, chosenLanguage, forgetChosenLanguage } from './language-store';
import { directionOf, languageFromNavigator } from './languages';

afterEach(() => {
  // The own property below hides jsdom's getter; removing it brings the browser's list back.
  Reflect.deleteProperty(window.navigator, 'languages');
  window.localStorage.clear();
  forgetChosenLanguage();
});

describe('the language of a first visit', () => {
  it('follows the browser: the first preferred language we speak wins, English otherwise', () => {
    expect(languageFromNavigator(['ar-EG', 'en'])).toBe('ar');
    expect(languageFromNavigator(['ur-PK'])).toBe('ur');
    expect(languageFromNavigator(['ur_IN'])).toBe('ur');
    expect(languageFromNavigator(['fr-FR', 'ar'])).toBe('ar');
    expect(languageFromNavigator(['en-US', 'ar'])).toBe('en');
    expect(languageFromNavigator(['de-DE'])).toBe('en');
    expect(languageFromNavigator([])).toBe('en');
  });

  it('reads navigator.languages, and a choice made earlier in this browser wins over it', () => {
    Object.defineProperty(window.navigator, 'languages', { value: ['ur-PK', 'en-GB'], configurable: true });
    forgetChosenLanguage();
    expect(chosenLanguage()).toBe('ur');
    chooseLanguage('ar');
    expect(window.localStorage.getItem('sanad.language')).toBe('ar');
    forgetChosenLanguage();
    expect(chosenLanguage()).toBe('ar');
  });

  it('lays Arabic and Urdu out right to left, English left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('ur')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });
});
