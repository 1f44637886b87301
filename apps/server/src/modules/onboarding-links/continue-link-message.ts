import { PRODUCT_NAME } from '@sanad/contracts/constants';
import type { TMessageLanguage } from '@sanad/contracts/temp-customers';
import type { OutgoingMessage } from '../../platform/messaging/outbox';
import { linkMessage, type LinkMessageTexts } from '../../platform/messaging/message-layout';

export interface ContinueLink {
  dataSegmentId: string;
  channel: 'email' | 'sms';
  /** The contact the journey just verified with a code. */
  recipient: string;
  firstName: string;
  companyName: string;
  url: string;
  expiresAt: string;
  language: TMessageLanguage;
}

const TEXTS: Record<TMessageLanguage, (company: string, firstName: string, url: string, date: string) => LinkMessageTexts> = {
  en: (company, firstName, url, date) => ({
    subject: `Continue your registration with ${company}`,
    greeting: firstName ? `Hello ${firstName},` : 'Hello,',
    intro: `You verified this e-mail address on your registration with ${company}. Your progress is saved: to continue on this or another device, open this link.`,
    action: 'Continue your registration',
    expiry: `The link works until your registration is complete and expires on ${date}. Do not forward it: anyone with this link can continue your registration.`,
    closing: 'If you did not start a registration, you can ignore this message.',
    sms: `${company}: continue your registration at ${url} (until ${date}). Do not share this link.`,
  }),
  ar: (company, firstName, url, date) => ({
    subject: `تابع تسجيلك لدى ${company}`,
    greeting: firstName ? `مرحبًا ${firstName}،` : 'مرحبًا،',
    intro: `لقد تحققت من عنوان البريد الإلكتروني هذا في تسجيلك لدى ${company}. تم حفظ تقدمك: لمتابعة التسجيل على هذا الجهاز أو على جهاز آخر، افتح هذا الرابط.`,
    action: 'تابع تسجيلك',
    expiry: `يعمل الرابط حتى يكتمل تسجيلك، وتنتهي صلاحيته في ${date}. لا تعِد توجيهه: يمكن لأي شخص لديه هذا الرابط متابعة تسجيلك.`,
    closing: 'إذا لم تبدأ تسجيلًا، يمكنك تجاهل هذه الرسالة.',
    sms: `${company}: تابع تسجيلك عبر ${url} (حتى ${date}). لا تشارك هذا الرابط.`,
  }),
  ur: (company, firstName, url, date) => ({
    subject: `${company} کے ساتھ اپنی رجسٹریشن جاری رکھیں`,
    greeting: firstName ? `السلام علیکم ${firstName}،` : 'السلام علیکم،',
    intro: `آپ نے ${company} کے ساتھ اپنی رجسٹریشن میں اس ای میل پتے کی تصدیق کی ہے۔ آپ کی پیش رفت محفوظ ہے: اسی یا کسی دوسرے آلے پر جاری رکھنے کے لیے یہ لنک کھولیں۔`,
    action: 'اپنی رجسٹریشن جاری رکھیں',
    expiry: `یہ لنک آپ کی رجسٹریشن مکمل ہونے تک کام کرتا ہے اور ${date} کو ختم ہو جائے گا۔ اسے آگے نہ بھیجیں: جس کے پاس بھی یہ لنک ہو وہ آپ کی رجسٹریشن جاری رکھ سکتا ہے۔`,
    closing: 'اگر آپ نے کوئی رجسٹریشن شروع نہیں کی تو اس پیغام کو نظر انداز کر دیں۔',
    sms: `${company}: اپنی رجسٹریشن ${url} پر جاری رکھیں (${date} تک)۔ یہ لنک کسی کو نہ دیں۔`,
  }),
};

/**
 * The older public form's link to continue a journey on another device, sent to the contact the
 * journey verified with a code, in the language the customer uses the form in. It carries the
 * journey's token (in the address's fragment, see continueLinkUrl), so it is marked sensitive: the
 * outbox blanks the body once delivered.
 */
export function continueLinkMessage(link: ContinueLink): OutgoingMessage {
  const company = link.companyName.trim() || PRODUCT_NAME;
  const texts = TEXTS[link.language](company, link.firstName, link.url, link.expiresAt.slice(0, 10));
  return linkMessage(link, link.language, texts, link.url);
}

/**
 * The address that continues an older public form journey: the form's own address with the token
 * in the fragment, which the browser never sends to a server (no request log, no Referer); the page
 * moves it to the tab's session storage and takes it out of the address at once.
 */
export function continueLinkUrl(publicUrl: string, dataSegmentId: string, token: string): string {
  return `${publicUrl}/${dataSegmentId}/register#continue=${token}`;
}

/** a***@example.com, or the last 4 digits of a number: what the page may show of where the link went. */
export function maskContact(channel: 'email' | 'sms', address: string): string {
  if (channel === 'sms') return `${'*'.repeat(Math.max(0, address.length - 4))}${address.slice(-4)}`;
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, Math.min(2, local.length))}***@${domain}`;
}
