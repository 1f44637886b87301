import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sanad/contracts/messages';
import { OTP_MESSAGES } from '@sanad/contracts/otp';
import { PROFILE_MESSAGES } from '@sanad/contracts/profile';
import { storeNewPassword } from '../../platform/auth/password-history';
import { bearer, body, useTestApp } from '../../test-support/test-app';
import { STAFF_PASSWORD, makeUser, type MadeUser } from '../../test-support/factories';
import { codeSentTo, freshCaptcha, requestCode, resetSendLimits, signInFresh, wrongCode } from '../../test-support/one-time-code-helpers';

const t = useTestApp();

async function signedInUser(): Promise<{ user: MadeUser; token: string }> {
  const user = await makeUser(t.context.db, { permissions: ['view-activity-dashboard'], dataSegmentId: t.adminSegmentId });
  return { user, token: await signInFresh(t, user.email, STAFF_PASSWORD) };
}

/** Everything a submission needs besides the form: a fresh code for the purpose, its token and a captcha. */
async function codeFor(token: string, user: MadeUser, purpose: 'update-profile' | 'change-password') {
  const { token: codeToken } = await requestCode(t, token, purpose);
  return { otp: await codeSentTo(t.context.db, user.email), token: codeToken, captcha: await freshCaptcha(t) };
}

