import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { MESSAGES } from '@sanad/contracts/messages';
import { bearer, body, createTestApp, type TestApp } from '../../test-support/test-app';
import { STAFF_PASSWORD, makeUser, type MadeUser } from '../../test-support/factories';
import { startTestProvider, type TestProvider } from '@sanad/test-support/oidc-test-provider';
import { linkIdentity } from './identity-link.service';

const SANAD_URL = 'http://sanad.test';

let t: TestApp;
let provider: TestProvider;

beforeAll(async () => {
  provider = await startTestProvider({
    sanadUrl: SANAD_URL,
    sanadProviderIds: ['national', 'keyed', 'by-id', 'forged', 'down'],
    accounts: [],
  });
  t = await createTestApp({
    env: {
      SANAD_PUBLIC_URL: SANAD_URL,
      OIDC_ALLOW_LOOPBACK: 'true',
      OIDC_PROVIDERS: 'national,keyed,by-id,forged,down',
      OIDC_NATIONAL_ISSUER: provider.issuer,
      OIDC_NATIONAL_CLIENT_ID: provider.secretClient.clientId,
      OIDC_NATIONAL_CLIENT_SECRET: provider.secretClient.clientSecret,
      OIDC_NATIONAL_LABEL: 'Test ID',
      OIDC_KEYED_ISSUER: provider.issuer,
      OIDC_KEYED_CLIENT_ID: provider.privateKeyClient.clientId,
      OIDC_KEYED_PRIVATE_KEY: provider.privateKeyClient.privateKeyPem,
      OIDC_KEYED_LABEL: 'Keyed ID',
      OIDC_BY_ID_ISSUER: provider.issuer,
      OIDC_BY_ID_CLIENT_ID: provider.secretClient.clientId,
      OIDC_BY_ID_CLIENT_SECRET: provider.secretClient.clientSecret,
      OIDC_BY_ID_LABEL: 'National ID number',
      OIDC_BY_ID_LINK_BY: 'subject',
      OIDC_BY_ID_SUBJECT_CLAIM: 'national_id',
      // Its own client configuration, so its key cache starts empty for the forged-signature test.
      OIDC_FORGED_ISSUER: provider.issuer,
      OIDC_FORGED_CLIENT_ID: provider.secretClient.clientId,
      OIDC_FORGED_CLIENT_SECRET: provider.secretClient.clientSecret,
      // Nothing listens on port 9 here: the provider is unreachable.
      OIDC_DOWN_ISSUER: 'http://127.0.0.1:9',
      OIDC_DOWN_CLIENT_ID: 'sanad',
      OIDC_DOWN_CLIENT_SECRET: 'secret',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

let accountCount = 0;
/** A Sanad user and a person at the provider asserting that user's e-mail address. */
async function makeLinkedPerson(
  options: { emailVerified?: boolean; status?: 'active' | 'pending'; nationalId?: string } = {},
): Promise<{ user: MadeUser; sub: string }> {
  const user = await makeUser(t.context.db, {
    permissions: ['view-activity-dashboard'],
    dataSegmentId: t.adminSegmentId,
    status: options.status ?? 'active',
  });
  accountCount += 1;
  const sub = `person-${accountCount}`;
  provider.addAccount({
    sub,
    email: user.email,
    emailVerified: options.emailVerified ?? true,
    givenName: 'Amal',
    familyName: 'Test',
    ...(options.nationalId ? { nationalId: options.nationalId } : {}),
  });
  return { user, sub };
}

const bindingCookie = (response: LightMyRequestResponse) => String(response.headers['set-cookie']).split(';')[0] ?? '';

async function startSignIn(providerId: string, cookie?: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/users/oidc/${providerId}/authorize`, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(303);
  return { location: new URL(String(response.headers.location)), cookie: cookie ?? bindingCookie(response) };
}

async function callBack(callbackUrl: URL, cookie: string | null) {
  const response = await t.app.inject({ method: 'GET', url: callbackUrl.pathname + callbackUrl.search, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(303);
  const location = new URL(String(response.headers.location));
  expect(location.origin + location.pathname).toBe(`${SANAD_URL}/`);
  return { handoff: location.searchParams.get('oidc'), error: location.searchParams.get('oidcError') };
}

/** Sanad → provider (signed in as `sub`) → Sanad's callback; answers the handoff code or the error reason. */
async function signInThrough(providerId: string, sub: string) {
  const start = await startSignIn(providerId);
  provider.signInAs(sub);
  const callbackUrl = await provider.authorize(start.location.href);
  return { ...(await callBack(callbackUrl, start.cookie)), cookie: start.cookie, callbackUrl };
}

const exchange = (code: string, cookie: string | null) =>
  t.app.inject({ method: 'POST', url: '/api/users/oidc/exchange', payload: { code }, headers: cookie ? { cookie } : {} });

async function signInFully(
  providerId: string,
  sub: string,
): Promise<{ accessToken: string; expiresIn: number; profile: { email: string }; redirectTo: string | null }> {
  const { handoff, error, cookie } = await signInThrough(providerId, sub);
  expect(error).toBeNull();
  const response = await exchange(handoff ?? '', cookie);
  expect(response.statusCode).toBe(200);
  return body<{ data: { accessToken: string; expiresIn: number; profile: { email: string }; redirectTo: string | null } }>(response).data;
}

describe('GET users/oidc/providers', () => {
  it('lists the configured providers with their labels, without sign-in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/oidc/providers' });
    expect(response.statusCode).toBe(200);
    expect(body(response).data).toEqual([
      { id: 'national', label: 'Test ID' },
      { id: 'keyed', label: 'Keyed ID' },
      { id: 'by-id', label: 'National ID number' },
      { id: 'forged', label: 'National Digital ID' },
      { id: 'down', label: 'National Digital ID' },
    ]);
  });

  it("publishes the private_key_jwt client's public key, and no private part", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/oidc/jwks' });
    const { keys } = body<{ keys: Array<Record<string, string>> }>(response);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
  });
});

describe('GET users/oidc/:providerId/authorize', () => {
  it("redirects to the discovered authorization endpoint with PKCE (S256), state, nonce and Sanad's redirect URI", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/oidc/national/authorize?redirectTo=%2Fusers' });
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location));
    expect(location.origin).toBe(provider.issuer);
    expect(location.pathname).toBe('/auth');
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      client_id: provider.secretClient.clientId,
      redirect_uri: `${SANAD_URL}/api/users/oidc/national/callback`,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(String(response.headers['set-cookie'])).toMatch(
      /^sanad_oidc=[A-Za-z0-9_-]{43}; Path=\/api\/users\/oidc; Max-Age=900; HttpOnly; SameSite=Lax$/,
    );
  });

  it('sends the browser back to the login page when the provider cannot be reached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/oidc/down/authorize' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${SANAD_URL}/?oidcError=unavailable`);
  });

  it('answers 404 for a provider that is not configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/oidc/other/authorize' });
    expect(response.statusCode).toBe(404);
  });
});

