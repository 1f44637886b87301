import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database';
import { startJobQueue, type JobQueue } from '../../platform/jobs/job-queue';
import { deliverDueMessages, enqueueMessage } from '../../platform/messaging/outbox';
import { kickOutbox, registerOutboxJobs } from '../../platform/messaging/outbox.job';
import { createSmtpTransport } from '../../platform/messaging/smtp-transport';
import type { Transports } from '../../platform/messaging/transports';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { startSmtpSink, type SmtpSink } from '@sanad/test-support/smtp-sink';

let database: TestDatabase;
let db: Database;
let jobs: JobQueue;
let sink: SmtpSink;
let transports: Transports;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  sink = await startSmtpSink();
  transports = { email: createSmtpTransport(sink.url, 'Sanad <no-reply@sanad.test>'), sms: null };
  jobs = await startJobQueue(db, { runWorkers: true, onError: (error) => console.error(error) });
});
afterAll(async () => {
  await jobs.stop();
  transports.email?.close();
  await sink.close();
  await database.dispose();
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('job queue', () => {
  it('runs a queued job in the worker with its data', async () => {
    const seen: unknown[] = [];
    await jobs.define<{ value: number }>(
      'test.record',
      async (data) => {
        seen.push(data.value);
      },
      { pollingIntervalSeconds: 0.5 },
    );
    await jobs.send('test.record', { value: 42 });
    await waitUntil(async () => seen.length > 0);
    expect(seen).toEqual([42]);
  });

  it('applies changed retry options to a queue the database already has', async () => {
    await jobs.define('test.redefined', async () => undefined, { retryLimit: 0 });
    await jobs.define('test.redefined', async () => undefined, { retryLimit: 2, expireInSeconds: 600 });
    const queue = await db.query<{ retry_limit: number; expire_seconds: number }>(
      'select retry_limit, expire_seconds from pgboss.queue where name = $1',
      ['test.redefined'],
    );
    expect(queue.rows).toEqual([{ retry_limit: 2, expire_seconds: 600 }]);
  });

  it('retries a failing job until it succeeds', async () => {
    let attempts = 0;
    await jobs.define(
      'test.flaky',
      async () => {
        attempts += 1;
        if (attempts < 2) throw new Error('first attempt fails');
      },
      { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false, pollingIntervalSeconds: 0.5 },
    );
    await jobs.send('test.flaky', {});
    await waitUntil(async () => attempts >= 2);
    expect(attempts).toBe(2);
  });
});

describe('message outbox', () => {
  it('delivers a message written in a transaction through SMTP, by the job', async () => {
    await registerOutboxJobs(jobs, db, transports);
    await db.transaction((tx) =>
      enqueueMessage(tx, {
        dataSegmentId: null,
        channel: 'email',
        recipient: 'ayesha@example.test',
        subject: 'Welcome',
        text: 'Hello Ayesha',
      }),
    );
    await kickOutbox(jobs);
    const [mail] = await sink.waitFor(1);
    expect(mail?.to).toEqual(['ayesha@example.test']);
    expect(mail?.raw).toContain('Subject: Welcome');
    expect(mail?.raw).toContain('Hello Ayesha');
    await waitUntil(async () => (await db.query("select 1 from outbox where status = 'sent'")).rows.length === 1);
  });

  it('writes nothing when the business transaction rolls back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueMessage(tx, { dataSegmentId: null, channel: 'email', recipient: 'rollback@example.test', text: 'never' });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    const rows = await db.query("select 1 from outbox where recipient = 'rollback@example.test'");
    expect(rows.rows).toHaveLength(0);
  });

  it('blanks a sensitive body once delivered', async () => {
    const id = await db.transaction((tx) =>
      enqueueMessage(tx, {
        dataSegmentId: null,
        channel: 'email',
        recipient: 'code@example.test',
        subject: 'Code',
        text: 'Your code is 123456',
        isSensitive: true,
      }),
    );
    await deliverDueMessages(db, transports);
    const row = await db.query<{ body_text: string; status: string }>('select body_text, status from outbox where id = $1', [id]);
    expect(row.rows[0]).toEqual({ body_text: '[delivered]', status: 'sent' });
  });

  it('schedules a retry with the error when the SMTP server refuses', async () => {
    const broken: Transports = { email: createSmtpTransport('smtp://127.0.0.1:1', 'x@sanad.test'), sms: null };
    const id = await db.transaction((tx) =>
      enqueueMessage(tx, { dataSegmentId: null, channel: 'email', recipient: 'retry@example.test', text: 'retry me' }),
    );
    const report = await deliverDueMessages(db, broken);
    expect(report.retrying).toBeGreaterThanOrEqual(1);
    const row = await db.query<{ status: string; attempts: number; last_error: string | null }>(
      'select status, attempts, last_error from outbox where id = $1',
      [id],
    );
    expect(row.rows[0]).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.any(String) });
    broken.email?.close();
  });

  it('leaves SMS in the outbox while no SMS provider is configured', async () => {
    const id = await db.transaction((tx) =>
      enqueueMessage(tx, { dataSegmentId: null, channel: 'sms', recipient: '+923001234567', text: 'hello' }),
    );
    await deliverDueMessages(db, transports);
    const row = await db.query<{ status: string; attempts: number }>('select status, attempts from outbox where id = $1', [id]);
    expect(row.rows[0]).toEqual({ status: 'pending', attempts: 0 });
  });
});
