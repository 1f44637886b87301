import { z } from 'zod';
import { PASSWORD_HISTORY, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { ZEmail } from './users';

export const PASSWORD_SYMBOLS = '!@#$%^&*_=+-';

/** The password rules, one message per rule, checked identically by client and server. */
export const ZPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be between ${PASSWORD_MIN_LENGTH} and ${PASSWORD_MAX_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be between ${PASSWORD_MIN_LENGTH} and ${PASSWORD_MAX_LENGTH} characters`)
  .regex(/\d/, 'Password must contain at least one digit')
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/[!@#$%^&*_=+-]/, `Password must contain at least one of ${PASSWORD_SYMBOLS}`)
  .regex(/^\S*$/, 'Password must not contain spaces');

export function isStrongPassword(value: string): boolean {
  return ZPassword.safeParse(value).success;
}

/** Forgot password, reset and set password by link, account activation. */
export const PASSWORD_MESSAGES = {
  /** The same answer whether or not the account exists (AD-04). */
  resetRequested: 'If an account exists for this email address, a password reset link has been sent to it',
  passwordSet: 'Your password has been set successfully. You can now sign in',
  passwordReset: 'Your password has been reset successfully. You can now sign in',
  accountActivated: 'Your account has been activated successfully',
  invalidLink: 'This link is invalid or has expired',
  linkValid: 'This link is valid',
  passwordsDoNotMatch: 'Passwords do not match',
  confirmationRequired: 'Please confirm your password',
  /** The tooltip beside new-password fields (AD-29). */
  historyHint: `Your new password cannot be any of your last ${PASSWORD_HISTORY} passwords`,
  reused: `You cannot reuse any of your last ${PASSWORD_HISTORY} passwords`,
} as const;

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/** A new password and its confirmation, which must be equal. */
export const ZNewPassword = z
  .object({
    password: ZPassword,
    passwordConfirmation: z.string({ error: PASSWORD_MESSAGES.confirmationRequired }).min(1, PASSWORD_MESSAGES.confirmationRequired),
  })
  .refine((body) => body.password === body.passwordConfirmation, {
    message: PASSWORD_MESSAGES.passwordsDoNotMatch,
    path: ['passwordConfirmation'],
  });
export type TNewPassword = z.infer<typeof ZNewPassword>;

/** A link token as mailed; anything else is answered like an expired link. */
export const ZLinkTokenParams = z.object({ token: z.string().max(200) });

/**
 * What an e-mailed link is for: a password reset (users/reset-password), an invitation of a system
 * user (users/create-password) or of a team member (team-member/create-password).
 */
export const PASSWORD_LINK_PURPOSES = ['password-reset', 'activation', 'team-activation'] as const;
export const ZPasswordLinkPurpose = z.enum(PASSWORD_LINK_PURPOSES);
export type TPasswordLinkPurpose = z.infer<typeof ZPasswordLinkPurpose>;

/** GET users/password/link/:token: a live link's purpose, so its page can refuse a dead link at once. */
export const ZPasswordLink = z.object({ purpose: ZPasswordLinkPurpose });
export type TPasswordLink = z.infer<typeof ZPasswordLink>;