describe('signing in through the provider', () => {
  it('signs in the user whose verified e-mail matches, with the same session as a password sign-in', async () => {
    const { user, sub } = await makeLinkedPerson();
    const start = await t.app.inject({ method: 'GET', url: '/api/users/oidc/national/authorize?redirectTo=%2Fusers%3Fpage%3D2' });
    provider.signInAs(sub);
    const callbackUrl = await provider.authorize(String(start.headers.location));
    expect(callbackUrl.href.startsWith(`${SANAD_URL}/api/users/oidc/national/callback?code=`)).toBe(true);
    const { handoff, error } = await callBack(callbackUrl, bindingCookie(start));
    expect(error).toBeNull();
    expect(handoff).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const response = await exchange(handoff ?? '', bindingCookie(start));
    expect(response.statusCode).toBe(200);
    const { message, data } = body<{
      message: string;
      data: { accessToken: string; expiresIn: number; profile: Record<string, unknown>; redirectTo: string };
    }>(response);
    expect(message).toBe(MESSAGES.loggedIn);
    expect(data.expiresIn).toBeGreaterThan(59 * 60);
    expect(data.profile).toMatchObject({ email: user.email, userId: user.id });
    expect(data.redirectTo).toBe('/users?page=2');
    const verified = await t.app.inject({ method: 'GET', url: '/api/users/verify-token', headers: bearer(data.accessToken) });
    expect(verified.statusCode).toBe(200);

    const audit = await t.context.db.query<{ module: string; action: string; summary: string; details: { provider?: string } }>(
      'select module, action, summary, details from audit_log where actor_id = $1 order by id',
      [user.id],
    );
    expect(audit.rows).toEqual([
      {
        module: 'system_users',
        action: 'linked_identity_provider',
        summary: 'Linked a Test ID identity by its verified e-mail address',
        details: { provider: 'national' },
      },
      { module: 'authentication', action: 'logged_in', summary: 'Signed in with Test ID', details: { provider: 'national' } },
    ]);
    const links = await t.context.db.query('select subject, linked_by from identity_links where user_id = $1', [user.id]);
    expect(links.rows).toEqual([{ subject: sub, linked_by: 'email' }]);
  });

  it('authenticates to the provider with private_key_jwt', async () => {
    const { user, sub } = await makeLinkedPerson();
    const session = await signInFully('keyed', sub);
    expect(session.profile.email).toBe(user.email);
  });

  it('keeps finding the user through the stored link after their Sanad e-mail changes', async () => {
    const { user, sub } = await makeLinkedPerson();
    await signInFully('national', sub);
    await t.context.db.query('update users set email = $2 where id = $1', [user.id, `changed-${user.email}`]);
    const session = await signInFully('national', sub);
    expect(session.profile.email).toBe(`changed-${user.email}`);
  });

  it('refuses an e-mail address the provider has not verified, and links nothing', async () => {
    const { user, sub } = await makeLinkedPerson({ emailVerified: false });
    const { error, handoff } = await signInThrough('national', sub);
    expect(error).toBe('unverified_email');
    expect(handoff).toBeNull();
    const links = await t.context.db.query('select 1 from identity_links where user_id = $1', [user.id]);
    expect(links.rowCount).toBe(0);
  });

  it('refuses a person Sanad does not know, and creates no account', async () => {
    provider.addAccount({
      sub: 'stranger',
      email: 'stranger@elsewhere.test',
      emailVerified: true,
      givenName: 'Sam',
      familyName: 'Stranger',
    });
    const before = await t.context.db.query<{ count: number }>('select count(*)::int as count from users');
    const { error } = await signInThrough('national', 'stranger');
    expect(error).toBe('unknown_user');
    const after = await t.context.db.query<{ count: number }>('select count(*)::int as count from users');
    expect(after.rows[0]?.count).toBe(before.rows[0]?.count);
  });

  it('refuses pending and archived users', async () => {
    const pending = await makeLinkedPerson({ status: 'pending' });
    expect((await signInThrough('national', pending.sub)).error).toBe('inactive_user');
    const archived = await makeLinkedPerson();
    await t.context.db.query("update users set status = 'archived' where id = $1", [archived.user.id]);
    expect((await signInThrough('national', archived.sub)).error).toBe('inactive_user');
  });

  it('refuses a second identity claiming the e-mail of a user already linked at that provider', async () => {
    const { user, sub } = await makeLinkedPerson();
    await signInFully('national', sub);
    provider.addAccount({ sub: `${sub}-twin`, email: user.email, emailVerified: true, givenName: 'Twin', familyName: 'Test' });
    expect((await signInThrough('national', `${sub}-twin`)).error).toBe('linked_elsewhere');
  });

  it('tells the user they cancelled when the provider answers access_denied', async () => {
    const start = await startSignIn('national');
    const state = start.location.searchParams.get('state') ?? '';
    const callbackUrl = new URL(`${SANAD_URL}/api/users/oidc/national/callback?error=access_denied&state=${state}`);
    expect((await callBack(callbackUrl, start.cookie)).error).toBe('cancelled');
  });
});

