import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sanad/contracts/messages';
import { DEFAULT_ROLES } from '@sanad/contracts/default-roles';
import { SIGNUP_MESSAGES } from '@sanad/contracts/signup';
import { TRIAL_ONBOARDING_TIER } from '@sanad/contracts/subscription';
import { compileRiskModel } from '@sanad/risk/risk-model-compiler';
import { createDefaultRiskConfig } from '@sanad/risk/defaults/default-risk-config';
import { peekAccountToken } from '../../platform/auth/account-tokens';
import { ADMIN_EMAIL, bearer, body, useTestApp } from '../../test-support/test-app';
import { STAFF_PASSWORD, makeDataSegment, makeUser } from '../../test-support/factories';
import { solveCaptcha } from '../../test-support/captcha-solver';
import { storedRiskVersions } from '../../test-support/risk-factories';

const t = useTestApp({ env: { SANAD_PUBLIC_URL: 'https://sanad.example.test', SANAD_PUBLIC_SIGNUP: 'true' } });
let addressCounter = 0;

/** Every test signs up from its own address, so the per-address limit only bites where tested. */
const nextAddress = () => `10.20.${Math.floor(addressCounter / 200)}.${(addressCounter++ % 200) + 1}`;

function form(email: string, overrides: Record<string, unknown> = {}) {
  return { companyName: 'Karachi Exchange', fullName: 'Ayesha Khan', email, phoneNumber: '+92 300 1234567', ...overrides };
}

async function signUp(payload: Record<string, unknown>, remoteAddress = nextAddress(), withCaptcha = true) {
  const captcha = withCaptcha ? await solveCaptcha(t.app) : undefined;
  return t.app.inject({
    method: 'POST',
    url: '/api/users/signup',
    payload: { ...payload, ...(captcha ? { captcha } : {}) },
    remoteAddress,
  });
}

const outboxFor = (recipient: string) =>
  t.context.db.query<{ subject: string; body_text: string; data_segment_id: string | null; is_sensitive: boolean }>(
    'select subject, body_text, data_segment_id, is_sensitive from outbox where recipient = $1 order by created_at',
    [recipient],
  );

const tokenIn = (text: string) => /\/users\/create-password\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

