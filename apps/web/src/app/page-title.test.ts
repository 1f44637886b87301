import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../lib/i18n/language-store';
import { pageTitle } from '../lib/i18n/page-title';
import { translatorFor } from '../lib/i18n/use-t';
import { PAGE_ROUTES } from './route-table';

beforeAll(async () => {
  await loadCatalogue('ar');
  await loadCatalogue('ur');
});

const ARABIC_SCRIPT = /^[\u0600-\u06FF\s:]+$/;

describe('the browser tab title', () => {
  it('reads a public step’s title in the customer’s language', () => {
    expect(pageTitle('Registration: Setup profile', translatorFor('ar'))).toBe('Sanad | التسجيل: إعداد الملف الشخصي');
    expect(pageTitle('Document upload: Preview', translatorFor('ur'))).toBe('Sanad | دستاویزات اپ لوڈ: جائزہ');
    expect(pageTitle('Registration', translatorFor('en'))).toBe('Sanad | Registration');
  });

  it.each(['ar', 'ur'] as const)('has every public route’s title in %s, nothing left in English', (language) => {
    const titles = [...new Set(PAGE_ROUTES.filter((route) => route.meta.publicRegistration).map((route) => route.meta.title))];
    expect(titles.length).toBeGreaterThan(5);
    const untranslated = titles.filter((title) => !ARABIC_SCRIPT.test(pageTitle(title, translatorFor(language)).replace('Sanad | ', '')));
    expect(untranslated).toEqual([]);
  });

  it('leaves a staff screen’s title as it is written', () => {
    expect(pageTitle('Temp Customers', translatorFor('ar'))).toBe('Sanad | Temp Customers');
  });
});
