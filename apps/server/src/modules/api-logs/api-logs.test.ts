import { describe, expect, it, vi } from 'vitest';
import { API_LOG_EXPORT_COLUMNS, type TApiLog, type TApiLogExport } from '@sanad/contracts/api-logs';
import type { TApplicationAccessIssued } from '@sanad/contracts/developers';
import { MESSAGES } from '@sanad/contracts/messages';
import { LOG_EXPORT_MESSAGES } from '@sanad/contracts/system-logs';
import { parseCsv } from '@sanad/csv/csv';
import { call, signedInUser } from '../../test-support/admin-helpers';
import { apiCaller } from '../../test-support/api-session';
import { customerSubmission } from '../../test-support/customer-factories';
import { makeDataSegment } from '../../test-support/factories';
import { body, useTestApp } from '../../test-support/test-app';
import { runApiLogExport } from './api-log-export.job';
import { REDACTED, redactResponseBody } from './api-log-redaction';
import { recordWebhookAttempt } from './api-log.port';
import { deleteApiLogsOlderThan } from './api-log.repository';

const t = useTestApp();

async function issueKey(scopes: string[], token = t.adminToken): Promise<TApplicationAccessIssued> {
  const response = await call(t, 'POST', 'access-control/api-access', {
    token,
    payload: { title: `App ${Math.random().toString(36).slice(2, 8)}`, bundleId: 'com.bank.app', device: 'server', scopes },
  });
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
  return body<{ data: TApplicationAccessIssued }>(response).data;
}