describe('POST users/signup', () => {
  it('creates a trial segment with the default roles, its administrator pending, and an activation e-mail', async () => {
    const email = 'ayesha@karachi-exchange.test';
    const response = await signUp(form(email));
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ status: true, message: SIGNUP_MESSAGES.signedUp });

    const segment = await t.context.db.query<{
      id: string;
      subscription: string;
      tier: number;
      counter: number;
      full_name: string;
      status: string;
    }>("select id, subscription, tier, counter, full_name, status from data_segments where company_name = 'Karachi Exchange'");
    expect(segment.rows).toHaveLength(1);
    const created = segment.rows[0];
    expect(created).toMatchObject({
      subscription: 'trial',
      tier: TRIAL_ONBOARDING_TIER,
      counter: 0,
      full_name: 'Ayesha Khan',
      status: 'active',
    });

    const roles = await t.context.db.query<{ title: string }>('select title from roles where data_segment_id = $1 order by title', [
      created?.id,
    ]);
    expect(roles.rows.map((row) => row.title)).toEqual(DEFAULT_ROLES.map((role) => role.title).toSorted());

    const user = await t.context.db.query(
      `select u.first_name, u.last_name, u.status, u.password_hash, u.user_guide, u.data_segment_ids, u.phone_number, r.title as role
         from users u join roles r on r.id = u.role_id where lower(u.email) = $1`,
      [email],
    );
    expect(user.rows[0]).toMatchObject({
      first_name: 'Ayesha',
      last_name: 'Khan',
      status: 'pending',
      password_hash: null,
      user_guide: true,
      data_segment_ids: [created?.id],
      phone_number: '+92 300 1234567',
      role: 'Administrator',
    });

    const [mail] = (await outboxFor(email)).rows;
    expect(mail?.subject).toBe('Activate your Sanad trial account');
    expect(mail?.is_sensitive).toBe(true);
    expect(mail?.body_text).toContain('https://sanad.example.test/users/create-password/');
    const token = tokenIn(mail?.body_text ?? '');
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(await peekAccountToken(t.context.db, t.context.secrets.hmacKey, token, ['activation'])).toBeTruthy();

    const audit = await t.context.db.query<{ action: string }>('select action from audit_log where data_segment_id = $1 order by seq', [
      created?.id,
    ]);
    // The segment is provisioned (default roles and risk model) before it is recorded as created.
    expect(audit.rows.map((row) => row.action)).toEqual(['seeded_risk_configuration', 'created_data_segment', 'created_user']);
    expect(await storedRiskVersions(t.context.db, created?.id ?? '')).toEqual([
      { seq: 1, action: 'seeded_risk_configuration', version: compileRiskModel(createDefaultRiskConfig()).version },
    ]);

    const welcome = await t.context.db.query<{ title: string }>(
      'select n.title from notifications n join users u on u.id = n.user_id where lower(u.email) = $1',
      [email],
    );
    expect(welcome.rows.map((row) => row.title)).toEqual(['Welcome to your trial']);
    const operators = await t.context.db.query<{ description: string }>(
      "select n.description from notifications n join users u on u.id = n.user_id where u.username = 'admin' and n.title = 'New trial sign-up'",
    );
    expect(operators.rows[0]?.description).toContain('Karachi Exchange');
  });

  it('gives the same answer for an address that has an account, creates nothing and mails the owner instead', async () => {
    const before = await t.context.db.query('select count(*)::int as count from data_segments');
    const response = await signUp(form(ADMIN_EMAIL.toUpperCase(), { companyName: 'Impostor Ltd' }));
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ status: true, message: SIGNUP_MESSAGES.signedUp });
    const after = await t.context.db.query('select count(*)::int as count from data_segments');
    expect(after.rows).toEqual(before.rows);
    const [mail] = (await outboxFor(ADMIN_EMAIL.toUpperCase())).rows;
    expect(mail?.subject).toBe('Sign-up attempt with your Sanad e-mail address');
    expect(mail?.body_text).toContain('https://sanad.example.test/users/forgot-password');
    expect(mail?.body_text).not.toContain('create-password');
  });

  it('sends a still-pending account a fresh activation link, and the older link stops working', async () => {
    const email = 'bilal@lahore-remit.test';
    await signUp(form(email, { companyName: 'Lahore Remit', fullName: 'Bilal Ahmed' }));
    const first = tokenIn((await outboxFor(email)).rows[0]?.body_text ?? '');
    const again = await signUp(form(email, { companyName: 'Lahore Remit', fullName: 'Bilal Ahmed' }));
    expect(body(again)).toEqual({ status: true, message: SIGNUP_MESSAGES.signedUp });
    const mails = (await outboxFor(email)).rows;
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe('Activate your Sanad account');
    const second = tokenIn(mails[1]?.body_text ?? '');
    expect(await peekAccountToken(t.context.db, t.context.secrets.hmacKey, first, ['activation'])).toBeNull();
    expect(await peekAccountToken(t.context.db, t.context.secrets.hmacKey, second, ['activation'])).toBeTruthy();
    const segments = await t.context.db.query("select 1 from data_segments where company_name = 'Lahore Remit'");
    expect(segments.rows).toHaveLength(1);
  });

  it('writes nothing at all when any step of the sign-up fails', async () => {
    await t.context.db.exec(`
      create function refuse_failing_mail() returns trigger language plpgsql as $$
      begin
        if new.recipient = 'fail@broken-mail.test' then raise exception 'mail refused'; end if;
        return new;
      end $$;
      create trigger outbox_refuse before insert on outbox for each row execute function refuse_failing_mail();`);
    try {
      const audits = await t.context.db.query('select count(*)::int as count from audit_log');
      const response = await signUp(form('fail@broken-mail.test', { companyName: 'Broken Co' }));
      expect(response.statusCode).toBe(500);
      expect(body(response)).toMatchObject({ status: false, message: MESSAGES.default });
      for (const [sql, params] of [
        ["select 1 from data_segments where company_name = 'Broken Co'", []],
        ["select 1 from users where email = 'fail@broken-mail.test'", []],
        ["select 1 from roles r join data_segments d on d.id = r.data_segment_id where d.company_name = 'Broken Co'", []],
        ["select 1 from notifications where description like '%Broken Co%'", []],
        ["select 1 from outbox where recipient = 'fail@broken-mail.test'", []],
      ] as const) {
        expect((await t.context.db.query(sql, params)).rows).toEqual([]);
      }
      expect((await t.context.db.query('select count(*)::int as count from audit_log')).rows).toEqual(audits.rows);
    } finally {
      await t.context.db.exec('drop trigger outbox_refuse on outbox; drop function refuse_failing_mail();');
    }
  });

  it('needs a captcha, and accepts each solution once', async () => {
    const missing = await signUp(form('nocaptcha@example.test'), nextAddress(), false);
    expect(missing.statusCode).toBe(428);
    expect(body(missing)).toMatchObject({ status: false, code: 'CAPTCHA_REQUIRED', message: MESSAGES.captchaRequired });

    const captcha = await solveCaptcha(t.app);
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: { ...form('once@example.test'), captcha },
      remoteAddress: nextAddress(),
    });
    expect(used.statusCode).toBe(200);
    const replayed = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: { ...form('twice@example.test'), captcha },
      remoteAddress: nextAddress(),
    });
    expect(replayed.statusCode).toBe(428);
    expect(body(replayed)).toMatchObject({ message: MESSAGES.captchaInvalid });
    expect((await t.context.db.query("select 1 from users where email = 'twice@example.test'")).rows).toEqual([]);
  });

  it('validates every field and shows the first error as the message', async () => {
    const response = await signUp({ companyName: '', fullName: 'x'.repeat(51), email: 'not-an-email', phoneNumber: 'call me' });
    expect(response.statusCode).toBe(422);
    const result = body<{ message: string; errors: Record<string, string[]> }>(response);
    expect(result.errors).toEqual({
      companyName: ['Company name is required'],
      fullName: ['Contact name must be at most 50 characters'],
      email: ['Please enter a valid email address'],
      phoneNumber: ['Please enter a valid phone number'],
    });
    expect(result.message).toBe('Company name is required');
    const absent = await signUp({});
    expect(body<{ errors: Record<string, string[]> }>(absent).errors.email).toEqual(['Email is required']);
  });

  it('refuses a name with a NUL byte or a lone surrogate as a validation error, never a server error', async () => {
    for (const fields of [{ companyName: 'Null\u0000 Co' }, { fullName: 'Ayesha\u0000 Khan' }, { fullName: 'Ayesha \udc00Khan' }]) {
      const response = await signUp(form('odd-name@example.test', fields));
      expect({ fields, status: response.statusCode }).toEqual({ fields, status: 422 });
    }
  });

  it('limits sign-ups per address to 5 an hour', async () => {
    const address = '10.99.0.1';
    for (let index = 0; index < 5; index += 1) {
      expect((await signUp(form(`limit${index}@example.test`, { companyName: `Limit ${index}` }), address)).statusCode).toBe(200);
    }
    const refused = await signUp(form('limit5@example.test', { companyName: 'Limit 5' }), address);
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toMatchObject({ status: false, message: SIGNUP_MESSAGES.tooManySignUps });
    expect((await signUp(form('limit6@example.test', { companyName: 'Limit 6' }), '10.99.0.2')).statusCode).toBe(200);
  });

  it('mails one address at most 3 times a day, answering the same after that', async () => {
    const email = ADMIN_EMAIL.replace('@', '+daily@');
    await makeUser(t.context.db, { permissions: [], dataSegmentId: t.adminSegmentId }).then((user) =>
      t.context.db.query('update users set email = $2 where id = $1', [user.id, email]),
    );
    for (let index = 0; index < 5; index += 1) {
      const response = await signUp(form(email));
      expect(body(response)).toEqual({ status: true, message: SIGNUP_MESSAGES.signedUp });
    }
    expect((await outboxFor(email)).rows).toHaveLength(3);
  });
});

