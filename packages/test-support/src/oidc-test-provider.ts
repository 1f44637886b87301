import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Provider, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { calculateJwkThumbprint, exportJWK, exportPKCS8, generateKeyPair } from 'jose';

/** A person at the test identity provider; `sub` is also what they type as login in the form. */
export interface TestAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  nationalId?: string;
}

export interface TestProviderOptions {
  /** Sanad's public URL: redirect URIs are `<sanadUrl>/api/users/oidc/<id>/callback`, logout returns to `<sanadUrl>/`. */
  sanadUrl: string;
  /** The ids Sanad configures for this provider (one redirect URI each). */
  sanadProviderIds: readonly string[];
  accounts: readonly TestAccount[];
  /** A login form for people (browser tests); otherwise each authorization signs in the account chosen with signInAs. */
  isInteractive?: boolean;
}

export interface TestProvider {
  issuer: string;
  /** Client authenticating with client_secret_basic. */
  secretClient: { clientId: string; clientSecret: string };
  /** Client authenticating with private_key_jwt (ES256); Sanad holds this PKCS#8 key. */
  privateKeyClient: { clientId: string; privateKeyPem: string };
  addAccount(account: TestAccount): void;
  /** While on, the provider's JWKS endpoint publishes another key under its signing key's id (a forged-signature test). */
  publishWrongSigningKey(isOn: boolean): void;
  /** The account the next non-interactive authorization signs in. */
  signInAs(sub: string): void;
  /**
   * Follows Sanad's authorization redirect through the provider as a browser would (keeping the
   * provider's cookies) and returns the provider's redirect back to Sanad.
   */
  authorize(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 with a random port, for API and
 * browser tests: discovery, PKCE required, ID tokens signed with RS256, UserInfo, RP-initiated
 * logout. Consent is granted automatically, as for a first-party client.
 */
export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  let provider: Provider | null = null;
  let handle: ReturnType<Provider['callback']> | null = null;
  let nextAccount: string | null = null;
  let wrongJwks: string | null = null;

  // Non-interactive: the login step is answered at once for the chosen account.
  async function answerInteraction(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!provider) throw new Error('provider not started');
    const details = await provider.interactionDetails(request, response);
    if (details.prompt.name !== 'login' || !nextAccount) throw new Error(`unexpected interaction ${details.prompt.name}`);
    await provider.interactionFinished(request, response, { login: { accountId: nextAccount } }, { mergeWithLastSubmission: false });
  }

  const server = createServer((request, response) => {
    if (!handle) {
      response.writeHead(503).end();
      return;
    }
    if (wrongJwks && request.url === '/jwks') {
      response.writeHead(200, { 'content-type': 'application/jwk-set+json' }).end(wrongJwks);
      return;
    }
    if (!options.isInteractive && request.url?.startsWith('/interaction/')) {
      answerInteraction(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
      return;
    }
    void handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const signingKeys = await generateKeyPair('RS256', { extractable: true });
  const otherKeys = await generateKeyPair('RS256', { extractable: true });
  const otherJwks = JSON.stringify({
    keys: [{ ...(await exportJWK(otherKeys.publicKey)), kid: 'provider-test', use: 'sig', alg: 'RS256' }],
  });
  const clientKeys = await generateKeyPair('ES256', { extractable: true });
  const secretClient = { clientId: 'sanad-secret', clientSecret: 'sanad-test-client-secret-0123456789' };
  const privateKeyClient = { clientId: 'sanad-private-key', privateKeyPem: await exportPKCS8(clientKeys.privateKey) };
  // Registered as Sanad publishes it at users/oidc/jwks: the key id is the key's thumbprint.
  const clientPublicJwk = await exportJWK(clientKeys.publicKey);
  const redirectUris = options.sanadProviderIds.map((id) => `${options.sanadUrl}/api/users/oidc/${id}/callback`);
  const clientBase = {
    redirect_uris: redirectUris,
    post_logout_redirect_uris: [`${options.sanadUrl}/`],
    response_types: ['code'] as const,
    grant_types: ['authorization_code'],
  };
  const accounts = new Map(options.accounts.map((account) => [account.sub, account]));

  const configuration: Configuration = {
    clients: [
      {
        ...clientBase,
        client_id: secretClient.clientId,
        client_secret: secretClient.clientSecret,
        token_endpoint_auth_method: 'client_secret_basic',
      },
      {
        ...clientBase,
        client_id: privateKeyClient.clientId,
        token_endpoint_auth_method: 'private_key_jwt',
        token_endpoint_auth_signing_alg: 'ES256',
        jwks: { keys: [{ ...clientPublicJwk, kid: await calculateJwkThumbprint(clientPublicJwk), use: 'sig', alg: 'ES256' }] },
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(signingKeys.privateKey)), kid: 'provider-test', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name', 'national_id'],
    },
    pkce: { required: () => true },
    // Explicit lifetimes (seconds) keep the provider from warning about its defaults.
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    features: { devInteractions: { enabled: Boolean(options.isInteractive) }, rpInitiatedLogout: { enabled: true } },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified,
          given_name: account.givenName,
          family_name: account.familyName,
          name: `${account.givenName} ${account.familyName}`,
          ...(account.nationalId ? { national_id: account.nationalId } : {}),
        }),
      };
    },
    // Every scope Sanad asks for is granted at once, as for a first-party client.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  provider = new Provider(issuer, configuration);
  handle = provider.callback();
  // Silence the provider's own error logging of refused requests; tests assert on what Sanad sees.
  provider.on('server_error', () => undefined);

  return {
    issuer,
    secretClient,
    privateKeyClient,
    addAccount(account) {
      accounts.set(account.sub, account);
    },
    publishWrongSigningKey(isOn) {
      wrongJwks = isOn ? otherJwks : null;
    },
    signInAs(sub) {
      nextAccount = sub;
    },
    async authorize(authorizationUrl) {
      const cookies = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop += 1) {
        if (url.origin !== issuer) return url;
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const cookie of response.headers.getSetCookie()) {
          const [pair = ''] = cookie.split(';');
          const separator = pair.indexOf('=');
          cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`the provider answered ${response.status} without a redirect: ${await response.text()}`);
        url = new URL(location, url);
      }
      throw new Error('too many redirects at the provider');
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
