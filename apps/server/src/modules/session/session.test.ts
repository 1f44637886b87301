import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '@sanad/contracts/permissions';
import { MESSAGES } from '@sanad/contracts/messages';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, body, useTestApp } from '../../test-support/test-app';
import { STAFF_PASSWORD, makeDataSegment, makeUser } from '../../test-support/factories';
import { solveCaptcha } from '../../test-support/captcha-solver';
import { actorsChanged } from '../../platform/auth/actor-cache';
import { LOGIN_LIMITS } from './login-throttle';

const t = useTestApp();

const expiry = (jwt: string) => (JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as { exp: number }).exp;

const activeSegmentOf = (jwt: string) =>
  (JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as { dataSegment: { _id: string } | null }).dataSegment?._id ??
  null;

const login = (payload: Record<string, unknown>, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload, remoteAddress });

describe('POST users/login', () => {
  it('signs in with the e-mail address and returns the token, its lifetime and the profile', async () => {
    const response = await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(response.statusCode).toBe(200);
    const { status, message, data } = body<{ status: boolean; message: string; data: Record<string, unknown> }>(response);
    expect(status).toBe(true);
    expect(message).toBe(MESSAGES.loggedIn);
    expect(typeof data.accessToken).toBe('string');
    expect(data.expiresIn).toBeGreaterThan(59 * 60);
    expect(data.expiresIn).toBeLessThanOrEqual(60 * 60);
    const profile = data.profile as Record<string, unknown>;
    expect(Object.keys(profile).toSorted()).toEqual(
      [
        '_id',
        'accountType',
        'avatar',
        'dataSegmentIds',
        'email',
        'firstName',
        'kyb',
        'kycRole',
        'lastName',
        'phoneNumber',
        'roleName',
        'scopes',
        'userGuide',
        'userId',
        'username',
      ].toSorted(),
    );
    expect(profile.roleName).toBe('Administrator');
    expect(profile.scopes).toEqual(expect.arrayContaining([...ALL_PERMISSIONS]));
    expect(profile.kycRole).toBe('maker');
    expect(profile.dataSegmentIds).toEqual([]);
  });

  it('signs in with the username, case-insensitively', async () => {
    const response = await login({ username: 'ADMIN', password: ADMIN_PASSWORD });
    expect(response.statusCode).toBe(200);
  });

  it('answers an unknown account and a wrong password identically', async () => {
    const unknown = await login({ email: 'nobody@sanad.test', password: 'Wrong123!' }, '10.0.1.1');
    const wrong = await login({ email: ADMIN_EMAIL, password: 'Wrong123!' }, '10.0.1.2');
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(body(unknown)).toEqual(body(wrong));
    expect(body(wrong)).toEqual({ status: false, message: MESSAGES.invalidCredentials, code: 'INVALID_CREDENTIALS' });
  });

  it('refuses a pending account with the same answer as a wrong password', async () => {
    const pending = await makeUser(t.context.db, { permissions: ['view-users'], dataSegmentId: t.adminSegmentId, status: 'pending' });
    const response = await login({ email: pending.email, password: STAFF_PASSWORD }, '10.0.1.3');
    expect(body(response)).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('refuses an identifier with a NUL byte or a lone surrogate as a validation error, never a server error', async () => {
    for (const payload of [
      { email: 'admin\u0000@sanad.test', password: 'x' },
      { username: 'adm\u0000in', password: 'x' },
      { username: 'adm\ud800in', password: 'x' },
    ]) {
      const response = await login(payload, '10.0.9.1');
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 422 });
    }
  });

  it('names the missing field when neither e-mail nor username is given', async () => {
    const response = await login({ password: 'x' });
    expect(response.statusCode).toBe(422);
    expect(body(response)).toMatchObject({ status: false, errors: { email: ['Email or username is required'] } });
  });

  it('blocks an address after 5 failures on one account, without blocking that account elsewhere', async () => {
    const user = await makeUser(t.context.db, { permissions: ['view-users'], dataSegmentId: t.adminSegmentId });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login({ email: user.email, password: 'Nope123!' }, '10.0.2.1')).statusCode).toBe(400);
    }
    const blocked = await login({ email: user.email, password: STAFF_PASSWORD }, '10.0.2.1');
    expect(blocked.statusCode).toBe(429);
    expect(body(blocked)).toMatchObject({ message: MESSAGES.tooManyAttempts });
    const elsewhere = await login({ email: user.email, password: STAFF_PASSWORD }, '10.0.2.2');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('asks for a captcha, not a lock-out, once an account collects 10 failures from many addresses', async () => {
    const user = await makeUser(t.context.db, { permissions: ['view-users'], dataSegmentId: t.adminSegmentId });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await login({ email: user.email, password: 'Nope123!' }, `10.0.3.${attempt}`);
    }
    const withoutCaptcha = await login({ email: user.email, password: STAFF_PASSWORD }, '10.0.4.1');
    expect(withoutCaptcha.statusCode).toBe(428);
    expect(body(withoutCaptcha)).toMatchObject({ code: 'CAPTCHA_REQUIRED' });

    const captcha = await solveCaptcha(t.app);
    const withCaptcha = await login({ email: user.email, password: STAFF_PASSWORD, captcha }, '10.0.4.1');
    expect(withCaptcha.statusCode).toBe(200);
  });
});