const v1 = (method: 'GET' | 'POST', path: string, key: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1/${path}`,
    remoteAddress: '203.0.113.10',
    headers: { authorization: `Bearer ${key}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function listLogs(params: Record<string, string>, token = t.adminToken) {
  const response = await call(t, 'GET', `api-logs?${new URLSearchParams(params).toString()}`, { token });
  return { status: response.statusCode, body: body<{ data: TApiLog[]; pagination: { total: number }; message: string }>(response) };
}

/** The entries of one application once the writer has stored `count` of them (it writes after the answer). */
async function logsOf(applicationAccessId: string, count: number, token = t.adminToken): Promise<TApiLog[]> {
  return vi.waitFor(
    async () => {
      const answer = await listLogs({ applicationAccessId, perPage: '100' }, token);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toHaveLength(count);
      return answer.body.data;
    },
    { timeout: 5000, interval: 50 },
  );
}

describe('API logs of public API calls', () => {
  it('writes one entry per call with status, endpoint, method, key, session, duration and a redacted body', async () => {
    const key = await issueKey(['customers:read', 'customers:write']);
    const submission = customerSubmission();
    const created = await v1('POST', 'customers', key.apiKey, submission);
    expect({ status: created.statusCode, body: created.body }).toMatchObject({ status: 200 });
    const customerId = body<{ data: { _id: string } }>(created).data._id;
    // The answer itself carries the document number; the log must not.
    expect(created.body).toContain(submission.identityInfo?.number ?? 'none');
    const read = await v1('GET', `customers/${customerId}?keyword=secret-search`, key.apiKey);
    expect(read.statusCode).toBe(200);

    const [get, post] = await logsOf(key._id, 2);
    expect(post).toMatchObject({
      kind: 'api',
      method: 'POST',
      endpoint: '/api/v1/customers',
      status: 200,
      userId: key._id,
      codeKey: key.codeKey,
      userName: key.title,
      sessionId: created.headers['x-request-id'],
      dataSegmentId: t.adminSegmentId,
    });
    expect(post?.durationMs).toBeGreaterThanOrEqual(0);
    expect(post?.responseBody).toContain(submission.basicInfo?.lastName ?? 'none');
    expect(post?.responseBody).not.toContain(submission.identityInfo?.number ?? 'none');
    expect(JSON.parse(post?.responseBody ?? '{}').data.record.identityInfo.number).toBe(REDACTED);
    // The query string is not kept: it can hold search terms.
    expect(get).toMatchObject({ method: 'GET', endpoint: `/api/v1/customers/${customerId}`, status: 200 });
    expect(get?.responseBody).not.toContain(key.apiKey);
  });

  it("logs a genuine key's refused calls in its segment (403 scope, 422 input, 401 archived)", async () => {
    const key = await issueKey(['customers:read']);
    expect((await v1('POST', 'customers', key.apiKey, customerSubmission())).statusCode).toBe(403);
    expect((await v1('GET', 'customers?cursor=not!valid', key.apiKey)).statusCode).toBe(422);
    await t.context.db.query(`update application_access set status = 'archived' where id = $1`, [key._id]);
    expect((await v1('GET', 'customers', key.apiKey)).statusCode).toBe(401);

    const entries = await logsOf(key._id, 3);
    expect(entries.map((entry) => [entry.method, entry.status])).toEqual([
      ['GET', 401],
      ['GET', 422],
      ['POST', 403],
    ]);
    expect(entries[2]?.responseBody).toContain('This API key does not hold the scope customers:write');
  });

  it('filters by status, method, endpoint, application, kind and date range', async () => {
    const key = await issueKey(['customers:read']);
    const other = await issueKey(['customers:read']);
    await v1('GET', 'customers', key.apiKey);
    await v1('GET', 'customers/00000000-0000-4000-8000-000000000000', key.apiKey);
    await v1('POST', 'customers', key.apiKey, customerSubmission());
    await v1('GET', 'customers', other.apiKey);
    await logsOf(key._id, 3);
    await logsOf(other._id, 1);

    const ids = async (params: Record<string, string>) => {
      const answer = await listLogs({ applicationAccessId: key._id, ...params });
      expect(answer.status).toBe(200);
      return answer.body.data.map((entry) => `${entry.method} ${entry.status}`);
    };
    expect(await ids({ status: '4xx' })).toEqual(['POST 403', 'GET 404']);
    expect(await ids({ status: '404' })).toEqual(['GET 404']);
    expect(await ids({ status: '2xx' })).toEqual(['GET 200']);
    expect(await ids({ method: 'POST' })).toEqual(['POST 403']);
    expect(await ids({ endpoint: '00000000-0000' })).toEqual(['GET 404']);
    expect(await ids({ kind: 'webhook' })).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids({ from: today, to: today })).toHaveLength(3);
    expect(await ids({ to: '2000-01-01' })).toEqual([]);
    const all = await listLogs({ perPage: '100' });
    expect(all.body.data.some((entry) => entry.userId === other._id)).toBe(true);

    const refused = await listLogs({ status: 'bad' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Choose a status such as 200, 4xx or none');
    expect((await listLogs({ from: '2026-02-30' })).status).toBe(422);
  });

  it('logs each webhook delivery attempt without query values, secrets or images', async () => {
    const webhook = await t.context.db.query<{ id: string }>(
      `insert into webhook_endpoints (data_segment_id, title, endpoint_url, trigger_point) values ($1, 'CRM hook', 'https://hooks.example.com/in?token=abc', 'customer.created') returning id`,
      [t.adminSegmentId],
    );
    const webhookId = webhook.rows[0]?.id ?? '';
    await recordWebhookAttempt(t.context.db, {
      dataSegmentId: t.adminSegmentId,
      webhookId,
      webhookTitle: 'CRM hook',
      endpointUrl: 'https://hooks.example.com/in?token=abc',
      messageId: 'msg_2abc',
      responseStatus: 500,
      responseBody: JSON.stringify({ error: 'boom', secret: 'whsec_x', selfie: 'data:image/png;base64,iVBORw0KGgo=' }),
      error: 'The endpoint answered 500',
      durationMs: 12,
    });
    const answer = await listLogs({ kind: 'webhook', status: '5xx' });
    const entry = answer.body.data.find((row) => row.userId === webhookId);
    expect(entry).toMatchObject({
      kind: 'webhook',
      method: 'POST',
      endpoint: 'https://hooks.example.com/in?token=%5Bredacted%5D',
      status: 500,
      userName: 'CRM hook',
      sessionId: 'msg_2abc',
      error: 'The endpoint answered 500',
    });
    expect(JSON.parse(entry?.responseBody ?? '{}')).toEqual({ error: 'boom', secret: REDACTED, selfie: REDACTED });
  });

  it('redacts document numbers, images, secrets and codes wherever they are nested', () => {
    const kept = redactResponseBody(
      JSON.stringify({
        data: [
          {
            name: 'Amina',
            identityInfo: { type: 'passport', number: 'AB123456', passport: { number: 'P998877' } },
            idNumber: '35202-1',
            avatarFileName: 'a.png',
            otpCode: '123456',
            code: 'NOT_FOUND',
            verificationCode: '4411',
            note: `key snd_0123456789abcdef.${'a'.repeat(43)} and ${'Q'.repeat(300)}`,
          },
        ],
      }),
    );
    const row = JSON.parse(kept ?? '{}').data[0];
    expect(row).toMatchObject({
      name: 'Amina',
      idNumber: REDACTED,
      avatarFileName: REDACTED,
      otpCode: REDACTED,
      verificationCode: REDACTED,
      code: 'NOT_FOUND',
    });
    expect(row.identityInfo).toEqual({ type: 'passport', number: REDACTED, passport: { number: REDACTED } });
    expect(row.note).toBe('key [redacted key] and [redacted binary]');
    expect(redactResponseBody('plain Bearer abc.def text')).toBe('plain Bearer [redacted] text');
    expect(Buffer.byteLength(redactResponseBody(JSON.stringify({ text: 'x'.repeat(40_000) })) ?? '')).toBeLessThanOrEqual(16 * 1024 + 3);
  });
});

describe('who may read API logs', () => {
  it('needs manage-api-logs, and shows a user only the segments they hold', async () => {
    const otherSegment = await makeDataSegment(t.context.db, 'API Logs Other Bank');
    const otherAdmin = await signedInUser(t, ['manage-application-access', 'manage-api-logs'], [otherSegment]);
    const theirKey = await issueKey(['customers:read'], otherAdmin.token);
    const myKey = await issueKey(['customers:read']);
    await v1('GET', 'customers', theirKey.apiKey);
    await v1('GET', 'customers', myKey.apiKey);
    await logsOf(theirKey._id, 1, otherAdmin.token);
    await logsOf(myKey._id, 1);

    const theirs = await listLogs({ perPage: '100' }, otherAdmin.token);
    expect(theirs.body.data.every((entry) => entry.dataSegmentId === otherSegment)).toBe(true);
    expect((await listLogs({ applicationAccessId: myKey._id }, otherAdmin.token)).body.data).toEqual([]);
    expect((await listLogs({ dataSegmentId: t.adminSegmentId }, otherAdmin.token)).status).toBe(403);

    const webhooksOnly = await signedInUser(t, ['manage-webhooks'], [t.adminSegmentId]);
    const refused = await listLogs({}, webhooksOnly.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.forbidden);
  });
});

describe('exporting API logs', () => {
  it('writes the filtered entries as CSV, audited, and the file needs manage-api-logs', async () => {
    const officer = await signedInUser(t, ['manage-api-logs'], [t.adminSegmentId]);
    const caller = apiCaller(t, officer.token);
    const key = await issueKey(['customers:read']);
    await v1('GET', 'customers', key.apiKey);
    await v1('GET', 'customers/00000000-0000-4000-8000-000000000000', key.apiKey);
    await logsOf(key._id, 2);

    const filters = { applicationAccessId: key._id, status: '4xx', dataSegmentId: t.adminSegmentId };
    const started = await caller<TApiLogExport>('POST', 'api-logs/export', filters);
    expect(started.status).toBe(200);
    expect(started.body.message).toBe(LOG_EXPORT_MESSAGES.started);
    expect(started.body.data).toMatchObject({ status: 'pending', filters });

    await runApiLogExport(t.context.db, t.context.vault, started.body.data._id);
    const done = (await caller<TApiLogExport[]>('GET', 'api-logs/exports')).body.data.find((row) => row._id === started.body.data._id);
    expect(done).toMatchObject({ status: 'completed', entries: 1 });
    expect(done?.downloadName).toMatch(/^api-logs-.*\.csv$/);

    const file = await caller('GET', `files/${done?.fileName ?? ''}`);
    expect(file.status).toBe(200);
    const [header, ...rows] = parseCsv(file.text);
    expect(header?.fields).toEqual([...API_LOG_EXPORT_COLUMNS]);
    expect(rows).toHaveLength(1);
    const record = Object.fromEntries(API_LOG_EXPORT_COLUMNS.map((column, index) => [column, rows[0]?.fields[index]]));
    expect(record).toMatchObject({ kind: 'api', method: 'GET', status: '404', codeKey: key.codeKey, userName: key.title });

    const viewer = await signedInUser(t, ['system-logs'], [t.adminSegmentId]);
    expect((await apiCaller(t, viewer.token)('GET', `files/${done?.fileName ?? ''}`)).status).toBe(403);
    const audited = await t.context.db.query(`select 1 from audit_log where action = 'exported_api_logs' and entity_id = $1`, [done?._id]);
    expect(audited.rows).toHaveLength(1);
  });

  it('cancels a pending export with the system-log message, and only a pending or running one', async () => {
    const officer = await signedInUser(t, ['manage-api-logs'], [t.adminSegmentId]);
    const caller = apiCaller(t, officer.token);
    const started = await caller<TApiLogExport>('POST', 'api-logs/export', { method: 'GET' });
    const cancelled = await caller('POST', 'api-logs/cancel-export', { exportId: started.body.data._id });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe(LOG_EXPORT_MESSAGES.cancelled);
    await runApiLogExport(t.context.db, t.context.vault, started.body.data._id);
    const [latest] = (await caller<TApiLogExport[]>('GET', 'api-logs/exports')).body.data;
    expect(latest).toMatchObject({ _id: started.body.data._id, status: 'cancelled', fileName: null });
    const again = await caller('POST', 'api-logs/cancel-export', { exportId: started.body.data._id });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(LOG_EXPORT_MESSAGES.notCancellable);
  });
});

describe('API-log retention', () => {
  it('deletes entries older than the retention and keeps the rest', async () => {
    const key = await issueKey(['customers:read']);
    await v1('GET', 'customers', key.apiKey);
    await v1('GET', 'customers', key.apiKey);
    const [older] = await logsOf(key._id, 2);
    await t.context.db.query(`update api_logs set created_at = now() - interval '91 days' where id = $1`, [older?._id]);
    expect(await deleteApiLogsOlderThan(t.context.db, 90)).toBeGreaterThanOrEqual(1);
    const left = await listLogs({ applicationAccessId: key._id });
    expect(left.body.data.map((entry) => entry._id)).not.toContain(older?._id);
    expect(left.body.data).toHaveLength(1);
  });
});
