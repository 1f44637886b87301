import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sanad/contracts/messages';
import { SUPPORT_MESSAGES } from '@sanad/contracts/support';
import { startJobQueue, type JobQueue } from '../../platform/jobs/job-queue';
import { kickOutbox, registerOutboxJobs } from '../../platform/messaging/outbox.job';
import { createSmtpTransport } from '../../platform/messaging/smtp-transport';
import type { Transports } from '../../platform/messaging/transports';
import { body, createTestApp, type TestApp } from '../../test-support/test-app';
import { solveCaptcha } from '../../test-support/captcha-solver';
import { startSmtpSink, type SmtpSink } from '@sanad/test-support/smtp-sink';

let t: TestApp;
let sink: SmtpSink;
let jobs: JobQueue;
let transports: Transports;

beforeAll(async () => {
  sink = await startSmtpSink();
  transports = { email: createSmtpTransport(sink.url, 'Sanad <no-reply@sanad.test>'), sms: null };
  // The job queue needs the app's database, so it starts after the app; the test kicks delivery itself.
  t = await createTestApp({ env: { SANAD_SUPPORT_EMAIL: 'support@sanad.test' }, transports });
  jobs = await startJobQueue(t.context.db, { runWorkers: true, onError: (error) => console.error(error) });
  await registerOutboxJobs(jobs, t.context.db, transports);
});
afterAll(async () => {
  await jobs.stop();
  transports.email?.close();
  await sink.close();
  await t.close();
});

const message = {
  name: 'Hamza Ali',
  email: 'hamza@example.test',
  subject: 'Pricing for 500 onboardings',
  message: 'Hello,\nwhat would a yearly plan cost?',
};

async function contact(payload: Record<string, unknown>, remoteAddress = '10.30.0.1', withCaptcha = true) {
  const captcha = withCaptcha ? await solveCaptcha(t.app) : undefined;
  return t.app.inject({
    method: 'POST',
    url: '/api/users/support',
    payload: { ...payload, ...(captcha ? { captcha } : {}) },
    remoteAddress,
  });
}

describe('POST users/support', () => {
  it('stores the message without sign-in and e-mails it to the support address', async () => {
    const response = await contact(message);
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ status: true, message: SUPPORT_MESSAGES.sent });
    const stored = await t.context.db.query('select name, email, subject, message from support_requests');
    expect(stored.rows).toEqual([message]);
    await kickOutbox(jobs);
    const [mail] = await sink.waitFor(1);
    expect(mail?.to).toEqual(['support@sanad.test']);
    expect(mail?.raw).toContain('[Sanad contact form] Pricing for 500 onboardings');
    expect(mail?.raw).toContain('hamza@example.test');
    expect(mail?.raw).toContain('what would a yearly plan cost?');
    const audit = await t.context.db.query("select 1 from audit_log where action = 'received_support_request'");
    expect(audit.rows).toHaveLength(1);
  });

  it('needs a captcha, and accepts each solution once', async () => {
    const missing = await contact(message, '10.30.1.1', false);
    expect(missing.statusCode).toBe(428);
    expect(body(missing)).toMatchObject({ message: MESSAGES.captchaRequired });
    const captcha = await solveCaptcha(t.app);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/users/support',
      payload: { ...message, captcha },
      remoteAddress: '10.30.1.2',
    });
    expect(first.statusCode).toBe(200);
    const replayed = await t.app.inject({
      method: 'POST',
      url: '/api/users/support',
      payload: { ...message, captcha },
      remoteAddress: '10.30.1.3',
    });
    expect(replayed.statusCode).toBe(428);
    expect(body(replayed)).toMatchObject({ message: MESSAGES.captchaInvalid });
  });

  it('validates each field and shows the first error as the message', async () => {
    const response = await contact({ name: '', email: 'nope', subject: ' ', message: '' }, '10.30.2.1');
    expect(response.statusCode).toBe(422);
    expect(body(response)).toMatchObject({
      message: 'Name is required',
      errors: {
        name: ['Name is required'],
        email: ['Please enter a valid email address'],
        subject: ['Subject is required'],
        message: ['Message is required'],
      },
    });
  });

  it('refuses text with a NUL byte or a lone surrogate as a validation error, never a server error', async () => {
    for (const field of ['name', 'subject', 'message'] as const) {
      for (const bad of ['before\u0000after', 'half \udfff a pair']) {
        const response = await contact({ ...message, [field]: bad }, '10.30.4.1', false);
        expect({ field, bad, status: response.statusCode }).toEqual({ field, bad, status: 422 });
      }
    }
  });

  it('limits messages per address to 5 an hour', async () => {
    for (let index = 0; index < 5; index += 1) expect((await contact(message, '10.30.3.1')).statusCode).toBe(200);
    const refused = await contact(message, '10.30.3.1');
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toMatchObject({ message: SUPPORT_MESSAGES.tooManyRequests });
  });
});

describe('configuration', () => {
  it('sends contact messages to the first administrator when SANAD_SUPPORT_EMAIL is not set', async () => {
    const { parseConfig } = await import('../../config');
    expect(parseConfig({ SANAD_ADMIN_EMAIL: 'owner@bank.test' }).supportEmail).toBe('owner@bank.test');
    expect(() => parseConfig({ SANAD_SUPPORT_EMAIL: 'not an address' })).toThrow(/SANAD_SUPPORT_EMAIL/);
  });
});
