import { OTP_TTL_SECONDS, PRODUCT_NAME } from '@sanad/contracts/constants';
import type { CONTACT_OTP_PURPOSE, TOtpPurpose } from '@sanad/contracts/otp';

type Purpose = TOtpPurpose | typeof CONTACT_OTP_PURPOSE;

const PURPOSE_TEXT: Record<Purpose, string> = {
  'verify-contact': 'verify your contact details for your registration',
  'update-profile': 'update your profile',
  'change-password': 'change your password',
  'verify-number': 'verify your mobile number',
};

export function describePurpose(purpose: Purpose): string {
  return PURPOSE_TEXT[purpose];
}

/**
 * The message carrying a code. The server writes it (a client's emailText is not used), so a
 * stolen session cannot put its own words beside a genuine code.
 */
export function composeCodeMessage(purpose: Purpose, code: string, greetingName: string): { subject: string; text: string; sms: string } {
  const minutes = Math.round(OTP_TTL_SECONDS / 60);
  const action = PURPOSE_TEXT[purpose];
  return {
    subject: `Your ${PRODUCT_NAME} verification code`,
    text: [
      `Hello ${greetingName || 'there'},`,
      '',
      `Your one-time code to ${action} is: ${code}`,
      '',
      `It expires in ${minutes} minutes and works once. Never share it with anyone; ${PRODUCT_NAME} staff will never ask for it.`,
      purpose === 'verify-contact'
        ? 'If you did not ask for this code, you can ignore this message.'
        : 'If you did not ask for this code, change your password.',
    ].join('\n'),
    sms: `${code} is your ${PRODUCT_NAME} code to ${action}. It expires in ${minutes} minutes.`,
  };
}

/** a***@example.com, or the last 4 digits of a number: enough to recognise, not to harvest. */
export function maskDestination(channel: 'email' | 'sms', recipient: string): string {
  if (channel === 'sms') return `${'*'.repeat(Math.max(0, recipient.length - 4))}${recipient.slice(-4)}`;
  const [local = '', domain = ''] = recipient.split('@');
  return `${local.slice(0, Math.min(2, local.length))}***@${domain}`;
}
