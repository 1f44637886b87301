import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sanad/contracts/messages';
import { OTP_MESSAGES } from '@sanad/contracts/otp';
import { bearer, body, useTestApp } from '../../test-support/test-app';
import { STAFF_PASSWORD, makeUser, type MadeUser } from '../../test-support/factories';
import { codeSentTo, freshCaptcha, postCodeRequest, requestCode, signInFresh, wrongCode } from '../../test-support/one-time-code-helpers';

const t = useTestApp();

async function signedInUser(options: { phoneNumber?: string } = {}): Promise<{ user: MadeUser; token: string }> {
  const user = await makeUser(t.context.db, { permissions: ['view-activity-dashboard'], dataSegmentId: t.adminSegmentId });
  if (options.phoneNumber) await t.context.db.query('update users set phone_number = $2 where id = $1', [user.id, options.phoneNumber]);
  return { user, token: await signInFresh(t, user.email, STAFF_PASSWORD) };
}

/** Submits a code with a profile update that changes nothing else. */
function submitProfileCode(token: string, user: MadeUser, otp: string, codeToken: string, captcha?: string, remoteAddress = '127.0.0.1') {
  return t.app.inject({
    method: 'PUT',
    url: `/api/users/update-profile/${user.id}`,
    headers: bearer(token),
    remoteAddress,
    payload: {
      _id: user.id,
      firstName: 'Changed',
      lastName: 'Name',
      email: user.email,
      otp,
      token: codeToken,
      ...(captcha ? { captcha } : {}),
    },
  });
}

const firstName = async (userId: string) =>
  (await t.context.db.query<{ first_name: string }>('select first_name from users where id = $1', [userId])).rows[0]?.first_name;

