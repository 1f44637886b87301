import { MESSAGES } from './messages';

// Kept apart from the zod schemas in identity-providers.ts: the login page imports these, and
// must not pull zod into its small bundle.

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
