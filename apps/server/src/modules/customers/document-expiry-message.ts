import type { TMessageLanguage } from '@sanad/contracts/temp-customers';
import type { OutgoingMessage } from '../../platform/messaging/outbox';
import { emailHtml, escapeHtml } from '../../platform/messaging/message-layout';

interface ExpiryTexts {
  subject: string;
  greeting: string;
  notice: string;
  uploadHere: string;
  action: string;
  until: string;
}

/** The e-mail's words in each language the public flows speak; the dates stay ISO days in every language. */
const TEXTS: Record<TMessageLanguage, (firstName: string, isExpired: boolean, expiryDate: string, until: string) => ExpiryTexts> = {
  en: (firstName, isExpired, expiryDate, until) => ({
    subject: isExpired ? 'Your identity document has expired' : 'Your identity document is expiring',
    greeting: `Hello ${firstName || 'there'},`,
    notice: `Our records show that your identity document ${isExpired ? 'expired' : 'expires'} on ${expiryDate}.`,
    uploadHere: 'Please upload a valid document here:',
    action: 'Upload your document',
    until: `The link can be used until ${until}.`,
  }),
  ar: (firstName, isExpired, expiryDate, until) => ({
    subject: isExpired ? 'انتهت صلاحية وثيقة هويتك' : 'وثيقة هويتك على وشك الانتهاء',
    greeting: firstName ? `مرحبًا ${firstName}،` : 'مرحبًا،',
    notice: isExpired
      ? `تُظهر سجلاتنا أن صلاحية وثيقة هويتك انتهت في ${expiryDate}.`
      : `تُظهر سجلاتنا أن صلاحية وثيقة هويتك تنتهي في ${expiryDate}.`,
    uploadHere: 'يرجى رفع وثيقة سارية هنا:',
    action: 'ارفع وثيقتك',
    until: `يمكن استخدام الرابط حتى ${until}.`,
  }),
  ur: (firstName, isExpired, expiryDate, until) => ({
    subject: isExpired ? 'آپ کی شناختی دستاویز کی میعاد ختم ہو گئی ہے' : 'آپ کی شناختی دستاویز کی میعاد ختم ہونے والی ہے',
    greeting: firstName ? `السلام علیکم ${firstName}،` : 'السلام علیکم،',
    notice: isExpired
      ? `ہمارے ریکارڈ کے مطابق آپ کی شناختی دستاویز کی میعاد ${expiryDate} کو ختم ہو گئی۔`
      : `ہمارے ریکارڈ کے مطابق آپ کی شناختی دستاویز کی میعاد ${expiryDate} کو ختم ہو رہی ہے۔`,
    uploadHere: 'براہ کرم یہاں ایک کارآمد دستاویز اپ لوڈ کریں:',
    action: 'اپنی دستاویز اپ لوڈ کریں',
    until: `یہ لنک ${until} تک استعمال ہو سکتا ہے۔`,
  }),
};

/**
 * The daily job's e-mail to a customer whose identity document has expired or soon will, in the
 * customer's language (Arabic and Urdu right to left). Marked sensitive: the outbox blanks the body
 * once delivered, so the link's token is not kept readable.
 */
export function documentExpiryMessage(message: {
  dataSegmentId: string;
  recipient: string;
  firstName: string;
  isExpired: boolean;
  expiryDate: string;
  url: string;
  expiresAt: string;
  language: TMessageLanguage;
}): OutgoingMessage {
  const texts = TEXTS[message.language](message.firstName, message.isExpired, message.expiryDate, message.expiresAt.slice(0, 10));
  return {
    dataSegmentId: message.dataSegmentId,
    channel: 'email',
    recipient: message.recipient,
    subject: texts.subject,
    text: `${texts.greeting}\n\n${texts.notice}\n\n${texts.uploadHere} ${message.url}\n\n${texts.until}\n`,
    html: emailHtml(message.language, [
      `<p>${escapeHtml(texts.greeting)}</p><p>${escapeHtml(texts.notice)}</p>`,
      `<p><a href="${escapeHtml(message.url)}">${escapeHtml(texts.action)}</a></p><p>${escapeHtml(texts.until)}</p>`,
    ]),
    isSensitive: true,
  };
}