describe('attacks on the sign-in', () => {
  it('refuses a tampered state', async () => {
    const { sub } = await makeLinkedPerson();
    const start = await startSignIn('national');
    provider.signInAs(sub);
    const callbackUrl = await provider.authorize(start.location.href);
    callbackUrl.searchParams.set('state', `${callbackUrl.searchParams.get('state') ?? ''}x`);
    expect((await callBack(callbackUrl, start.cookie)).error).toBe('failed');
  });

  it('refuses a callback in a browser other than the one that started the sign-in (login CSRF)', async () => {
    const { sub } = await makeLinkedPerson();
    const start = await startSignIn('national');
    provider.signInAs(sub);
    const callbackUrl = await provider.authorize(start.location.href);
    expect((await callBack(callbackUrl, null)).error).toBe('failed');
    const otherBrowser = bindingCookie(await t.app.inject({ method: 'GET', url: '/api/users/oidc/national/authorize' }));
    expect((await callBack(callbackUrl, otherBrowser)).error).toBe('failed');
  });

  it('refuses the same callback a second time', async () => {
    const { sub } = await makeLinkedPerson();
    const first = await signInThrough('national', sub);
    expect(first.error).toBeNull();
    expect((await callBack(first.callbackUrl, first.cookie)).error).toBe('failed');
  });

  it('refuses an ID token whose nonce is not the one this attempt sent', async () => {
    const { sub } = await makeLinkedPerson();
    const start = await startSignIn('national');
    provider.signInAs(sub);
    const callbackUrl = await provider.authorize(start.location.href);
    // As if the ID token had been minted for another attempt: only the expected nonce differs.
    await t.context.db.query("update identity_logins set nonce = 'nonce-of-another-attempt' where callback_at is null");
    expect((await callBack(callbackUrl, start.cookie)).error).toBe('failed');
  });

  it('refuses an ID token whose signature does not verify against the keys the provider publishes', async () => {
    const { sub } = await makeLinkedPerson();
    provider.publishWrongSigningKey(true);
    try {
      expect((await signInThrough('forged', sub)).error).toBe('failed');
    } finally {
      provider.publishWrongSigningKey(false);
    }
  });

  it("refuses one attempt's code presented with another attempt's state", async () => {
    const { sub } = await makeLinkedPerson();
    const first = await startSignIn('national');
    const second = await startSignIn('national', first.cookie);
    provider.signInAs(sub);
    const callbackUrl = await provider.authorize(first.location.href);
    callbackUrl.searchParams.set('state', second.location.searchParams.get('state') ?? '');
    expect((await callBack(callbackUrl, first.cookie)).error).toBe('failed');
  });

  it('refuses an expired attempt', async () => {
    const { sub } = await makeLinkedPerson();
    const start = await startSignIn('national');
    provider.signInAs(sub);
    const callbackUrl = await provider.authorize(start.location.href);
    await t.context.db.query("update identity_logins set expires_at = now() - interval '1 second' where callback_at is null");
    expect((await callBack(callbackUrl, start.cookie)).error).toBe('failed');
  });

  it('accepts a handoff code once, only from the same browser, and not after 60 seconds', async () => {
    const { sub } = await makeLinkedPerson();
    const signedIn = await signInThrough('national', sub);
    const otherBrowser = bindingCookie(await t.app.inject({ method: 'GET', url: '/api/users/oidc/national/authorize' }));
    const foreign = await exchange(signedIn.handoff ?? '', otherBrowser);
    expect(foreign.statusCode).toBe(400);
    expect(body(foreign)).toMatchObject({ status: false, message: MESSAGES.identitySignInFailed });
    expect((await exchange(signedIn.handoff ?? '', signedIn.cookie)).statusCode).toBe(200);
    expect((await exchange(signedIn.handoff ?? '', signedIn.cookie)).statusCode).toBe(400);

    const late = await signInThrough('national', sub);
    await t.context.db.query(
      "update identity_logins set handoff_expires_at = now() - interval '1 second' where redeemed_at is null and handoff_hash is not null",
    );
    expect((await exchange(late.handoff ?? '', late.cookie)).statusCode).toBe(400);
  });
});

