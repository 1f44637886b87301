import { z } from 'zod';
import { NAME_MAX_LENGTH } from './constants';
import { ZCaptchaSolution, ZGuestEmail, requiredText } from './guest-form-fields';

/** Contact us (/contact-us, POST users/support), no sign-in. */
export const ZSupportRequest = z.object({
  name: requiredText('Name', NAME_MAX_LENGTH),
  email: ZGuestEmail,
  subject: requiredText('Subject', 150),
  message: requiredText('Message', 5000),
  captcha: ZCaptchaSolution,
});
export type TSupportRequest = z.infer<typeof ZSupportRequest>;

export const SUPPORT_MESSAGES = {
  sent: 'Thank you for contacting us. We have received your message and will reply by e-mail.',
  tooManyRequests: 'Too many messages from this address, please try again later',
} as const;
