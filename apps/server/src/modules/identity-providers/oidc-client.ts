import * as client from 'openid-client';
import type { TPublicJwk, TPublicJwks } from '@sanad/contracts/identity-providers';
import { calculateJwkThumbprint, importJWK, type JWK } from 'jose';
import type { ClientAuthentication, IdentityProviderConfig } from '../../config';
import type { OutboundFetch } from '../../platform/http/outbound-fetch';

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const HTTP_TIMEOUT_SECONDS = 10;
// Members of a private JWK that must never be published.
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/** The provider answered, but not with what the protocol requires (bad code, nonce, signature…). */
export class ProviderResponseError extends Error {
  override name = 'ProviderResponseError';
  constructor(
    message: string,
    /** The OAuth error code when the provider sent one in the authorization response (e.g. access_denied). */
    readonly oauthError: string | null,
  ) {
    super(message);
  }
}

/** The provider could not be reached or its discovery document was unusable. */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
}

export interface VerifiedIdentity {
  /** The ID token as received; kept (encrypted) only to send back as id_token_hint on logout. */
  idToken: string;
  /** The ID token's validated claims, completed from the UserInfo endpoint where it lacked one we need. */
  claims: Record<string, unknown>;
}

/** openid-client wraps the precise reason (e.g. 'JWT signature verification failed') in `cause`; logs want both. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const detail = error instanceof client.ResponseBodyError ? `${error.message}: ${error.error}` : error.message;
  return error.cause instanceof Error ? `${detail} (${error.cause.message})` : detail;
}

function signingAlgorithm(jwk: JWK): string {
  if (jwk.alg) return jwk.alg;
  if (jwk.kty === 'RSA') return 'RS256';
  if (jwk.kty === 'EC') return { 'P-256': 'ES256', 'P-384': 'ES384', 'P-521': 'ES512' }[jwk.crv ?? ''] ?? 'ES256';
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return 'Ed25519';
  throw new Error(`no signing algorithm for a ${jwk.kty ?? 'unknown'} key`);
}

async function keyId(jwk: JWK): Promise<string> {
  return jwk.kid ?? calculateJwkThumbprint(jwk);
}

async function clientAuthFor(authentication: ClientAuthentication): Promise<client.ClientAuth> {
  switch (authentication.method) {
    case 'client_secret_basic':
      return client.ClientSecretBasic(authentication.secret);
    case 'client_secret_post':
      return client.ClientSecretPost(authentication.secret);
    case 'private_key_jwt': {
      const jwk = authentication.privateKey as JWK;
      const key = await importJWK(jwk, signingAlgorithm(jwk));
      if (key instanceof Uint8Array) throw new Error('private_key_jwt needs an asymmetric key');
      return client.PrivateKeyJwt({ key, kid: await keyId(jwk) });
    }
  }
}

/**
 * The OpenID Connect side of each configured provider, on openid-client: discovery (cached for an
 * hour, never cached when it fails), the authorization URL with PKCE (S256), state and nonce, the
 * code exchange with full ID token validation (issuer, audience, nonce, expiry and, through
 * enableNonRepudiationChecks, the signature against the provider's JWKS), and the end-session URL.
 * Every call goes through the outbound fetch, which refuses internal addresses and redirects.
 */
