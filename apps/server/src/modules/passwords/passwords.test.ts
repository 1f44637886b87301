import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@sanad/contracts/passwords';
import type { TSession } from '@sanad/contracts/session';
import type { TStaffUserRow } from '@sanad/contracts/users';
import { RESET_LIMIT } from './password.service';
import { body, useTestApp } from '../../test-support/test-app';
import { STAFF_PASSWORD, makeDataSegment, makeUser } from '../../test-support/factories';
import { call, countRows, firstError, latestMail, linkToken, signedInUser } from '../../test-support/admin-helpers';

const t = useTestApp();
let admin: string;
let checkerRoleId: string;

beforeAll(async () => {
  admin = t.adminToken;
  const role = await t.context.db.query<{ id: string }>("select id from roles where data_segment_id = $1 and title = 'Checker'", [
    t.adminSegmentId,
  ]);
  checkerRoleId = role.rows[0]?.id ?? '';
});

const passwords = (password: string, passwordConfirmation = password) => ({ password, passwordConfirmation });
let sequence = 0;

const forgot = (email: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/password/reset', payload: { email }, remoteAddress });

async function invite(path: 'users/' | 'users/team-member/add', extra: Record<string, unknown> = {}): Promise<TStaffUserRow> {
  sequence += 1;
  const response = await call(t, 'POST', path, {
    token: admin,
    payload: {
      firstName: 'New',
      lastName: `Joiner ${sequence}`,
      email: `joiner.${sequence}@client.test`,
      roleId: checkerRoleId,
      dataSegmentId: t.adminSegmentId,
      ...extra,
    },
  });
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
  return body<{ data: TStaffUserRow }>(response).data;
}

/** The titles of the notifications a signed-in user sees that begin with `name`, from the notifications API. */
async function notificationsAbout(token: string, name: string): Promise<string[]> {
  const response = await call(t, 'GET', 'configurations/notifications', { token, query: { perPage: '100' } });
  const { data } = body<{ data: Array<{ title: string; description: string }> }>(response);
  return data.filter((item) => item.description.startsWith(`${name} `)).map((item) => item.title);
}

/** Posts a new password to an e-mailed link from an address of its own, clear of the per-address link limit. */
const followLink = (url: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, payload: passwords(password), remoteAddress });

const nameOf = (user: TStaffUserRow) => `${user.firstName} ${user.lastName}`;

async function resetLinkFor(email: string, remoteAddress: string): Promise<string> {
  expect((await forgot(email, remoteAddress)).statusCode).toBe(200);
  return linkToken(await latestMail(t.context.db, email), 'users/reset-password');
}

describe('POST users/password/reset (forgot password)', () => {
  it('answers an unknown address exactly as a known one, and e-mails a reset link only to the account', async () => {
    const user = await makeUser(t.context.db, { permissions: ['view-users'], dataSegmentId: t.adminSegmentId });
    const mailsBefore = await countRows(t.context.db, 'outbox');
    const known = await forgot(user.email, '10.1.0.1');
    const unknown = await forgot('nobody-here@client.test', '10.1.0.2');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(body(known)).toEqual({ status: true, message: PASSWORD_MESSAGES.resetRequested });
    expect(await countRows(t.context.db, 'outbox')).toBe(mailsBefore + 1);
    const mail = await latestMail(t.context.db, user.email);
    expect(mail?.subject).toBe('Reset your Sanad password');
    expect(mail?.body_text).toContain(`${t.context.config.publicUrl}/users/reset-password/`);
  });

  it('sends nothing to pending or archived accounts, with the same answer', async () => {
    const pending = await makeUser(t.context.db, { permissions: [], dataSegmentId: t.adminSegmentId, status: 'pending' });
    const mailsBefore = await countRows(t.context.db, 'outbox');
    const response = await forgot(pending.email, '10.1.1.1');
    expect(body(response)).toEqual({ status: true, message: PASSWORD_MESSAGES.resetRequested });
    expect(await countRows(t.context.db, 'outbox')).toBe(mailsBefore);
  });

  it(`sends at most ${RESET_LIMIT.sends} links per recipient in ${RESET_LIMIT.windowSeconds / 60} minutes, answering the same after`, async () => {
    const user = await makeUser(t.context.db, { permissions: [], dataSegmentId: t.adminSegmentId });
    const mailsBefore = await countRows(t.context.db, 'outbox');
    for (let attempt = 0; attempt < RESET_LIMIT.sends + 2; attempt += 1) {
      const response = await forgot(user.email, `10.1.2.${attempt}`);
      expect(body(response)).toEqual({ status: true, message: PASSWORD_MESSAGES.resetRequested });
    }
    expect(await countRows(t.context.db, 'outbox')).toBe(mailsBefore + RESET_LIMIT.sends);
  });

  it('asks for a valid e-mail address', async () => {
    const response = await forgot('nope', '10.1.3.1');
    expect(response.statusCode).toBe(422);
    expect(firstError(response)).toBe('Enter a valid email address');
  });
});

