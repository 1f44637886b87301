import { z } from 'zod';
import { NAME_MAX_LENGTH } from './constants';
import { ZOtp, ZOtpToken } from './otp';
import { PASSWORD_MESSAGES, ZPassword } from './passwords';
import { safeText } from './safe-text';

/** Texts of the Update Profile and Change Password dialogs and their server answers. */
export const PROFILE_MESSAGES = {
  firstNameRequired: 'First name is required',
  firstNameTooLong: `First name must not be more than ${NAME_MAX_LENGTH} characters`,
  lastNameRequired: 'Last name is required',
  lastNameTooLong: `Last name must not be more than ${NAME_MAX_LENGTH} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTaken: 'This email is already used by another account',
  idMismatch: 'The profile id does not match',
  notChangeable: (fields: readonly string[]) => `${fields.join(', ')} cannot be changed through the profile`,
  profileUpdated: 'Your profile is updated successfully',
  oldPasswordRequired: 'Old password is required',
  oldPasswordIncorrect: 'Old password is incorrect',
  confirmRequired: 'Confirm password is required',
  confirmMismatch: 'Confirm password must match the new password',
  passwordChanged: 'Your Password is changed successfully',
  passwordHistoryHint: PASSWORD_MESSAGES.reused,
} as const;

const name = (required: string, tooLong: string) =>
  safeText(z.string({ error: required }).trim().min(1, required).max(NAME_MAX_LENGTH, tooLong));

/** The Update Profile form: names required, at most 50 characters; a valid e-mail. */
export const ZProfileForm = z.object({
  firstName: name(PROFILE_MESSAGES.firstNameRequired, PROFILE_MESSAGES.firstNameTooLong),
  lastName: name(PROFILE_MESSAGES.lastNameRequired, PROFILE_MESSAGES.lastNameTooLong),
  email: z
    .string({ error: PROFILE_MESSAGES.emailRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.emailRequired)
    .max(254, PROFILE_MESSAGES.emailInvalid)
    .pipe(z.email(PROFILE_MESSAGES.emailInvalid)),
});
export type TProfileForm = z.infer<typeof ZProfileForm>;

/** Any key outside the schema is refused by name, so role, status, scopes etc. cannot ride along. */
const refuseOtherKeys = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? PROFILE_MESSAGES.notChangeable(issue.keys ?? []) : undefined,
};

/**
 * PUT users/update-profile/{id}: the form plus the code and its token, and the solved
 * captcha that preceded the submission. Sent as plain JSON over TLS (DECISIONS AD-21).
 */
export const ZUpdateProfileRequest = z.strictObject(
  {
    _id: z.string({ error: PROFILE_MESSAGES.idMismatch }).max(64),
    ...ZProfileForm.shape,
    otp: ZOtp,
    token: ZOtpToken,
    captcha: z.string().max(4096).optional(),
  },
  refuseOtherKeys,
);
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

const confirmEqualsNew = <T extends { password: string; passwordConfirmation: string }>(value: T) =>
  value.password === value.passwordConfirmation;

/** The Change Password form: every field follows the password rules; confirm equals new. */
export const ZChangePasswordForm = z
  .object({
    oldPassword: z.string().min(1, PROFILE_MESSAGES.oldPasswordRequired).pipe(ZPassword),
    password: ZPassword,
    passwordConfirmation: z.string().min(1, PROFILE_MESSAGES.confirmRequired).pipe(ZPassword),
  })
  .refine(confirmEqualsNew, { path: ['passwordConfirmation'], message: PROFILE_MESSAGES.confirmMismatch });
export type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

/**
 * POST users/password/change. The old password is only compared with the stored one,
 * so an account whose password predates the rules can still change it.
 */
export const ZChangePasswordRequest = z
  .strictObject(
    {
      oldPassword: z.string({ error: PROFILE_MESSAGES.oldPasswordRequired }).min(1, PROFILE_MESSAGES.oldPasswordRequired).max(256),
      password: ZPassword,
      passwordConfirmation: z.string({ error: PROFILE_MESSAGES.confirmRequired }).min(1, PROFILE_MESSAGES.confirmRequired).max(256),
      otp: ZOtp,
      token: ZOtpToken,
      captcha: z.string().max(4096).optional(),
    },
    refuseOtherKeys,
  )
  .refine(confirmEqualsNew, { path: ['passwordConfirmation'], message: PROFILE_MESSAGES.confirmMismatch });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;
