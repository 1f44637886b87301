import { RIGHT_TO_LEFT } from '@sanad/contracts/form-builder';
import type { TMessageLanguage } from '@sanad/contracts/temp-customers';
import type { OutgoingMessage } from './outbox';

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

/** The words of a message that brings the customer a link: a greeting, what it is for, the link, its lifetime, a closing line. */
export interface LinkMessageTexts {
  subject: string;
  greeting: string;
  intro: string;
  /** The link's words in the e-mail. */
  action: string;
  expiry: string;
  closing: string;
  /** The whole SMS, the link included. */
  sms: string;
}

/**
 * A link for the customer by e-mail (plain text and HTML in their language) or SMS. Marked
 * sensitive: the outbox blanks the body once delivered, so the token is not kept readable.
 */
export function linkMessage(
  to: { dataSegmentId: string; channel: 'email' | 'sms'; recipient: string },
  language: TMessageLanguage,
  texts: LinkMessageTexts,
  url: string,
): OutgoingMessage {
  const { dataSegmentId, channel, recipient } = to;
  if (channel === 'sms') return { dataSegmentId, channel, recipient, text: texts.sms, isSensitive: true };
  return {
    dataSegmentId,
    channel,
    recipient,
    subject: texts.subject,
    text: `${texts.greeting}\n\n${texts.intro}\n\n${url}\n\n${texts.expiry}\n\n${texts.closing}\n`,
    html: emailHtml(language, [
      `<p>${escapeHtml(texts.greeting)}</p>`,
      `<p>${escapeHtml(texts.intro)}</p>`,
      `<p><a href="${escapeHtml(url)}">${escapeHtml(texts.action)}</a></p>`,
      `<p>${escapeHtml(texts.expiry)}</p>`,
      `<p>${escapeHtml(texts.closing)}</p>`,
    ]),
    isSensitive: true,
  };
}
