import { z } from 'zod';
import { OTP_LENGTH } from './constants';
import { FORM_LANGUAGES } from './form-builder';

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

/*
 * Public journeys (deep register, dynamic register): the setup-profile step's contact is proved
 * with a one-time code bound to the journey's link, not to a user. docs/decisions/public-otp.md.
 */

/** The purpose of a code a public journey asks for; stored beside the account purposes. */
export const CONTACT_OTP_PURPOSE = 'verify-contact' as const;
export const CONTACT_OTP_MESSAGES = {
  emailNotVerified: 'Please verify your email with the OTP we send to it before you continue',
  phoneNotVerified: 'Please verify your mobile number with the OTP we send to it before you continue',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  emailVerified: 'Your email is verified successfully',
  numberVerified: OTP_MESSAGES.numberVerified,
} as const;

export type TContactChannel = z.infer<typeof ZOtpChannel>;

/**
 * Which contact a public journey verifies: the e-mail where the segment sends its links by e-mail
 * (the default), else the mobile number by SMS — the channel the segment's onboarding
 * configuration says it can deliver to.
 */
export function contactCodeChannel(settings: { linkChannels: readonly string[] }): TContactChannel {
  return settings.linkChannels.includes('email') || !settings.linkChannels.includes('sms') ? 'email' : 'sms';
}

/**
 * The address a code is sent to and checked against, written one way by the browser and the
 * server: an e-mail trimmed and in lower case; a number without spaces, brackets, dots or dashes,
 * with the ISD code in front unless the number starts with +.
 */
export function contactAddress(
  channel: TContactChannel,
  contact: { email?: string | null | undefined; phoneNumber?: string | null | undefined; isdCode?: string | null | undefined },
): string {
  if (channel === 'email') return (contact.email ?? '').trim().toLowerCase();
  const phone = (contact.phoneNumber ?? '').replace(/[\s().-]/g, '');
  if (!phone || phone.startsWith('+')) return phone;
  const isd = (contact.isdCode ?? '').replace(/[\s().-]/g, '');
  return isd ? `${isd.startsWith('+') ? isd : `+${isd}`}${phone.replace(/^0+/, '')}` : phone;
}

/**
 * POST onboarding/generate-otp-auth: the spec's fields, the page's segment and the captcha solution
 * first. `language` is ours: the language the customer reads the public flow in, so the code's
 * e-mail or SMS speaks it too; English when absent (docs/decisions/public-languages.md).
 */
export const ZContactCodeRequest = z.object({
  dataSegmentId: z.string().min(1).max(64),
  mobileNo: z.string().trim().max(32).optional(),
  isdCode: z.string().trim().max(8).optional(),
  name: z.string().trim().max(200).optional(),
  email: z.string().trim().max(254).optional(),
  cToken: z.string().max(4096).optional(),
  language: z.enum(FORM_LANGUAGES).optional(),
});
export type TContactCodeRequest = z.infer<typeof ZContactCodeRequest>;

/** POST onboarding/verify-otp: the code and the token its request answered. */
export const ZContactCodeVerify = z.object({ dataSegmentId: z.string().min(1).max(64), otp: ZOtp, token: ZOtpToken });
export type TContactCodeVerify = z.infer<typeof ZContactCodeVerify>;

export const ZContactCodeVerified = z.object({ channel: ZOtpChannel, verifiedAt: z.string() });
export type TContactCodeVerified = z.infer<typeof ZContactCodeVerified>;