describe('GET users/signup/settings', () => {
  it('tells the web app that sign-up is open when SANAD_PUBLIC_SIGNUP is on', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/signup/settings' });
    expect(body(response)).toMatchObject({ status: true, data: { isOpen: true } });
  });
});

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timedSignUp(email: string, companyName: string): Promise<number> {
  const captcha = await solveCaptcha(t.app);
  const started = performance.now();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/users/signup',
    payload: { ...form(email, { companyName }), captcha },
    remoteAddress: nextAddress(),
  });
  const elapsed = performance.now() - started;
  expect(body(response)).toEqual({ status: true, message: SIGNUP_MESSAGES.signedUp });
  return elapsed;
}

describe('the time a sign-up takes', () => {
  it('does not tell whether the address already has an account', async () => {
    const rounds = 7;
    const owners: string[] = [];
    for (let round = 0; round <= rounds; round += 1) {
      owners.push((await makeUser(t.context.db, { permissions: [], dataSegmentId: t.adminSegmentId })).email);
    }
    // One of each first, untimed, so that neither path pays for warming up.
    await timedSignUp(owners[rounds] ?? '', 'Timing warm-up');
    await timedSignUp('timing-warm-up@fresh.test', 'Timing warm-up');
    const existing: number[] = [];
    const fresh: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      // Alternate which goes first, so a slow moment of the machine falls on both alike.
      const pair = [
        async () => existing.push(await timedSignUp(owners[round] ?? '', `Timing existing ${round}`)),
        async () => fresh.push(await timedSignUp(`timing-${round}@fresh.test`, `Timing fresh ${round}`)),
      ];
      for (const run of round % 2 === 0 ? pair : pair.toReversed()) await run();
    }
    // Creating a trial takes many times longer than looking an address up; the same work on both
    // paths keeps the two within a small factor of each other.
    const ratio = median(existing) / median(fresh);
    const timings = `existing ${existing.map(Math.round).join(', ')} ms; new ${fresh.map(Math.round).join(', ')} ms`;
    expect(ratio > 0.5 && ratio < 2 ? 'indistinguishable' : timings).toBe('indistinguishable');
    // Sixteen sign-ups, each hashing a password: minutes when the machine runs other test files beside.
  }, 240_000);
});