const updateProfile = (token: string, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/users/update-profile/${id}`, headers: bearer(token), payload });

const changePassword = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/users/password/change', headers: bearer(token), payload });

const verifyToken = (token: string) => t.app.inject({ method: 'GET', url: '/api/users/verify-token', headers: bearer(token) });

const firstError = (response: { json(): unknown }) => {
  const { message, errors } = response.json() as { message: string; errors?: Record<string, string[]> };
  return { message, field: errors ? Object.keys(errors)[0] : undefined };
};

async function userRow(id: string) {
  const result = await t.context.db.query<Record<string, unknown>>(
    'select first_name, last_name, email, role_id, status, data_segment_ids, account_type, kyb, user_guide from users where id = $1',
    [id],
  );
  return result.rows[0];
}

describe('PUT users/update-profile/{id}', () => {
  it('updates the names and e-mail and answers with the new session profile', async () => {
    const { user, token } = await signedInUser();
    const newEmail = `renamed-${user.id.slice(0, 8)}@sanad.test`;
    const response = await updateProfile(token, user.id, {
      _id: user.id,
      firstName: 'Ayesha',
      lastName: 'Khan',
      email: newEmail,
      ...(await codeFor(token, user, 'update-profile')),
    });
    expect(response.statusCode).toBe(200);
    const { message, data } = body<{ message: string; data: Record<string, unknown> }>(response);
    expect(message).toBe(PROFILE_MESSAGES.profileUpdated);
    expect(data).toMatchObject({
      _id: user.id,
      firstName: 'Ayesha',
      lastName: 'Khan',
      email: newEmail,
      scopes: ['view-activity-dashboard'],
    });

    const audit = await t.context.db.query<{ details: unknown }>(
      "select details from audit_log where actor_id = $1 and action = 'updated_profile'",
      [user.id],
    );
    expect(audit.rows).toEqual([{ details: { changedFields: ['firstName', 'lastName', 'email'] } }]);
    // The old address is told about the change.
    const notice = await t.context.db.query<{ subject: string }>(
      'select subject from outbox where recipient = $1 and is_sensitive = false',
      [user.email],
    );
    expect(notice.rows).toEqual([{ subject: 'Your Sanad e-mail address was changed' }]);
    expect((await signInFresh(t, newEmail, STAFF_PASSWORD)).length).toBeGreaterThan(0);
  });

  it.each([
    ['role', 'Administrator'],
    ['roleId', '00000000-0000-0000-0000-000000000000'],
    ['status', 'active'],
    ['scopes', ['manage-users']],
    ['dataSegmentIds', []],
    ['accountType', 'full'],
    ['kyb', true],
    ['userGuide', true],
  ])("refuses to set %s through one's own profile, naming the field", async (field, value) => {
    const { user, token } = await signedInUser();
    const before = await userRow(user.id);
    const response = await updateProfile(token, user.id, {
      _id: user.id,
      firstName: 'Mallory',
      lastName: 'Admin',
      email: user.email,
      [field]: value,
      ...(await codeFor(token, user, 'update-profile')),
    });
    expect(response.statusCode).toBe(422);
    expect(body(response)).toMatchObject({
      message: `${field} cannot be changed through the profile`,
      errors: { [field]: [`${field} cannot be changed through the profile`] },
    });
    expect(await userRow(user.id)).toEqual(before);
  });

  it("refuses to update someone else's profile", async () => {
    const { user, token } = await signedInUser();
    const other = await signedInUser();
    const response = await updateProfile(token, other.user.id, {
      _id: other.user.id,
      firstName: 'Taken',
      lastName: 'Over',
      email: other.user.email,
      ...(await codeFor(token, user, 'update-profile')),
    });
    expect(response.statusCode).toBe(403);
    expect((await userRow(other.user.id))?.first_name).toBe('Test');
  });

  it('refuses an e-mail another account uses, naming the field, and keeps the code for a corrected retry', async () => {
    const { user, token } = await signedInUser();
    const other = await signedInUser();
    const code = await codeFor(token, user, 'update-profile');
    const taken = await updateProfile(token, user.id, {
      _id: user.id,
      firstName: 'Test',
      lastName: 'User',
      email: other.user.email.toUpperCase(),
      ...code,
    });
    expect(taken.statusCode).toBe(409);
    expect(body(taken)).toMatchObject({ message: PROFILE_MESSAGES.emailTaken, errors: { email: [PROFILE_MESSAGES.emailTaken] } });

    const retry = await updateProfile(token, user.id, {
      _id: user.id,
      firstName: 'Test',
      lastName: 'User',
      email: user.email,
      ...code,
      captcha: await freshCaptcha(t),
    });
    expect(retry.statusCode).toBe(200);
  });

  it.each([
    [{ firstName: '' }, 'firstName', PROFILE_MESSAGES.firstNameRequired],
    [{ firstName: 'a'.repeat(51) }, 'firstName', PROFILE_MESSAGES.firstNameTooLong],
    [{ lastName: ' ' }, 'lastName', PROFILE_MESSAGES.lastNameRequired],
    [{ lastName: 'b'.repeat(51) }, 'lastName', PROFILE_MESSAGES.lastNameTooLong],
    [{ email: '' }, 'email', PROFILE_MESSAGES.emailRequired],
    [{ email: 'not-an-address' }, 'email', PROFILE_MESSAGES.emailInvalid],
  ])('refuses %j with the first error on %s', async (change, field, message) => {
    const { user, token } = await signedInUser();
    const response = await updateProfile(token, user.id, {
      _id: user.id,
      firstName: 'Test',
      lastName: 'User',
      email: user.email,
      otp: '123456',
      token: 'x',
      ...change,
    });
    expect(response.statusCode).toBe(422);
    expect(firstError(response)).toEqual({ message, field });
  });

  it('accepts names of exactly 50 characters', async () => {
    const { user, token } = await signedInUser();
    const response = await updateProfile(token, user.id, {
      _id: user.id,
      firstName: 'a'.repeat(50),
      lastName: 'b'.repeat(50),
      email: user.email,
      ...(await codeFor(token, user, 'update-profile')),
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a name with a NUL byte or a lone surrogate as a validation error, before any code is spent', async () => {
    const { user, token } = await signedInUser();
    for (const [field, value] of [
      ['firstName', 'Nul\u0000l'],
      ['lastName', 'Half \ud83d'],
    ] as const) {
      const response = await updateProfile(token, user.id, {
        _id: user.id,
        firstName: 'Test',
        lastName: 'User',
        email: user.email,
        [field]: value,
        otp: '123456',
        token: 'unused-code-token',
      });
      expect(response.statusCode).toBe(422);
      expect(firstError(response).field).toBe(field);
    }
  });

  it('refuses a body whose _id is not the profile in the path', async () => {
    const { user, token } = await signedInUser();
    const other = await signedInUser();
    const response = await updateProfile(token, user.id, {
      _id: other.user.id,
      firstName: 'Test',
      lastName: 'User',
      email: user.email,
      ...(await codeFor(token, user, 'update-profile')),
    });
    expect(response.statusCode).toBe(422);
    expect(firstError(response)).toEqual({ message: PROFILE_MESSAGES.idMismatch, field: '_id' });
  });

  it('needs a session', async () => {
    const response = await updateProfile('not-a-token', '00000000-0000-0000-0000-000000000000', {});
    expect(response.statusCode).toBe(401);
  });
});

describe('POST users/password/change', () => {
  it("changes the password, says so in the spec's words and ends every session of the user", async () => {
    const { user, token } = await signedInUser();
    const otherSession = await signInFresh(t, user.email, STAFF_PASSWORD);
    const response = await changePassword(token, {
      oldPassword: STAFF_PASSWORD,
      password: 'Fresh-pass1',
      passwordConfirmation: 'Fresh-pass1',
      ...(await codeFor(token, user, 'change-password')),
    });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ status: true, message: 'Your Password is changed successfully' });

    expect((await verifyToken(token)).statusCode).toBe(401);
    expect((await verifyToken(otherSession)).statusCode).toBe(401);
    const live = await t.context.db.query<{ count: number }>(
      'select count(*)::int as count from sessions where user_id = $1 and revoked_at is null',
      [user.id],
    );
    expect(live.rows[0]?.count).toBe(0);

    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: STAFF_PASSWORD },
      remoteAddress: '10.7.0.1',
    });
    expect(oldLogin.statusCode).toBe(400);
    expect((await signInFresh(t, user.email, 'Fresh-pass1')).length).toBeGreaterThan(0);
    const audit = await t.context.db.query<{ details: unknown }>(
      "select details from audit_log where actor_id = $1 and action = 'changed_password'",
      [user.id],
    );
    expect(audit.rows).toEqual([{ details: { endedSessions: 2 } }]);
  });

  it('refuses each of the last 10 passwords and accepts the one before them', async () => {
    const { user, token: firstToken } = await signedInUser();
    // Ten earlier passwords; the newest is the current one.
    const history = Array.from({ length: 11 }, (_, index) => `History-${index}a`);
    for (const password of history) await storeNewPassword(t.context.db, user.id, password);
    const current = history[10] ?? '';
    let token = firstToken;
    for (const reused of history.slice(1)) {
      await resetSendLimits(t.context.db);
      const response = await changePassword(token, {
        oldPassword: current,
        password: reused,
        passwordConfirmation: reused,
        ...(await codeFor(token, user, 'change-password')),
      });
      expect({ reused, status: response.statusCode }).toEqual({ reused, status: 422 });
      expect(firstError(response)).toEqual({ message: 'You cannot reuse any of your last 10 passwords', field: 'password' });
    }
    const eleventhBack = history[0] ?? '';
    token = await signInFresh(t, user.email, current);
    const accepted = await changePassword(token, {
      oldPassword: current,
      password: eleventhBack,
      passwordConfirmation: eleventhBack,
      ...(await codeFor(token, user, 'change-password')),
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('refuses a wrong old password and lets the same code be used for a corrected retry', async () => {
    const { user, token } = await signedInUser();
    const code = await codeFor(token, user, 'change-password');
    const wrong = await changePassword(token, {
      oldPassword: 'Wrong-old1',
      password: 'Fresh-pass2',
      passwordConfirmation: 'Fresh-pass2',
      ...code,
    });
    expect(wrong.statusCode).toBe(422);
    expect(firstError(wrong)).toEqual({ message: PROFILE_MESSAGES.oldPasswordIncorrect, field: 'oldPassword' });
    expect((await verifyToken(token)).statusCode).toBe(200);

    const retry = await changePassword(token, {
      oldPassword: STAFF_PASSWORD,
      password: 'Fresh-pass2',
      passwordConfirmation: 'Fresh-pass2',
      ...code,
      captcha: await freshCaptcha(t),
    });
    expect(retry.statusCode).toBe(200);
  });

  it('refuses a wrong code without changing anything', async () => {
    const { user, token } = await signedInUser();
    const code = await codeFor(token, user, 'change-password');
    const response = await changePassword(token, {
      oldPassword: STAFF_PASSWORD,
      password: 'Fresh-pass3',
      passwordConfirmation: 'Fresh-pass3',
      ...code,
      otp: wrongCode(code.otp),
    });
    expect(response.statusCode).toBe(422);
    expect(firstError(response)).toEqual({ message: OTP_MESSAGES.incorrect, field: 'otp' });
    expect((await verifyToken(token)).statusCode).toBe(200);
  });

  it('needs a solved captcha', async () => {
    const { user, token } = await signedInUser();
    const { captcha: _unused, ...code } = await codeFor(token, user, 'change-password');
    const response = await changePassword(token, {
      oldPassword: STAFF_PASSWORD,
      password: 'Fresh-pass4',
      passwordConfirmation: 'Fresh-pass4',
      ...code,
    });
    expect(response.statusCode).toBe(428);
    expect(body(response)).toMatchObject({ message: MESSAGES.captchaRequired });
  });

  it.each([
    [{ oldPassword: '' }, 'oldPassword', PROFILE_MESSAGES.oldPasswordRequired],
    [{ password: '' }, 'password', 'Password is required'],
    [{ password: 'Ab1!x', passwordConfirmation: 'Ab1!x' }, 'password', 'Password must be between 6 and 20 characters'],
    [
      { password: 'Abcdefghij1!abcdefghi', passwordConfirmation: 'Abcdefghij1!abcdefghi' },
      'password',
      'Password must be between 6 and 20 characters',
    ],
    [{ password: 'Abcdef!', passwordConfirmation: 'Abcdef!' }, 'password', 'Password must contain at least one digit'],
    [{ password: 'ABCDE1!', passwordConfirmation: 'ABCDE1!' }, 'password', 'Password must contain at least one lowercase letter'],
    [{ password: 'abcde1!', passwordConfirmation: 'abcde1!' }, 'password', 'Password must contain at least one uppercase letter'],
    [{ password: 'Abcde12', passwordConfirmation: 'Abcde12' }, 'password', 'Password must contain at least one of !@#$%^&*_=+-'],
    [{ password: 'Abc de1!', passwordConfirmation: 'Abc de1!' }, 'password', 'Password must not contain spaces'],
    [{ passwordConfirmation: '' }, 'passwordConfirmation', PROFILE_MESSAGES.confirmRequired],
    [{ passwordConfirmation: 'Other-pass1' }, 'passwordConfirmation', PROFILE_MESSAGES.confirmMismatch],
    [{ role: 'Administrator' }, 'role', 'role cannot be changed through the profile'],
  ])('refuses %j with the first error on %s', async (change, field, message) => {
    const { token } = await signedInUser();
    const response = await changePassword(token, {
      oldPassword: STAFF_PASSWORD,
      password: 'Valid-pass1',
      passwordConfirmation: 'Valid-pass1',
      otp: '123456',
      token: 'x',
      ...change,
    });
    expect(response.statusCode).toBe(422);
    expect(firstError(response)).toEqual({ message, field });
  });

  it('accepts passwords of 6 and of 20 characters', async () => {
    for (const password of ['Abcd1!', 'Abcdefghij1!abcdefgh']) {
      const { user, token } = await signedInUser();
      const response = await changePassword(token, {
        oldPassword: STAFF_PASSWORD,
        password,
        passwordConfirmation: password,
        ...(await codeFor(token, user, 'change-password')),
      });
      expect({ password, status: response.statusCode }).toEqual({ password, status: 200 });
    }
  });

  it('needs a session', async () => {
    const response = await changePassword('not-a-token', {});
    expect(response.statusCode).toBe(401);
  });
});
