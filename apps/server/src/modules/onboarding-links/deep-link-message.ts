import { PRODUCT_NAME } from '@sanad/contracts/constants';
import type { TMessageLanguage } from '@sanad/contracts/temp-customers';
import type { OutgoingMessage } from '../../platform/messaging/outbox';
import { lifetimeIn, linkMessage, type LinkMessageTexts } from '../../platform/messaging/message-layout';

export interface DeepLinkInvitation {
  dataSegmentId: string;
  channel: 'email' | 'sms';
  recipient: string;
  firstName: string;
  companyName: string;
  url: string;
  validForHours: number;
  language?: TMessageLanguage;
}

/** The invitation's words in each language the public flows speak; the link and the numbers stay Latin. */
const TEXTS: Record<TMessageLanguage, (company: string, firstName: string, url: string, lifetime: string) => LinkMessageTexts> = {
  en: (company, firstName, url, lifetime) => ({
    subject: `Complete your registration with ${company}`,
    greeting: `Hello ${firstName || 'there'},`,
    intro: `${company} has invited you to complete your registration online. It takes a few minutes: have your identity document ready.`,
    action: 'Complete your registration',
    expiry: `The link works until your registration is complete and expires in ${lifetime}.`,
    closing: 'If you did not expect this message, you can ignore it.',
    sms: `${company}: complete your registration at ${url} (expires in ${lifetime}).`,
  }),
  ar: (company, firstName, url, lifetime) => ({
    subject: `أكمل تسجيلك لدى ${company}`,
    greeting: firstName ? `مرحبًا ${firstName}،` : 'مرحبًا،',
    intro: `دعتك ${company} إلى إكمال تسجيلك عبر الإنترنت. يستغرق ذلك بضع دقائق: جهّز وثيقة هويتك.`,
    action: 'أكمل تسجيلك',
    expiry: `يعمل الرابط حتى يكتمل تسجيلك، وتنتهي صلاحيته خلال ${lifetime}.`,
    closing: 'إذا لم تكن تتوقع هذه الرسالة، يمكنك تجاهلها.',
    sms: `${company}: أكمل تسجيلك عبر ${url} (تنتهي صلاحيته خلال ${lifetime}).`,
  }),
  ur: (company, firstName, url, lifetime) => ({
    subject: `${company} کے ساتھ اپنی رجسٹریشن مکمل کریں`,
    greeting: firstName ? `السلام علیکم ${firstName}،` : 'السلام علیکم،',
    intro: `${company} نے آپ کو اپنی رجسٹریشن آن لائن مکمل کرنے کی دعوت دی ہے۔ اس میں چند منٹ لگتے ہیں: اپنی شناختی دستاویز تیار رکھیں۔`,
    action: 'اپنی رجسٹریشن مکمل کریں',
    expiry: `یہ لنک آپ کی رجسٹریشن مکمل ہونے تک کام کرتا ہے اور ${lifetime} میں ختم ہو جائے گا۔`,
    closing: 'اگر آپ کو اس پیغام کی توقع نہیں تھی تو اسے نظر انداز کر دیں۔',
    sms: `${company}: اپنی رجسٹریشن ${url} پر مکمل کریں (${lifetime} میں ختم ہو جائے گا)۔`,
  }),
};

/**
 * The registration link, by e-mail or SMS, in the customer's language (English unless staff chose
 * another). Marked sensitive: the outbox blanks the body once delivered, so the token is not kept
 * in the database in readable form.
 */
export function deepLinkMessage(invitation: DeepLinkInvitation): OutgoingMessage {
  const language = invitation.language ?? 'en';
  const company = invitation.companyName.trim() || PRODUCT_NAME;
  const texts = TEXTS[language](company, invitation.firstName, invitation.url, lifetimeIn(language, invitation.validForHours));
  return linkMessage(invitation, language, texts, invitation.url);
}
