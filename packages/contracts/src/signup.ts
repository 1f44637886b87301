import { z } from 'zod';
import { NAME_MAX_LENGTH } from './constants';
import { ZCaptchaSolution, ZGuestEmail, requiredText } from './guest-form-fields';

const PHONE = /^\+?[0-9][0-9 ()-]{5,22}[0-9]$/;

/** Sign-up (/signup): a trial data segment and its administrator, pending e-mail verification. */
export const ZSignUpRequest = z.object({
  companyName: requiredText('Company name', 100),
  fullName: requiredText('Contact name', NAME_MAX_LENGTH),
  email: ZGuestEmail,
  phoneNumber: z
    .string({ error: 'Phone number is required' })
    .trim()
    .min(1, 'Phone number is required')
    .regex(PHONE, 'Please enter a valid phone number'),
  captcha: ZCaptchaSolution,
});
export type TSignUpRequest = z.infer<typeof ZSignUpRequest>;

/** Whether this installation takes public sign-ups (SANAD_PUBLIC_SIGNUP, off unless turned on). */
export const ZSignUpSettings = z.object({ isOpen: z.boolean() });
export type TSignUpSettings = z.infer<typeof ZSignUpSettings>;

export const SIGNUP_MESSAGES = {
  signedUp: 'Thank you for signing up. Please check your e-mail for a link to set your password and activate your account.',
  tooManySignUps: 'Too many sign-up attempts from this address, please try again later',
  closed: 'Sign-up is not available on this installation. Ask your administrator for an invitation.',
} as const;
