import { z } from 'zod';
import { MESSAGES } from './messages';
import { ZSession } from './session';

/** A configured national digital identity provider, as the login page lists it (AD-14). */
export const ZIdentityProvider = z.object({
  id: z.string(),
  /** The provider's name; the button reads 'Sign in with {label}'. */
  label: z.string(),
});
export type TIdentityProvider = z.infer<typeof ZIdentityProvider>;

export const ZIdentityProviderParams = z.object({ providerId: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/) });

export const ZIdentityAuthorizeQuery = z.object({
  /** A same-site path to open after signing in (the login page's redirectTo). */
  redirectTo: z.string().max(2048).optional(),
});

/**
 * What the provider puts on its redirect back: the authorization response (code, state, iss, or
 * error) and whatever else it adds, which the client library validates as a whole.
 */
export const ZIdentityCallbackQuery = z
  .object({
    state: z.string().max(512).optional(),
    code: z.string().max(2048).optional(),
    iss: z.string().max(2048).optional(),
    error: z.string().max(256).optional(),
    error_description: z.string().max(2048).optional(),
  })
  .loose();

/** The web app trades the handoff code for the session, in a POST body rather than a URL. */
export const ZIdentityHandoffRequest = z.object({ code: z.string().min(1).max(128) });

/** The same { accessToken, expiresIn, profile } as password login, plus where to go next. */
export const ZIdentitySession = ZSession.extend({ redirectTo: z.string().nullable() });
export type TIdentitySession = z.infer<typeof ZIdentitySession>;

/** A public key of Sanad's, for providers that authenticate the client with private_key_jwt. */
export const ZPublicJwk = z
  .object({
    kty: z.string(),
    kid: z.string(),
    alg: z.string(),
    use: z.literal('sig'),
    crv: z.string().optional(),
    x: z.string().optional(),
    y: z.string().optional(),
    n: z.string().optional(),
    e: z.string().optional(),
  })
  .loose();

/** A JWK Set as RFC 7517 defines it (not enveloped): what the provider's registration points its jwks_uri at. */
export const ZPublicJwks = z.object({ keys: z.array(ZPublicJwk) });
export type TPublicJwk = z.infer<typeof ZPublicJwk>;
export type TPublicJwks = z.infer<typeof ZPublicJwks>;

/**
 * Query parameters the server's callback puts on its redirect to the login page: a one-time
 * handoff code on success, a reason code on failure (never free text).
 */
export const IDENTITY_SIGN_IN_PARAMS = { handoff: 'oidc', error: 'oidcError' } as const;

export const IDENTITY_SIGN_IN_ERRORS = {
  unknown_user: MESSAGES.identityUnknownUser,
  inactive_user: MESSAGES.accountNotActive,
  unverified_email: MESSAGES.identityEmailUnverified,
  linked_elsewhere: MESSAGES.identityLinkedElsewhere,
  failed: MESSAGES.identitySignInFailed,
  cancelled: MESSAGES.identitySignInCancelled,
  unavailable: MESSAGES.identityProviderUnavailable,
} as const;
export type TIdentitySignInError = keyof typeof IDENTITY_SIGN_IN_ERRORS;

/** The message for a reason code from the callback's redirect; anything unknown reads as a failure. */
export function identitySignInErrorMessage(reason: string): string {
  return Object.hasOwn(IDENTITY_SIGN_IN_ERRORS, reason)
    ? IDENTITY_SIGN_IN_ERRORS[reason as TIdentitySignInError]
    : MESSAGES.identitySignInFailed;
}
