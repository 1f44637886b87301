import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../lib/i18n/language-store';
import { translatorFor } from '../lib/i18n/use-t';
import { widgetStrings } from './Captcha';

beforeAll(async () => {
  await loadCatalogue('ar');
  await loadCatalogue('ur');
});

describe('the captcha widget’s own texts', () => {
  it('gives ALTCHA every text it translates itself, so none is left in English', async () => {
    // ALTCHA's Arabic file registers its texts in the widget's shared store; ours must name the same ones.
    await import('altcha/i18n/ar');
    const altchaKeys = Object.keys(globalThis.$altcha.i18n.get('ar')).toSorted();
    expect(Object.keys(widgetStrings(translatorFor('ur'))).toSorted()).toEqual(altchaKeys);
  });

  it('speaks the language on screen, the ALTCHA link kept in the footer', () => {
    const arabic = widgetStrings(translatorFor('ar'));
    expect([arabic.label, arabic.verifying, arabic.verified, arabic.loading]).toEqual([
      'أنا لست روبوتًا',
      'جارٍ التحقق...',
      'تم التحقق',
      'جارٍ التحميل...',
    ]);
    expect(arabic.footer).toMatch(/^محمي بواسطة <a href="https:\/\/altcha\.org\/"[^>]*aria-label="ALTCHA \(الموقع الرسمي\)">ALTCHA<\/a>$/);
    expect(widgetStrings(translatorFor('en')).label).toBe("I'm not a robot");
    expect(widgetStrings(translatorFor('ur')).label).toBe('میں روبوٹ نہیں ہوں');
  });
});
