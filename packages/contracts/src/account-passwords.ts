import { z } from 'zod';
import { PASSWORD_HISTORY } from './constants';
import { ZPassword } from './password-policy';
import { ZEmail } from './staff-users';

/** Forgot password, reset and set password by link, account activation (001 §4, §5, §7). */
export const ACCOUNT_MESSAGES = {
  /** The same answer whether or not the account exists (AD-04). */
  resetRequested: 'If an account exists for this email address, a password reset link has been sent to it',
  passwordSet: 'Your password has been set successfully. You can now sign in',
  passwordReset: 'Your password has been reset successfully. You can now sign in',
  accountActivated: 'Your account has been activated successfully',
  invalidLink: 'This link is invalid or has expired',
  passwordsDoNotMatch: 'Passwords do not match',
  confirmationRequired: 'Please confirm your password',
  /** The tooltip beside new-password fields (AD-29). */
  historyHint: `Your new password cannot be any of your last ${PASSWORD_HISTORY} passwords`,
} as const;

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/** A new password and its confirmation, which must be equal (001 §5). */
export const ZNewPassword = z
  .object({
    password: ZPassword,
    passwordConfirmation: z.string({ error: ACCOUNT_MESSAGES.confirmationRequired }).min(1, ACCOUNT_MESSAGES.confirmationRequired),
  })
  .refine((body) => body.password === body.passwordConfirmation, {
    message: ACCOUNT_MESSAGES.passwordsDoNotMatch,
    path: ['passwordConfirmation'],
  });
export type TNewPassword = z.infer<typeof ZNewPassword>;

/** A link token as mailed; anything else is answered like an expired link. */
export const ZLinkTokenParams = z.object({ token: z.string().max(200) });
