import { z } from 'zod';
import { ZStatusReviewRole } from './roles';

/** Sign in with an e-mail address or a username (DECISIONS SH-41). */
export const ZLoginRequest = z
  .object({
    email: z.string().trim().max(254).optional(),
    username: z.string().trim().max(254).optional(),
    password: z.string().min(1, 'Password is required').max(256),
    /** ALTCHA solution, required only after the server answered CAPTCHA_REQUIRED. */
    captcha: z.string().max(4096).optional(),
  })
  .refine((body) => Boolean(body.email || body.username), {
    message: 'Email or username is required',
    path: ['email'],
  });
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZAccountType = z.enum(['full', 'lite']);

export const ZProfile = z.object({
  _id: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  username: z.string(),
  phoneNumber: z.string().nullable(),
  roleName: z.string(),
  avatar: z.object({ fileName: z.string() }).nullable(),
  accountType: ZAccountType,
  kyb: z.boolean(),
  userGuide: z.boolean(),
  dataSegmentIds: z.array(z.string()),
  scopes: z.array(z.string()),
  /** The status-review role: first of maker, checker, approver, unlock-alerts in the scopes. */
  kycRole: ZStatusReviewRole.nullable(),
});
export type TProfile = z.infer<typeof ZProfile>;

/** `expiresIn` is in seconds from now; the client stores now + expiresIn as the token expiry. */
export const ZSession = z.object({
  accessToken: z.string(),
  expiresIn: z.number().int(),
  profile: ZProfile,
});
export type TSession = z.infer<typeof ZSession>;

export const ZSessionUpdate = z.object({ expiresIn: z.number().int() });

/** Claims of the access token; the client reads scopes, dataSegment and userId (001 §3). */
export const ZTokenClaims = z.object({
  sub: z.string(),
  sid: z.string(),
  userId: z.string(),
  scopes: z.array(z.string()),
  dataSegment: z.object({ _id: z.string(), whiteLabelling: z.boolean(), configurations: z.record(z.string(), z.unknown()) }).nullable(),
});
export type TTokenClaims = z.infer<typeof ZTokenClaims>;
