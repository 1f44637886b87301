import { describe, expect, it } from 'vitest';
import { SIGNUP_MESSAGES } from '@sanad/contracts/signup';
import { body, useTestApp } from '../../test-support/test-app';
import { solveCaptcha } from '../../test-support/captcha-solver';

// Without SANAD_PUBLIC_SIGNUP, as a fresh installation starts.
const t = useTestApp();

describe('public sign-up on an installation that has not turned it on', () => {
  it('tells the web app that sign-up is closed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/signup/settings' });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ status: true, message: expect.any(String), data: { isOpen: false } });
  });

  it('refuses a sign-up with 403 and says why, creating nothing', async () => {
    const segments = await t.context.db.query('select count(*)::int as count from data_segments');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: {
        companyName: 'Uninvited Ltd',
        fullName: 'Somebody Else',
        email: 'someone@uninvited.test',
        phoneNumber: '+44 20 7946 0000',
        captcha: await solveCaptcha(t.app),
      },
    });
    expect(response.statusCode).toBe(403);
    expect(body(response)).toMatchObject({ status: false, message: SIGNUP_MESSAGES.closed });
    expect((await t.context.db.query('select count(*)::int as count from data_segments')).rows).toEqual(segments.rows);
    expect((await t.context.db.query("select 1 from outbox where recipient = 'someone@uninvited.test'")).rows).toEqual([]);
  });
});