describe('POST /configurations/generate-otp-auth/', () => {
  it('refuses a caller without a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/configurations/generate-otp-auth/',
      payload: { purpose: 'update-profile' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('sends a six-digit code by e-mail and answers with a token, never the code', async () => {
    const { user, token } = await signedInUser();
    const response = await postCodeRequest(t, token, 'update-profile', { mobileNo: '+92 300 1234567' });
    expect(response.statusCode).toBe(200);
    const { message, data } = body<{ message: string; data: Record<string, unknown> }>(response);
    expect(message).toBe(OTP_MESSAGES.sent);
    expect(data).toEqual({
      token: expect.any(String),
      channel: 'email',
      destination: `${user.email.slice(0, 2)}***@sanad.test`,
      expiresIn: 120,
      phoneNumber: '+923001234567',
    });

    const code = await codeSentTo(t.context.db, user.email);
    expect(code).toMatch(/^\d{6}$/);
    expect(response.body).not.toContain(code);
    const outbox = await t.context.db.query<{ is_sensitive: boolean; channel: string }>(
      'select is_sensitive, channel from outbox where recipient = $1',
      [user.email],
    );
    expect(outbox.rows).toEqual([{ is_sensitive: true, channel: 'email' }]);

    // At rest only HMACs: neither the code nor the token appears in the row; nor the code in the audit trail.
    const stored = await t.context.db.query('select * from one_time_codes where user_id = $1', [user.id]);
    expect(JSON.stringify(stored.rows)).not.toContain(code);
    expect(JSON.stringify(stored.rows)).not.toContain(String(data.token));
    const audit = await t.context.db.query<{ action: string; summary: string; details: unknown }>(
      "select action, summary, details from audit_log where actor_id = $1 and action = 'requested_otp'",
      [user.id],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]?.details).toEqual({ purpose: 'update-profile', channel: 'email', destination: data.destination });
    expect(JSON.stringify(audit.rows)).not.toContain(code);
  });

  it('sends by SMS to the registered number when only a mobile number is given, and keeps it in the outbox without a provider', async () => {
    const { token } = await signedInUser({ phoneNumber: '+44 7700 900123' });
    const data = await requestCode(t, token, 'change-password', { email: '', mobileNo: '+447700900123' });
    expect(data).toMatchObject({ channel: 'sms', destination: '*********0123' });
    const outbox = await t.context.db.query<{ channel: string; status: string }>(
      'select channel, status from outbox where recipient = $1',
      ['+447700900123'],
    );
    expect(outbox.rows).toEqual([{ channel: 'sms', status: 'pending' }]);
  });

  it('will not send an account code to a number that is not on the account', async () => {
    const { token } = await signedInUser({ phoneNumber: '+447700900124' });
    const response = await postCodeRequest(t, token, 'change-password', { email: '', mobileNo: '+447700900999' });
    expect(response.statusCode).toBe(422);
    expect(body(response)).toMatchObject({ errors: { mobileNo: [OTP_MESSAGES.mobileNotRegistered] } });
  });

  it('limits sends to one recipient to 5 in 15 minutes', async () => {
    const { token } = await signedInUser();
    for (let send = 0; send < 5; send += 1) await requestCode(t, token, 'update-profile');
    const sixth = await postCodeRequest(t, token, 'update-profile');
    expect(sixth.statusCode).toBe(429);
    expect(body(sixth)).toMatchObject({ message: OTP_MESSAGES.sendLimit, code: 'RATE_LIMITED' });
  });

  it('limits sends per data segment', async () => {
    const { token } = await signedInUser();
    await t.context.db.query(
      'insert into rate_counters (key, window_start, count) values ($1, now(), 500) on conflict (key) do update set window_start = now(), count = 500',
      [`otp:segment:${t.adminSegmentId}`],
    );
    try {
      const response = await postCodeRequest(t, token, 'update-profile');
      expect(response.statusCode).toBe(429);
      expect(body(response)).toMatchObject({ message: OTP_MESSAGES.sendLimit });
    } finally {
      await t.context.db.query('delete from rate_counters where key = $1', [`otp:segment:${t.adminSegmentId}`]);
    }
  });
});

describe('checking a code', () => {
  it('evaluates at most 5 of 200 concurrent wrong guesses, then refuses the right code', async () => {
    const { user, token } = await signedInUser();
    const { token: codeToken } = await requestCode(t, token, 'update-profile');
    const code = await codeSentTo(t.context.db, user.email);
    const captchas = await Promise.all(Array.from({ length: 200 }, () => freshCaptcha(t)));

    const responses = await Promise.all(captchas.map((captcha) => submitProfileCode(token, user, wrongCode(code), codeToken, captcha)));
    const messages = responses.map((response) => body<{ errors: { otp: string[] } }>(response).errors.otp[0]);
    expect(responses.every((response) => response.statusCode === 422)).toBe(true);
    expect(messages.filter((message) => message === OTP_MESSAGES.incorrect)).toHaveLength(4);
    expect(messages.filter((message) => message === OTP_MESSAGES.attemptsExceeded)).toHaveLength(196);

    // Counted in the database, not from the answers: the attempts column and one audit entry per comparison.
    const row = await t.context.db.query<{ attempts: number }>('select attempts from one_time_codes where user_id = $1', [user.id]);
    expect(row.rows[0]?.attempts).toBe(5);
    const evaluations = await t.context.db.query<{ count: number }>(
      "select count(*)::int as count from audit_log where actor_id = $1 and action = 'failed_otp'",
      [user.id],
    );
    expect(evaluations.rows[0]?.count).toBe(5);

    const right = await submitProfileCode(token, user, code, codeToken, await freshCaptcha(t));
    expect(right.statusCode).toBe(422);
    expect(body(right)).toMatchObject({ errors: { otp: [OTP_MESSAGES.attemptsExceeded] } });
    expect(await firstName(user.id)).toBe('Test');
  });

  it('refuses the right code after 120 seconds', async () => {
    const { user, token } = await signedInUser();
    const { token: codeToken } = await requestCode(t, token, 'update-profile');
    const code = await codeSentTo(t.context.db, user.email);
    await t.context.db.query("update one_time_codes set expires_at = now() - interval '1 second' where user_id = $1", [user.id]);
    const response = await submitProfileCode(token, user, code, codeToken, await freshCaptcha(t));
    expect(response.statusCode).toBe(422);
    expect(body(response)).toMatchObject({ message: OTP_MESSAGES.expired, errors: { otp: [OTP_MESSAGES.expired] } });
    expect(await firstName(user.id)).toBe('Test');
  });

  it('accepts the right code once and refuses it a second time', async () => {
    const { user, token } = await signedInUser();
    const { token: codeToken } = await requestCode(t, token, 'update-profile');
    const code = await codeSentTo(t.context.db, user.email);
    const first = await submitProfileCode(token, user, code, codeToken, await freshCaptcha(t));
    expect(first.statusCode).toBe(200);
    const second = await submitProfileCode(token, user, code, codeToken, await freshCaptcha(t));
    expect(second.statusCode).toBe(422);
    expect(body(second)).toMatchObject({ errors: { otp: [OTP_MESSAGES.expired] } });
  });

  it('lets only one of two simultaneous submissions of the right code through', async () => {
    const { user, token } = await signedInUser();
    const { token: codeToken } = await requestCode(t, token, 'update-profile');
    const code = await codeSentTo(t.context.db, user.email);
    const [a, b] = await Promise.all([freshCaptcha(t), freshCaptcha(t)]);
    const responses = await Promise.all([
      submitProfileCode(token, user, code, codeToken, a),
      submitProfileCode(token, user, code, codeToken, b),
    ]);
    expect(responses.map((response) => response.statusCode).toSorted()).toEqual([200, 422]);
  });

  it('invalidates the old code when a new one is sent', async () => {
    const { user, token } = await signedInUser();
    const old = await requestCode(t, token, 'update-profile');
    const oldCode = await codeSentTo(t.context.db, user.email);
    const fresh = await requestCode(t, token, 'update-profile');
    const freshCode = await codeSentTo(t.context.db, user.email);

    const withOld = await submitProfileCode(token, user, oldCode, old.token, await freshCaptcha(t));
    expect(withOld.statusCode).toBe(422);
    expect(body(withOld)).toMatchObject({ errors: { otp: [OTP_MESSAGES.expired] } });
    const withFresh = await submitProfileCode(token, user, freshCode, fresh.token, await freshCaptcha(t));
    expect(withFresh.statusCode).toBe(200);
  });

  it('binds a code to its purpose and to the user who asked for it', async () => {
    const { user, token } = await signedInUser();
    const { token: codeToken } = await requestCode(t, token, 'change-password');
    const code = await codeSentTo(t.context.db, user.email);
    const asProfileUpdate = await submitProfileCode(token, user, code, codeToken, await freshCaptcha(t));
    expect(body(asProfileUpdate)).toMatchObject({ errors: { otp: [OTP_MESSAGES.expired] } });

    const other = await signedInUser();
    const byOtherUser = await t.app.inject({
      method: 'POST',
      url: '/api/users/password/change',
      headers: bearer(other.token),
      payload: {
        oldPassword: STAFF_PASSWORD,
        password: 'Other-pass9',
        passwordConfirmation: 'Other-pass9',
        otp: code,
        token: codeToken,
        captcha: await freshCaptcha(t),
      },
    });
    expect(byOtherUser.statusCode).toBe(422);
    expect(body(byOtherUser)).toMatchObject({ errors: { otp: [OTP_MESSAGES.expired] } });

    // Neither misuse counted against the code: its owner can still use it for its purpose.
    const attempts = await t.context.db.query<{ attempts: number }>('select attempts from one_time_codes where user_id = $1', [user.id]);
    expect(attempts.rows[0]?.attempts).toBe(0);
  });

  it('wants a solved captcha, refuses one used twice, and counts no attempt without one', async () => {
    const { user, token } = await signedInUser();
    const { token: codeToken } = await requestCode(t, token, 'update-profile');
    const code = await codeSentTo(t.context.db, user.email);

    const without = await submitProfileCode(token, user, code, codeToken);
    expect(without.statusCode).toBe(428);
    expect(body(without)).toMatchObject({ message: MESSAGES.captchaRequired, code: 'CAPTCHA_REQUIRED' });

    const captcha = await freshCaptcha(t);
    const wrong = await submitProfileCode(token, user, wrongCode(code), codeToken, captcha);
    expect(body(wrong)).toMatchObject({ errors: { otp: [OTP_MESSAGES.incorrect] } });
    const replayed = await submitProfileCode(token, user, code, codeToken, captcha);
    expect(replayed.statusCode).toBe(428);
    expect(body(replayed)).toMatchObject({ message: MESSAGES.captchaInvalid });

    const attempts = await t.context.db.query<{ attempts: number }>('select attempts from one_time_codes where user_id = $1', [user.id]);
    expect(attempts.rows[0]?.attempts).toBe(1);
    expect((await submitProfileCode(token, user, code, codeToken, await freshCaptcha(t))).statusCode).toBe(200);
  });

  it.each([
    ['', OTP_MESSAGES.required],
    ['12345', 'OTP should not be less than 6 digits'],
    ['1234567', 'OTP should not be greater than 6 digits'],
    ['12a456', OTP_MESSAGES.digitsOnly],
  ])('refuses the code %j with the message %j', async (otp, message) => {
    const { user, token } = await signedInUser();
    const response = await submitProfileCode(token, user, otp, 'some-token', await freshCaptcha(t));
    expect(response.statusCode).toBe(422);
    const { message: shown, errors } = body<{ message: string; errors: Record<string, string[]> }>(response);
    expect(shown).toBe(message);
    expect(errors.otp?.[0]).toBe(message);
  });
});

const verify = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/configurations/verify-otp', headers: bearer(token), payload });

describe('POST /configurations/verify-otp (old number verification)', () => {
  it('answers verificationStatus 0 with the message for a wrong code and 1 for the right one', async () => {
    const { token } = await signedInUser();
    const { token: codeToken, channel } = await requestCode(t, token, 'verify-number', { email: '', mobileNo: '+92 321 7654321' });
    expect(channel).toBe('sms');
    const code = await codeSentTo(t.context.db, '+923217654321');

    const wrong = await verify(token, {
      otpCode: wrongCode(code),
      token: codeToken,
      mobileNo: '+923217654321',
      cToken: await freshCaptcha(t),
    });
    expect(wrong.statusCode).toBe(200);
    expect(body(wrong)).toMatchObject({ data: { verificationStatus: 0, message: OTP_MESSAGES.incorrect } });

    const otherNumber = await verify(token, { otpCode: code, token: codeToken, mobileNo: '+923210000000', cToken: await freshCaptcha(t) });
    expect(body(otherNumber)).toMatchObject({ data: { verificationStatus: 0, message: OTP_MESSAGES.incorrect } });

    const right = await verify(token, { otpCode: code, token: codeToken, mobileNo: '+92 321 7654321', cToken: await freshCaptcha(t) });
    expect(body(right)).toMatchObject({
      status: true,
      message: OTP_MESSAGES.numberVerified,
      data: { verificationStatus: 1, message: OTP_MESSAGES.numberVerified },
    });

    const again = await verify(token, { otpCode: code, token: codeToken, mobileNo: '+923217654321', cToken: await freshCaptcha(t) });
    expect(body(again)).toMatchObject({ data: { verificationStatus: 0, message: OTP_MESSAGES.expired } });
  });

  it('refuses a missing or replayed cToken as an error', async () => {
    const { token } = await signedInUser();
    const { token: codeToken } = await requestCode(t, token, 'verify-number', { mobileNo: '+923217650000' });
    const missing = await verify(token, { otpCode: '123456', token: codeToken, mobileNo: '+923217650000' });
    expect(missing.statusCode).toBe(428);
    const cToken = await freshCaptcha(t);
    await verify(token, { otpCode: '123456', token: codeToken, mobileNo: '+923217650000', cToken });
    const replayed = await verify(token, { otpCode: '123456', token: codeToken, mobileNo: '+923217650000', cToken });
    expect(replayed.statusCode).toBe(428);
    expect(body(replayed)).toMatchObject({ status: false, message: MESSAGES.captchaInvalid });
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/configurations/verify-otp', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});