describe('GET users/data-segment/:dataSegmentId', () => {
  it('returns tier, subscription and counter of a segment the caller works in', async () => {
    const segment = await t.context.db.query<{ id: string }>("select id from data_segments where company_name = 'Karachi Exchange'");
    const id = segment.rows[0]?.id ?? '';
    const member = await makeUser(t.context.db, { permissions: [], dataSegmentId: id });
    const token = await t.login(member.email, STAFF_PASSWORD);
    const response = await t.app.inject({ method: 'GET', url: `/api/users/data-segment/${id}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toMatchObject({
      status: true,
      data: { _id: id, companyName: 'Karachi Exchange', subscription: 'trial', tier: TRIAL_ONBOARDING_TIER, counter: 0 },
    });
  });

  it('answers a segment outside the caller’s list as missing, and 401 without a token', async () => {
    const other = await makeDataSegment(t.context.db, 'Elsewhere');
    const member = await makeUser(t.context.db, { permissions: ['view-data-segments'], dataSegmentId: t.adminSegmentId });
    const token = await t.login(member.email, STAFF_PASSWORD);
    const response = await t.app.inject({ method: 'GET', url: `/api/users/data-segment/${other}`, headers: bearer(token) });
    expect(response.statusCode).toBe(404);
    expect(body(response)).toMatchObject({ status: false, message: MESSAGES.notFound });
    expect((await t.app.inject({ method: 'GET', url: `/api/users/data-segment/${other}` })).statusCode).toBe(401);
  });
});