/** How many answers had each status code. */
function tally(responses: ReadonlyArray<{ statusCode: number }>): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

describe('sign-in limits under concurrent guessing', () => {
  it('checks at most 10 passwords of one account when 150 guesses from 150 addresses arrive at once', async () => {
    const user = await makeUser(t.context.db, { permissions: ['view-users'], dataSegmentId: t.adminSegmentId });
    const guesses = Array.from({ length: 150 }, (_, index) =>
      login({ email: user.email, password: `Guess-${index}a` }, `10.50.${Math.floor(index / 200)}.${(index % 200) + 1}`),
    );
    const answers = tally(await Promise.all(guesses));
    // 400 is a checked (wrong) password; 428 asks for a captcha without checking anything.
    expect(answers).toEqual({ 400: LOGIN_LIMITS.account, 428: 150 - LOGIN_LIMITS.account });
    // The real user is slowed down, not locked out: with a captcha the right password still works.
    const captcha = await solveCaptcha(t.app);
    expect((await login({ email: user.email, password: STAFF_PASSWORD, captcha }, '10.51.0.1')).statusCode).toBe(200);
  });

  it('checks at most 5 passwords of one account from one address when 30 guesses arrive at once', async () => {
    const user = await makeUser(t.context.db, { permissions: ['view-users'], dataSegmentId: t.adminSegmentId });
    const guesses = Array.from({ length: 30 }, (_, index) => login({ email: user.email, password: `Guess-${index}a` }, '10.52.0.1'));
    expect(tally(await Promise.all(guesses))).toEqual({ 400: LOGIN_LIMITS.pair, 429: 30 - LOGIN_LIMITS.pair });
  });

  it('clears the failures of an account from an address once the right password is given there', async () => {
    const user = await makeUser(t.context.db, { permissions: ['view-users'], dataSegmentId: t.adminSegmentId });
    for (let attempt = 0; attempt < LOGIN_LIMITS.pair - 1; attempt += 1) {
      expect((await login({ email: user.email, password: 'Nope123!' }, '10.53.0.1')).statusCode).toBe(400);
    }
    expect((await login({ email: user.email, password: STAFF_PASSWORD }, '10.53.0.1')).statusCode).toBe(200);
    // The success cleared the account's failures from this address: five more wrong guesses are checked.
    for (let attempt = 0; attempt < LOGIN_LIMITS.pair; attempt += 1) {
      expect((await login({ email: user.email, password: 'Nope123!' }, '10.53.0.1')).statusCode).toBe(400);
    }
    expect((await login({ email: user.email, password: STAFF_PASSWORD }, '10.53.0.1')).statusCode).toBe(429);
  });
});

