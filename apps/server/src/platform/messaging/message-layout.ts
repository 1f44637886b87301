import { RIGHT_TO_LEFT } from '@sanad/contracts/form-builder';
import type { TMessageLanguage } from '@sanad/contracts/temp-customers';

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * An e-mail's HTML body in the customer's language: Arabic and Urdu laid out right to left, with
 * `lang` set so that a mail client picks a fitting font and a screen reader the right voice. The
 * parts are already escaped HTML.
 */
export function emailHtml(language: TMessageLanguage, parts: string[]): string {
  const dir = RIGHT_TO_LEFT.includes(language) ? 'rtl' : 'ltr';
  return `<div lang="${language}" dir="${dir}" style="text-align:${dir === 'rtl' ? 'right' : 'left'}">${parts.join('')}</div>`;
}

/** A link's lifetime in words ("7 days", "12 hours"), Arabic with its dual and plural forms. */
export function lifetimeIn(language: TMessageLanguage, hours: number): string {
  const isDays = hours % 24 === 0;
  const count = isDays ? hours / 24 : hours;
  if (language === 'ar') {
    const [one, two, few, many] = isDays ? ['يوم واحد', 'يومين', 'أيام', 'يومًا'] : ['ساعة واحدة', 'ساعتين', 'ساعات', 'ساعة'];
    if (count === 1) return one;
    if (count === 2) return two;
    return `${count} ${count <= 10 ? few : many}`;
  }
  if (language === 'ur') return `${count} ${isDays ? 'دن' : 'گھنٹے'}`;
  return isDays ? `${count} day${count === 1 ? '' : 's'}` : `${count} hour${count === 1 ? '' : 's'}`;
}