describe('POST users/password/set/{token} with a reset link', () => {
  it('sets the new password, ends every session of the user, and works only once', async () => {
    const user = await makeUser(t.context.db, { permissions: ['view-users'], dataSegmentId: t.adminSegmentId });
    const session = await t.login(user.email, STAFF_PASSWORD);
    const token = await resetLinkFor(user.email, '10.2.0.1');

    const response = await call(t, 'POST', `users/password/set/${token}`, { payload: passwords('Renewed1!') });
    expect(body(response)).toEqual({ status: true, message: PASSWORD_MESSAGES.passwordReset });
    expect((await call(t, 'GET', 'users/verify-token', { token: session })).statusCode).toBe(401);
    expect((await call(t, 'POST', 'users/login', { payload: { email: user.email, password: STAFF_PASSWORD } })).statusCode).toBe(400);
    expect((await call(t, 'POST', 'users/login', { payload: { email: user.email, password: 'Renewed1!' } })).statusCode).toBe(200);

    const again = await call(t, 'POST', `users/password/set/${token}`, { payload: passwords('Another1!') });
    expect(again.statusCode).toBe(400);
    expect(firstError(again)).toBe(PASSWORD_MESSAGES.invalidLink);
    const audit = await t.context.db.query<{ action: string }>(
      "select action from audit_log where entity_id = $1 and module = 'authentication' order by id",
      [user.id],
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['requested_password_reset', 'reset_password']);
  });

  it('refuses the current password and any of the last 10, keeping the link usable', async () => {
    const user = await makeUser(t.context.db, { permissions: [], dataSegmentId: t.adminSegmentId });
    const token = await resetLinkFor(user.email, '10.2.1.1');
    const reused = await call(t, 'POST', `users/password/set/${token}`, { payload: passwords(STAFF_PASSWORD) });
    expect(reused.statusCode).toBe(422);
    expect(body(reused)).toMatchObject({ message: PASSWORD_MESSAGES.reused, errors: { password: [PASSWORD_MESSAGES.reused] } });
    expect((await call(t, 'POST', `users/password/set/${token}`, { payload: passwords('Unused12!') })).statusCode).toBe(200);

    const second = await resetLinkFor(user.email, '10.2.1.2');
    expect(firstError(await call(t, 'POST', `users/password/set/${second}`, { payload: passwords('Unused12!') }))).toBe(
      PASSWORD_MESSAGES.reused,
    );
    expect(firstError(await call(t, 'POST', `users/password/set/${second}`, { payload: passwords(STAFF_PASSWORD) }))).toBe(
      PASSWORD_MESSAGES.reused,
    );
  });

  it("applies the spec's password rules and asks for an equal confirmation", async () => {
    const user = await makeUser(t.context.db, { permissions: [], dataSegmentId: t.adminSegmentId });
    const token = await resetLinkFor(user.email, '10.2.2.1');
    const cases: Array<[Record<string, string>, string]> = [
      [passwords('Ab1!x'), 'Password must be between 6 and 20 characters'],
      [passwords('Abcdefgh1!Abcdefgh1!x'), 'Password must be between 6 and 20 characters'],
      [passwords('abcdef1!'), 'Password must contain at least one uppercase letter'],
      [passwords('ABCDEF1!'), 'Password must contain at least one lowercase letter'],
      [passwords('Abcdefg!'), 'Password must contain at least one digit'],
      [passwords('Abcdef12'), 'Password must contain at least one of !@#$%^&*_=+-'],
      [passwords('Abc def1!'), 'Password must not contain spaces'],
      [passwords('Abcdef1!', 'Abcdef1?'), PASSWORD_MESSAGES.passwordsDoNotMatch],
      [{ password: 'Abcdef1!' }, PASSWORD_MESSAGES.confirmationRequired],
    ];
    for (const [payload, message] of cases) {
      const response = await call(t, 'POST', `users/password/set/${token}`, { payload });
      expect({ case: payload, status: response.statusCode }).toEqual({ case: payload, status: 422 });
      expect(firstError(response)).toBe(message);
    }
    expect((await call(t, 'POST', `users/password/set/${token}`, { payload: passwords('Abcdef1!') })).statusCode).toBe(200);
  });

  it('refuses an expired link, an unknown one, and the link of an archived account', async () => {
    const user = await makeUser(t.context.db, { permissions: [], dataSegmentId: t.adminSegmentId });
    const token = await resetLinkFor(user.email, '10.2.3.1');
    await t.context.db.query("update account_tokens set expires_at = now() - interval '1 second' where user_id = $1", [user.id]);
    expect(firstError(await call(t, 'POST', `users/password/set/${token}`, { payload: passwords('Expired1!') }))).toBe(
      PASSWORD_MESSAGES.invalidLink,
    );
    expect(firstError(await call(t, 'POST', 'users/password/set/made-up-token', { payload: passwords('Expired1!') }))).toBe(
      PASSWORD_MESSAGES.invalidLink,
    );

    const fresh = await resetLinkFor(user.email, '10.2.3.2');
    await t.context.db.query("update users set status = 'archived' where id = $1", [user.id]);
    expect(firstError(await call(t, 'POST', `users/password/set/${fresh}`, { payload: passwords('Archived1!') }))).toBe(
      PASSWORD_MESSAGES.invalidLink,
    );
  });
});

