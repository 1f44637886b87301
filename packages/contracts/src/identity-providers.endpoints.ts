import { z } from 'zod';
import { PUBLIC, REDIRECT, endpoint } from './endpoint';
import { successEnvelope } from './http';
import {
  ZIdentityAuthorizeQuery,
  ZIdentityCallbackQuery,
  ZIdentityHandoffRequest,
  ZIdentityProvider,
  ZIdentityProviderParams,
  ZIdentitySession,
  ZPublicJwks,
} from './identity-providers';

const tag = 'identity-providers';

/** Signing in with a national digital identity over OpenID Connect (AD-14, AD-15). */
export const IDENTITY_PROVIDER_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: 'users/oidc/providers',
    tag,
    summary: 'The national digital identity providers the login page offers',
    access: PUBLIC,
    response: successEnvelope(z.array(ZIdentityProvider)),
  }),
  jwks: endpoint({
    method: 'GET',
    path: 'users/oidc/jwks',
    tag,
    summary: "Sanad's public keys for private_key_jwt, for a provider's registration (raw JWK Set, not enveloped)",
    access: PUBLIC,
    response: ZPublicJwks,
  }),
  authorize: endpoint({
    method: 'GET',
    path: 'users/oidc/:providerId/authorize',
    tag,
    summary: "Start signing in with a provider: redirects the browser to the provider's authorization endpoint",
    access: PUBLIC,
    params: ZIdentityProviderParams,
    query: ZIdentityAuthorizeQuery,
    response: REDIRECT,
  }),
  callback: endpoint({
    method: 'GET',
    path: 'users/oidc/:providerId/callback',
    tag,
    summary:
      "The provider's redirect back (the redirect URI to register); redirects to the login page with a one-time handoff code or a reason",
    access: PUBLIC,
    params: ZIdentityProviderParams,
    query: ZIdentityCallbackQuery,
    response: REDIRECT,
  }),
  exchange: endpoint({
    method: 'POST',
    path: 'users/oidc/exchange',
    tag,
    summary: 'Trade the one-time handoff code for the session (same browser, once, within 60 seconds)',
    access: PUBLIC,
    body: ZIdentityHandoffRequest,
    response: successEnvelope(ZIdentitySession),
  }),
};