export function createOidcClients(providers: readonly IdentityProviderConfig[], outboundFetch: OutboundFetch) {
  const byId = new Map(providers.map((provider) => [provider.id, provider]));
  const discovered = new Map<string, { configuration: Promise<client.Configuration>; expiresAt: number }>();

  const customFetch: client.CustomFetch = (url, options) =>
    outboundFetch(url, {
      method: options.method,
      headers: options.headers,
      body:
        typeof options.body === 'string' || options.body instanceof URLSearchParams || options.body instanceof Uint8Array
          ? options.body
          : null,
      signal: options.signal ?? null,
    });

  async function discover(provider: IdentityProviderConfig): Promise<client.Configuration> {
    const execute = [client.enableNonRepudiationChecks, ...(provider.isInsecureIssuer ? [client.allowInsecureRequests] : [])];
    try {
      return await client.discovery(
        new URL(provider.issuer),
        provider.clientId,
        undefined,
        await clientAuthFor(provider.clientAuthentication),
        {
          execute,
          timeout: HTTP_TIMEOUT_SECONDS,
          [client.customFetch]: customFetch,
        },
      );
    } catch (error) {
      throw new ProviderUnavailableError(`discovery of ${provider.id} failed: ${describe(error)}`, { cause: error });
    }
  }

  function configurationOf(provider: IdentityProviderConfig): Promise<client.Configuration> {
    const cached = discovered.get(provider.id);
    if (cached && cached.expiresAt > Date.now()) return cached.configuration;
    const configuration = discover(provider);
    discovered.set(provider.id, { configuration, expiresAt: Date.now() + DISCOVERY_TTL_MS });
    configuration.catch(() => discovered.delete(provider.id));
    return configuration;
  }

  return {
    providers,

    find(id: string): IdentityProviderConfig | null {
      return byId.get(id) ?? null;
    },

    /** The provider's authorization endpoint with our client id, redirect URI, scopes, PKCE challenge, state and nonce. */
    async authorizationUrl(
      provider: IdentityProviderConfig,
      input: { redirectUri: string; state: string; nonce: string; codeVerifier: string },
    ): Promise<string> {
      const configuration = await configurationOf(provider);
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: input.redirectUri,
        scope: provider.scopes,
        response_type: 'code',
        state: input.state,
        nonce: input.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(input.codeVerifier),
        code_challenge_method: 'S256',
        ...(provider.acrValues ? { acr_values: provider.acrValues } : {}),
      });
      return url.href;
    },

    /**
     * Validates the authorization response (state, iss), redeems the code with the PKCE verifier and
     * validates the ID token. `neededClaims` missing from the ID token are read from UserInfo, whose
     * subject must match the ID token's.
     */
    async redeemCode(
      provider: IdentityProviderConfig,
      input: { callbackUrl: URL; state: string; nonce: string; codeVerifier: string; neededClaims: readonly string[] },
    ): Promise<VerifiedIdentity> {
      const configuration = await configurationOf(provider);
      try {
        const tokens = await client.authorizationCodeGrant(configuration, input.callbackUrl, {
          pkceCodeVerifier: input.codeVerifier,
          expectedState: input.state,
          expectedNonce: input.nonce,
          idTokenExpected: true,
        });
        const claims: Record<string, unknown> = { ...tokens.claims() };
        if (!tokens.id_token || typeof claims.sub !== 'string') throw new Error('the token response carries no ID token');
        if (input.neededClaims.some((claim) => claims[claim] === undefined)) {
          const userInfo = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
          for (const [claim, value] of Object.entries(userInfo)) {
            if (claims[claim] === undefined) claims[claim] = value;
          }
        }
        return { idToken: tokens.id_token, claims };
      } catch (error) {
        const oauthError = error instanceof client.AuthorizationResponseError ? error.error : null;
        throw new ProviderResponseError(describe(error), oauthError);
      }
    },

    /** RP-initiated logout at the provider, or null when it publishes no end_session_endpoint. */
    async endSessionUrl(
      provider: IdentityProviderConfig,
      input: { idToken: string; postLogoutRedirectUri: string },
    ): Promise<string | null> {
      const configuration = await configurationOf(provider);
      if (!configuration.serverMetadata().end_session_endpoint) return null;
      return client.buildEndSessionUrl(configuration, {
        id_token_hint: input.idToken,
        post_logout_redirect_uri: input.postLogoutRedirectUri,
      }).href;
    },

    /** The public keys of providers that use private_key_jwt, for the provider's registration (jwks_uri). */
    async publicJwks(): Promise<TPublicJwks> {
      const keys: TPublicJwk[] = [];
      for (const provider of providers) {
        if (provider.clientAuthentication.method !== 'private_key_jwt') continue;
        const jwk = provider.clientAuthentication.privateKey as JWK;
        const publicJwk = Object.fromEntries(Object.entries(jwk).filter(([member]) => !PRIVATE_MEMBERS.includes(member))) as JWK;
        keys.push({ ...publicJwk, kty: jwk.kty ?? '', kid: await keyId(jwk), alg: signingAlgorithm(jwk), use: 'sig' });
      }
      return { keys };
    },
  };
}

export type OidcClients = ReturnType<typeof createOidcClients>;
