import { OTP_TTL_SECONDS, PRODUCT_NAME } from '@sanad/contracts/constants';
import type { TFormLanguage } from '@sanad/contracts/form-builder';
import type { CONTACT_OTP_PURPOSE, TOtpPurpose } from '@sanad/contracts/otp';

type Purpose = TOtpPurpose | typeof CONTACT_OTP_PURPOSE;

/** The three parts of a code's message: the e-mail's subject and body, and the SMS. */
export interface CodeMessage {
  subject: string;
  text: string;
  sms: string;
}

const PURPOSE_TEXT: Record<Purpose, string> = {
  'verify-contact': 'verify your contact details for your registration',
  'update-profile': 'update your profile',
  'change-password': 'change your password',
  'verify-number': 'verify your mobile number',
};

export function describePurpose(purpose: Purpose): string {
  return PURPOSE_TEXT[purpose];
}

const MINUTES = Math.round(OTP_TTL_SECONDS / 60);

function englishMessage(purpose: Purpose, code: string, greetingName: string): CodeMessage {
  const action = PURPOSE_TEXT[purpose];
  return {
    subject: `Your ${PRODUCT_NAME} verification code`,
    text: [
      `Hello ${greetingName || 'there'},`,
      '',
      `Your one-time code to ${action} is: ${code}`,
      '',
      `It expires in ${MINUTES} minutes and works once. Never share it with anyone; ${PRODUCT_NAME} staff will never ask for it.`,
      purpose === 'verify-contact'
        ? 'If you did not ask for this code, you can ignore this message.'
        : 'If you did not ask for this code, change your password.',
    ].join('\n'),
    sms: `${code} is your ${PRODUCT_NAME} code to ${action}. It expires in ${MINUTES} minutes.`,
  };
}

/**
 * The customer's contact code in the other languages of the public flows. Only the contact code
 * has them: account codes go to staff, whose screens are English. The code stays in Latin digits,
 * as the customer types it.
 */
const CONTACT_MESSAGES: Record<Exclude<TFormLanguage, 'en'>, (code: string, greetingName: string) => CodeMessage> = {
  ar: (code, greetingName) => ({
    subject: `رمز التحقق الخاص بك من ${PRODUCT_NAME}`,
    text: [
      greetingName ? `مرحبًا ${greetingName}،` : 'مرحبًا،',
      '',
      `رمزك لمرة واحدة للتحقق من بيانات الاتصال الخاصة بتسجيلك هو: ${code}`,
      '',
      `تنتهي صلاحيته خلال ${MINUTES} دقيقة ولا يُستخدم إلا مرة واحدة. لا تشاركه مع أي شخص؛ لن يطلبه منك موظفو ${PRODUCT_NAME} أبدًا.`,
      'إذا لم تطلب هذا الرمز، يمكنك تجاهل هذه الرسالة.',
    ].join('\n'),
    sms: `${code} هو رمزك من ${PRODUCT_NAME} للتحقق من بيانات الاتصال الخاصة بتسجيلك. تنتهي صلاحيته خلال ${MINUTES} دقيقة.`,
  }),
  ur: (code, greetingName) => ({
    subject: `آپ کا ${PRODUCT_NAME} تصدیقی کوڈ`,
    text: [
      greetingName ? `السلام علیکم ${greetingName}،` : 'السلام علیکم،',
      '',
      `آپ کی رجسٹریشن کے لیے رابطے کی تفصیلات کی تصدیق کا ایک بار استعمال ہونے والا کوڈ یہ ہے: ${code}`,
      '',
      `یہ ${MINUTES} منٹ میں ختم ہو جائے گا اور صرف ایک بار کام کرتا ہے۔ اسے کسی کو نہ بتائیں؛ ${PRODUCT_NAME} کا عملہ آپ سے یہ کوڈ کبھی نہیں مانگے گا۔`,
      'اگر آپ نے یہ کوڈ نہیں مانگا تو اس پیغام کو نظر انداز کر دیں۔',
    ].join('\n'),
    sms: `${code} آپ کی رجسٹریشن کے رابطے کی تصدیق کے لیے آپ کا ${PRODUCT_NAME} کوڈ ہے۔ یہ ${MINUTES} منٹ میں ختم ہو جائے گا۔`,
  }),
};

/**
 * The message carrying a code. The server writes it (a client's emailText is not used), so a
 * stolen session cannot put its own words beside a genuine code. A customer's contact code is in
 * the language they use the public flow in; every other code in English.
 */
export function composeCodeMessage(purpose: Purpose, code: string, greetingName: string, language: TFormLanguage = 'en'): CodeMessage {
  if (purpose === 'verify-contact' && language !== 'en') return CONTACT_MESSAGES[language](code, greetingName);
  return englishMessage(purpose, code, greetingName);
}

/** a***@example.com, or the last 4 digits of a number: enough to recognise, not to harvest. */
export function maskDestination(channel: 'email' | 'sms', recipient: string): string {
  if (channel === 'sms') return `${'*'.repeat(Math.max(0, recipient.length - 4))}${recipient.slice(-4)}`;
  const [local = '', domain = ''] = recipient.split('@');
  return `${local.slice(0, Math.min(2, local.length))}***@${domain}`;
}