describe('the data segment a sign-in starts on', () => {
  it("is the first of the user's own segments in their order, not the oldest one", async () => {
    const older = await makeDataSegment(t.context.db, 'Older Client');
    const newer = await makeDataSegment(t.context.db, 'Newer Client');
    const user = await makeUser(t.context.db, { permissions: ['view-users'], dataSegmentId: older, dataSegmentIds: [newer, older] });
    expect(activeSegmentOf(await t.login(user.email, STAFF_PASSWORD))).toBe(newer);
  });

  it('passes over a first segment that is archived', async () => {
    const archived = await makeDataSegment(t.context.db, 'Closed Client');
    const open = await makeDataSegment(t.context.db, 'Open Client');
    await t.context.db.query("update data_segments set status = 'archived' where id = $1", [archived]);
    const user = await makeUser(t.context.db, { permissions: ['view-users'], dataSegmentId: open, dataSegmentIds: [archived, open] });
    expect(activeSegmentOf(await t.login(user.email, STAFF_PASSWORD))).toBe(open);
  });

  it('is the first segment of the installation for a user of every segment, unless the sign-in asks for another', async () => {
    expect(activeSegmentOf(await t.login(ADMIN_EMAIL, ADMIN_PASSWORD))).toBe(t.adminSegmentId);
    const other = await makeDataSegment(t.context.db, 'Requested Client');
    const response = await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, dataSegmentId: other }, '10.0.2.1');
    expect(activeSegmentOf(body<{ data: { accessToken: string } }>(response).data.accessToken)).toBe(other);
  });
});

describe('session lifecycle', () => {
  it('verifies a token and returns the profile', async () => {
    const token = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const response = await t.app.inject({ method: 'GET', url: '/api/users/verify-token', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(body<{ data: { email: string } }>(response).data.email).toBe(ADMIN_EMAIL);
  });

  it('adds white-labelling to the verified scopes only while the active segment allows it', async () => {
    const segment = await makeDataSegment(t.context.db);
    const user = await makeUser(t.context.db, { permissions: ['view-activity-dashboard'], dataSegmentId: segment });
    const token = await t.login(user.email, STAFF_PASSWORD);
    const scopes = async () =>
      body<{ data: { scopes: string[] } }>(await t.app.inject({ method: 'GET', url: '/api/users/verify-token', headers: bearer(token) }))
        .data.scopes;
    expect(await scopes()).toEqual(['view-activity-dashboard']);
    // White labelling is switched on by an operator in SQL, outside the application: such a change
    // reaches signed-in callers when it is announced (or after the cache period, ACTOR_CACHE_SECONDS).
    await t.context.db.transaction(async (tx) => {
      await tx.query('update data_segments set white_labelling = true where id = $1', [segment]);
      await actorsChanged(tx);
    });
    expect(await scopes()).toEqual(['view-activity-dashboard', 'white-labelling']);
  });

  it('extends the session and returns a fresh token in the authorization header', async () => {
    const token = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const response = await t.app.inject({ method: 'GET', url: '/api/users/sessionUpdate', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(body<{ data: { expiresIn: number } }>(response).data.expiresIn).toBeGreaterThan(59 * 60);
    const fresh = String(response.headers.authorization).replace(/^Bearer /, '');
    expect(expiry(fresh)).toBeGreaterThanOrEqual(expiry(token));
    const check = await t.app.inject({ method: 'GET', url: '/api/users/verify-token', headers: bearer(fresh) });
    expect(check.statusCode).toBe(200);
  });

  it('refuses to switch to a data segment the user may not see', async () => {
    const user = await makeUser(t.context.db, { permissions: ['view-users'], dataSegmentId: t.adminSegmentId });
    const token = await t.login(user.email, STAFF_PASSWORD);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/sessionUpdate?dataSegmentId=6f1c5a2e-0000-4000-8000-000000000001',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(403);
  });

  it('makes the token useless after logout', async () => {
    const token = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const logout = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(token) });
    expect(body(logout)).toEqual({ status: true, message: MESSAGES.loggedOut });
    const after = await t.app.inject({ method: 'GET', url: '/api/users/verify-token', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(token) });
    expect(again.statusCode).toBe(401);
  });

  it('applies a role change to the next request of a signed-in user', async () => {
    const user = await makeUser(t.context.db, { permissions: ['view-activity-dashboard'], dataSegmentId: t.adminSegmentId });
    const token = await t.login(user.email, STAFF_PASSWORD);
    const url = '/api/insights/activity-dashboard';
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode).toBe(200);
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const roles = await t.app.inject({ method: 'GET', url: '/api/access-control/roles?perPage=500', headers: bearer(admin) });
    const role = body<{ data: Array<{ _id: string }> }>(roles).data.find((candidate) => candidate._id === user.roleId);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/access-control/roles/${user.roleId}`,
      headers: bearer(admin),
      payload: { ...role, permissions: ['view-users'] },
    });
    expect(edited.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode).toBe(403);
  });
});
