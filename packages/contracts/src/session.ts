import { z } from 'zod';
import { safeText } from './safe-text';
import { ZStatusReviewRole } from './roles';

/** Sign in with an e-mail address or a username (DECISIONS SH-41). */
export const ZLoginRequest = z
  .object({
    email: safeText(z.string().trim().max(254)).optional(),
    username: safeText(z.string().trim().max(254)).optional(),
    password: z.string().min(1, 'Password is required').max(256),
    /** ALTCHA solution, required only after the server answered CAPTCHA_REQUIRED. */
    captcha: z.string().max(4096).optional(),
    /** The data segment to start on, if the user may see it; else the first of theirs. */
    dataSegmentId: z.uuid().optional(),
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

/** GET users/sessionUpdate may switch the active data segment at the same time. */
export const ZSessionUpdateQuery = z.object({ dataSegmentId: z.uuid().optional() });

/** POST users/logout: a session that came from an identity provider continues to its end-session page (AD-15). */
export const ZLogoutAnswer = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.object({ logoutUrl: z.string() }).optional(),
});
export type TLogoutAnswer = z.infer<typeof ZLogoutAnswer>;

/**
 * The ALTCHA proof-of-work challenge the captcha widget solves, as ALTCHA defines it (not
 * enveloped): the derivation parameters and their signature.
 */
export const ZCaptchaChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
  codeChallenge: z.object({ image: z.string(), audio: z.string().optional(), length: z.number().optional() }).optional(),
});

/** Claims of the access token; the client reads scopes, dataSegment and userId. */
export const ZTokenClaims = z.object({
  sub: z.string(),
  sid: z.string(),
  userId: z.string(),
  scopes: z.array(z.string()),
  dataSegment: z.object({ _id: z.string(), whiteLabelling: z.boolean(), configurations: z.record(z.string(), z.unknown()) }).nullable(),
});
export type TTokenClaims = z.infer<typeof ZTokenClaims>;
