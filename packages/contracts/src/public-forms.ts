import { z } from 'zod';
import { NAME_MAX_LENGTH } from './constants';

const CAPTCHA_MAX = 4096;
const PHONE = /^\+?[0-9][0-9 ()-]{5,22}[0-9]$/;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const ZEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

/** ALTCHA solution; the server answers 428 when it is missing, used or wrong. */
const ZCaptcha = z.string().max(CAPTCHA_MAX).optional();

/** Sign-up (/signup): a trial data segment and its administrator, pending e-mail verification. */
export const ZSignUpRequest = z.object({
  companyName: required('Company name', 100),
  fullName: required('Contact name', NAME_MAX_LENGTH),
  email: ZEmail,
  phoneNumber: z
    .string({ error: 'Phone number is required' })
    .trim()
    .min(1, 'Phone number is required')
    .regex(PHONE, 'Please enter a valid phone number'),
  captcha: ZCaptcha,
});
export type TSignUpRequest = z.infer<typeof ZSignUpRequest>;

/** Contact us (/contact-us, POST users/support), no sign-in. */
export const ZSupportRequest = z.object({
  name: required('Name', NAME_MAX_LENGTH),
  email: ZEmail,
  subject: required('Subject', 150),
  message: required('Message', 5000),
  captcha: ZCaptcha,
});
export type TSupportRequest = z.infer<typeof ZSupportRequest>;

export const PUBLIC_FORM_MESSAGES = {
  signedUp: 'Thank you for signing up. Please check your e-mail for a link to set your password and activate your account.',
  supportSent: 'Thank you for contacting us. We have received your message and will reply by e-mail.',
  tooManySignUps: 'Too many sign-up attempts from this address, please try again later',
  tooManySupportRequests: 'Too many messages from this address, please try again later',
} as const;
