import { z } from 'zod';
import { ZSession } from './session';

/** A configured national digital identity provider, as the login page lists it (AD-14). */
export const ZIdentityProvider = z.object({
  id: z.string(),
  /** The provider's name; the button reads 'Sign in with {label}'. */
  label: z.string(),
});
export type TIdentityProvider = z.infer<typeof ZIdentityProvider>;

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
