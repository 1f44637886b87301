import { z } from 'zod';
import { OTP_LENGTH } from './constants';

/**
 * What a one-time code may be used for. The purpose is fixed when the code is requested and bound
 * to its token: a code sent for a profile update cannot change a password (DECISIONS AD-46).
 */
export const OTP_PURPOSES = ['update-profile', 'change-password', 'verify-number'] as const;
export const ZOtpPurpose = z.enum(OTP_PURPOSES);
export type TOtpPurpose = z.infer<typeof ZOtpPurpose>;

/** Texts of the code dialog and of the server's answers about codes. */
export const OTP_MESSAGES = {
  required: 'OTP is required',
  digitsOnly: 'OTP should contain digits only',
  tooShort: `OTP should not be less than ${OTP_LENGTH} digits`,
  tooLong: `OTP should not be greater than ${OTP_LENGTH} digits`,
  expired: 'Your OTP code is expired, please click resend OTP',
  incorrect: 'The OTP code is incorrect',
  attemptsExceeded: 'Too many incorrect attempts, please click resend OTP',
  couldNotGet: 'Could not get OTP',
  sent: 'OTP has been sent successfully',
  sendLimit: 'Too many OTP requests, please try again later',
  mobileRequired: 'Mobile number is required',
  mobileInvalid: 'Please enter a valid mobile number',
  mobileNotRegistered: 'This mobile number is not registered on your account',
  tokenRequired: 'OTP token is required',
  numberVerified: 'Your number is verified successfully',
} as const;

/** The code as typed: required, digits only, exactly six. The first failing rule is shown. */
export const ZOtp = z
  .string({ error: OTP_MESSAGES.required })
  .min(1, OTP_MESSAGES.required)
  .regex(/^\d*$/, OTP_MESSAGES.digitsOnly)
  .min(OTP_LENGTH, OTP_MESSAGES.tooShort)
  .max(OTP_LENGTH, OTP_MESSAGES.tooLong);

/** The token that identifies one code request; the client passes it back with the code. */
export const ZOtpToken = z.string({ error: OTP_MESSAGES.tokenRequired }).min(1, OTP_MESSAGES.tokenRequired).max(200);

/**
 * POST /configurations/generate-otp-auth/. mobileNo, name, email and emailText
 * are the spec's fields; purpose is ours. Codes for account actions go only to the address already
 * on the account (DECISIONS AD-35): `email` asks for e-mail, `mobileNo` alone for SMS to the
 * account's registered number.
 */
export const ZGenerateOtpRequest = z.object({
  purpose: ZOtpPurpose,
  mobileNo: z.string().trim().max(32).optional(),
  name: z.string().trim().max(200).optional(),
  email: z.string().trim().max(254).optional(),
  emailText: z.string().max(1000).optional(),
});
export type TGenerateOtpRequest = z.infer<typeof ZGenerateOtpRequest>;

export const ZOtpChannel = z.enum(['email', 'sms']);

/** Never the code itself: only the token to send back, where it went (masked) and for how long. */
export const ZGenerateOtpResponse = z.object({
  token: z.string(),
  channel: ZOtpChannel,
  destination: z.string(),
  expiresIn: z.number().int(),
  phoneNumber: z.string().nullable(),
});
export type TGenerateOtpResponse = z.infer<typeof ZGenerateOtpResponse>;

/** The old number verification: cToken is the captcha response. */
export const ZVerifyOtpRequest = z.object({
  otpCode: ZOtp,
  token: ZOtpToken,
  mobileNo: z.string({ error: OTP_MESSAGES.mobileRequired }).trim().min(1, OTP_MESSAGES.mobileRequired).max(32),
  cToken: z.string().max(4096).optional(),
});
export type TVerifyOtpRequest = z.infer<typeof ZVerifyOtpRequest>;

export const ZVerifyOtpResponse = z.object({
  verificationStatus: z.union([z.literal(0), z.literal(1)]),
  message: z.string(),
});
export type TVerifyOtpResponse = z.infer<typeof ZVerifyOtpResponse>;
