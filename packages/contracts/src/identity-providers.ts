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
  return Object.hasOwn(IDENTITY_SIGN_IN_ERRORS, reason) ? IDENTITY_SIGN_IN_ERRORS[reason as TIdentitySignInError] : MESSAGES.identitySignInFailed;
}

export const ZIdentityAuthorizeQuery = z.object({
  /** A same-site path to open after signing in (the login page's redirectTo). */
  redirectTo: z.string().max(2048).optional(),
});

/** The web app trades the handoff code for the session, in a POST body rather than a URL. */
export const ZIdentityHandoffRequest = z.object({ code: z.string().min(1).max(128) });

/** The same { accessToken, expiresIn, profile } as password login, plus where to go next. */
export const ZIdentitySession = ZSession.extend({ redirectTo: z.string().nullable() });
export type TIdentitySession = z.infer<typeof ZIdentitySession>;

/** POST users/logout answers this when the session came from a provider (AD-15). */
export const ZProviderLogout = z.object({ logoutUrl: z.string() });
export type TProviderLogout = z.infer<typeof ZProviderLogout>;