describe('GET users/password/link/{token}', () => {
  let lookups = 0;
  // From an address of its own each time, clear of the per-address limit on link endpoints.
  const check = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/users/password/link/${token}`, remoteAddress: `10.2.5.${(lookups += 1)}` });

  it("answers a live link's purpose without using it up, so the page can show its form", async () => {
    const user = await makeUser(t.context.db, { permissions: [], dataSegmentId: t.adminSegmentId });
    const reset = await resetLinkFor(user.email, '10.2.4.1');
    for (let look = 0; look < 2; look += 1) {
      expect(body(await check(reset))).toEqual({ status: true, message: PASSWORD_MESSAGES.linkValid, data: { purpose: 'password-reset' } });
    }
    const member = await invite('users/team-member/add');
    const invitation = linkToken(await latestMail(t.context.db, member.email), 'team-member/create-password');
    expect(body(await check(invitation))).toMatchObject({ data: { purpose: 'team-activation' } });
    expect((await followLink(`users/password/set/${reset}`, 'Checked1!', '10.2.6.1')).statusCode).toBe(200);
  });

  it('says at once that a used, expired or made-up link is invalid', async () => {
    const user = await makeUser(t.context.db, { permissions: [], dataSegmentId: t.adminSegmentId });
    const used = await resetLinkFor(user.email, '10.2.4.2');
    expect((await followLink(`users/password/set/${used}`, 'Used1234!', '10.2.6.2')).statusCode).toBe(200);
    const expired = await resetLinkFor(user.email, '10.2.4.3');
    await t.context.db.query("update account_tokens set expires_at = now() - interval '1 second' where user_id = $1", [user.id]);
    for (const token of [used, expired, 'made-up-token']) {
      const response = await check(token);
      expect(response.statusCode).toBe(400);
      expect(firstError(response)).toBe(PASSWORD_MESSAGES.invalidLink);
    }
  });
});

describe('POST users/activate-account/{token}', () => {
  it('sets the password, activates the user and signs them in on the first of their segments, like login', async () => {
    const second = await makeDataSegment(t.context.db, 'Second Client');
    const role = await t.context.db.query<{ id: string }>('select id from roles where id = $1', [checkerRoleId]);
    expect(role.rows).toHaveLength(1);
    // The role lives in the admin segment, which the user lists second.
    const user = await invite('users/', { dataSegmentIds: [second, t.adminSegmentId] });
    const token = linkToken(await latestMail(t.context.db, user.email), 'users/create-password');

    const response = await call(t, 'POST', `users/activate-account/${token}`, { payload: passwords('Joined12!') });
    expect(response.statusCode).toBe(200);
    const { message, data } = body<{ message: string; data: TSession }>(response);
    expect(message).toBe(PASSWORD_MESSAGES.accountActivated);
    expect(data.expiresIn).toBeGreaterThan(59 * 60);
    expect(data.profile).toMatchObject({ email: user.email, roleName: 'Checker', dataSegmentIds: [second, t.adminSegmentId] });
    const claims = JSON.parse(Buffer.from(data.accessToken.split('.')[1] ?? '', 'base64url').toString()) as {
      dataSegment: { _id: string };
    };
    expect(claims.dataSegment._id).toBe(second);
    expect((await call(t, 'GET', 'users/verify-token', { token: data.accessToken })).statusCode).toBe(200);
    const stored = body<{ data: TStaffUserRow }>(await call(t, 'GET', `users/${user._id}`, { token: admin })).data;
    expect(stored.status).toBe('active');

    const again = await call(t, 'POST', `users/activate-account/${token}`, { payload: passwords('Joined123!') });
    expect(again.statusCode).toBe(400);
    expect(firstError(again)).toBe(PASSWORD_MESSAGES.invalidLink);
  });

  it('refuses a team-member link, and leaves the link working after a refused password', async () => {
    const member = await invite('users/team-member/add');
    const token = linkToken(await latestMail(t.context.db, member.email), 'team-member/create-password');
    expect(firstError(await call(t, 'POST', `users/activate-account/${token}`, { payload: passwords('Member12!') }))).toBe(
      PASSWORD_MESSAGES.invalidLink,
    );
    expect(firstError(await call(t, 'POST', `users/team-member/activate-account/${token}`, { payload: passwords('weak') }))).toBe(
      'Password must be between 6 and 20 characters',
    );
    const response = await call(t, 'POST', `users/team-member/activate-account/${token}`, { payload: passwords('Member12!') });
    expect(response.statusCode).toBe(200);
    expect(body<{ data: TSession }>(response).data.profile.dataSegmentIds).toEqual([t.adminSegmentId]);
  });

  it("tells the inviter and the segment's user managers that the invitation was accepted", async () => {
    const manager = await signedInUser(t, ['manage-users', 'notification-bar']);
    const bystander = await signedInUser(t, ['notification-bar']);
    const user = await invite('users/');
    const token = linkToken(await latestMail(t.context.db, user.email), 'users/create-password');
    expect(await notificationsAbout(admin, nameOf(user))).toEqual([]);
    const joined = await followLink(`users/activate-account/${token}`, 'Joined12!', '10.3.0.1');
    expect(joined.statusCode).toBe(200);
    expect(await notificationsAbout(admin, nameOf(user))).toEqual(['Invitation accepted']);
    expect(await notificationsAbout(manager.token, nameOf(user))).toEqual(['Invitation accepted']);
    expect(await notificationsAbout(bystander.token, nameOf(user))).toEqual([]);
    expect(await notificationsAbout(body<{ data: TSession }>(joined).data.accessToken, nameOf(user))).toEqual([]);
  });

  it('tells the inviter when a team member accepts, and when an invitation link sets the first password', async () => {
    const member = await invite('users/team-member/add');
    const memberToken = linkToken(await latestMail(t.context.db, member.email), 'team-member/create-password');
    expect((await followLink(`users/team-member/activate-account/${memberToken}`, 'Member12!', '10.3.0.2')).statusCode).toBe(200);
    expect(await notificationsAbout(admin, nameOf(member))).toEqual(['Invitation accepted']);

    const user = await invite('users/');
    const token = linkToken(await latestMail(t.context.db, user.email), 'users/create-password');
    expect((await followLink(`users/password/set/${token}`, 'Joined12!', '10.3.0.2')).statusCode).toBe(200);
    expect(await notificationsAbout(admin, nameOf(user))).toEqual(['Invitation accepted']);
  });

  it('refuses an expired invitation and the invitation of an archived user', async () => {
    const expired = await invite('users/');
    const expiredToken = linkToken(await latestMail(t.context.db, expired.email), 'users/create-password');
    await t.context.db.query("update account_tokens set expires_at = now() - interval '1 second' where user_id = $1", [expired._id]);
    expect(firstError(await call(t, 'POST', `users/activate-account/${expiredToken}`, { payload: passwords('Joined12!') }))).toBe(
      PASSWORD_MESSAGES.invalidLink,
    );

    const archived = await invite('users/');
    const archivedToken = linkToken(await latestMail(t.context.db, archived.email), 'users/create-password');
    expect((await call(t, 'PUT', `users/${archived._id}`, { token: admin, payload: { ...archived, status: 'archived' } })).statusCode).toBe(
      200,
    );
    expect(firstError(await call(t, 'POST', `users/activate-account/${archivedToken}`, { payload: passwords('Joined12!') }))).toBe(
      PASSWORD_MESSAGES.invalidLink,
    );
  });

  it('lets users/password/set take an invitation link: the account is activated, without signing in', async () => {
    const user = await invite('users/');
    const token = linkToken(await latestMail(t.context.db, user.email), 'users/create-password');
    const response = await call(t, 'POST', `users/password/set/${token}`, { payload: passwords('Joined12!') });
    expect(body(response)).toEqual({ status: true, message: PASSWORD_MESSAGES.passwordSet });
    expect((await call(t, 'POST', 'users/login', { payload: { email: user.email, password: 'Joined12!' } })).statusCode).toBe(200);
  });
});