describe('linking by subject', () => {
  it('signs in only an identity an operator has linked, by the configured claim', async () => {
    const { user, sub } = await makeLinkedPerson({ nationalId: '784-1990-1234567-1' });
    expect((await signInThrough('by-id', sub)).error).toBe('unknown_user');
    await linkIdentity(t.context.db, t.context.config.identityProviders, {
      providerId: 'by-id',
      subject: '784-1990-1234567-1',
      email: user.email,
    });
    const session = await signInFully('by-id', sub);
    expect(session.profile.email).toBe(user.email);
    const links = await t.context.db.query('select subject, linked_by from identity_links where user_id = $1', [user.id]);
    expect(links.rows).toEqual([{ subject: '784-1990-1234567-1', linked_by: 'administrator' }]);
  });
});

describe('POST users/logout', () => {
  it("answers the provider's end-session URL with the ID token hint and Sanad's login page to return to", async () => {
    const { sub } = await makeLinkedPerson();
    const session = await signInFully('national', sub);
    const response = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(session.accessToken), payload: {} });
    expect(response.statusCode).toBe(200);
    const { message, data } = body<{ message: string; data: { logoutUrl: string } }>(response);
    expect(message).toBe(MESSAGES.loggedOut);
    const logoutUrl = new URL(data.logoutUrl);
    expect(logoutUrl.origin + logoutUrl.pathname).toBe(`${provider.issuer}/session/end`);
    expect(logoutUrl.searchParams.get('post_logout_redirect_uri')).toBe(`${SANAD_URL}/`);
    expect(logoutUrl.searchParams.get('client_id')).toBe(provider.secretClient.clientId);
    expect(decodeJwt(logoutUrl.searchParams.get('id_token_hint') ?? '')).toMatchObject({
      sub,
      iss: provider.issuer,
      aud: provider.secretClient.clientId,
    });
    const after = await t.app.inject({ method: 'GET', url: '/api/users/verify-token', headers: bearer(session.accessToken) });
    expect(after.statusCode).toBe(401);
  });

  it('answers a password session as before, without a logout URL', async () => {
    const user = await makeUser(t.context.db, { permissions: [], dataSegmentId: t.adminSegmentId });
    const token = await t.login(user.email, STAFF_PASSWORD);
    const response = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(token), payload: {} });
    expect(body(response)).toEqual({ status: true, message: MESSAGES.loggedOut });
  });
});
