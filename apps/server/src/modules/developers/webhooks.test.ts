import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TWebhookDeliveryRow, TWebhookIssued, TWebhookRow } from '@sanad/contracts/developers';
import { createOutboundFetch } from '../../platform/http/outbound-fetch';
import { call, signedInUser } from '../../test-support/admin-helpers';
import { customerSubmission } from '../../test-support/customer-factories';
import { makeDataSegment } from '../../test-support/factories';
import { body, useTestApp } from '../../test-support/test-app';
import { createAddressGuard } from './address-guard';
import { deliverDueWebhooks } from './webhook-delivery';
import { emitWebhookEvent } from './webhook-events.port';

const t = useTestApp({ env: { SANAD_WEBHOOK_ALLOWED_ADDRESSES: '127.0.0.1' } });

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback answering from a script of statuses (then 200), recording every request. */
let server: Server;
let base = '';
const received: Received[] = [];
let script: Array<{ status: number; location?: string }> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const next = script.shift() ?? { status: 200 };
      response.writeHead(next.status, next.location ? { location: next.location } : {});
      response.end(next.status === 200 ? 'ok' : 'failure');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
// Each test starts with no endpoint active and nothing pending, so it sees only its own deliveries.
beforeEach(async () => {
  await t.context.db.query(`update webhook_endpoints set status = 'archived'`);
  await t.context.db.query(`update webhook_deliveries set status = 'failed' where status = 'pending'`);
  received.length = 0;
  script = [];
});

const deliver = () =>
  deliverDueWebhooks({
    db: t.context.db,
    guard: createAddressGuard(['127.0.0.1']),
    masterKey: t.context.secrets.masterKey,
    fetch: createOutboundFetch({ allowLoopback: true, timeoutMs: 5000, maxResponseBytes: 65536 }),
  });

/** Time passes: every pending delivery falls due now. */
const fallDue = () => t.context.db.query(`update webhook_deliveries set next_attempt_at = now() where status = 'pending'`);

async function createWebhook(change: Record<string, unknown> = {}, token = t.adminToken): Promise<TWebhookIssued> {
  const response = await call(t, 'POST', 'access-control/webhooks', {
    token,
    payload: { title: `Hook ${Math.random().toString(36).slice(2, 8)}`, endpointUrl: `${base}/hook`, triggerPoint: 'all', ...change },
  });
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
  return body<{ data: TWebhookIssued }>(response).data;
}

async function archive(hook: TWebhookRow): Promise<void> {
  const { title, endpointUrl, triggerPoint, description } = hook;
  const response = await call(t, 'PUT', `access-control/webhooks/${hook._id}`, {
    token: t.adminToken,
    payload: { title, endpointUrl, triggerPoint, description, status: 'archived' },
  });
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
}

async function deliveries(hookId: string): Promise<TWebhookDeliveryRow[]> {
  const response = await call(t, 'GET', `access-control/webhooks/${hookId}/deliveries`, { token: t.adminToken, query: { perPage: '100' } });
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
  return body<{ data: TWebhookDeliveryRow[] }>(response).data;
}

/**
 * The Standard Webhooks verification, written here from the specification rather than imported:
 * HMAC-SHA256 over `${id}.${timestamp}.${body}` with the base64 key after `whsec_`, compared in
 * constant time with each `v1,` signature of the header, and a timestamp within five minutes.
 */
function verifies(secret: string, headers: IncomingHttpHeaders, payload: string): boolean {
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
    .update(`${id}.${timestamp}.${payload}`)
    .digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((part) => {
      const [version, signature] = part.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

describe('webhooks: the address guard', () => {
  it.each([
    ['https://10.0.0.5/hook'],
    ['https://169.254.169.254/latest/meta-data'],
    ['https://192.168.1.1/'],
    ['http://[::1]:8080/'],
    ['https://[fe80::1]/'],
    ['https://[::ffff:10.0.0.1]/'],
    ['https://[::ffff:a9fe:a9fe]/'],
    ['https://0.0.0.0/'],
  ])('refuses a private, loopback or link-local target at save: %s', async (endpointUrl) => {
    const response = await call(t, 'POST', 'access-control/webhooks', {
      token: t.adminToken,
      payload: { title: 'Internal', endpointUrl, triggerPoint: 'all' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.endpointUrl).toEqual([
      'This URL leads to a private, loopback or link-local address; webhooks can only call public addresses',
    ]);
  });

  it('checks every address a host resolves to, and refuses plain http and credentials', async () => {
    const guard = createAddressGuard([], async () => ['93.184.216.34', '10.1.2.3']);
    expect(await guard.check('https://mixed.example/hook')).toEqual({ ok: false, reason: 'private-address' });
    const publicGuard = createAddressGuard([], async () => ['93.184.216.34', '2606:2800:220:1::1']);
    expect((await publicGuard.check('https://public.example/hook')).ok).toBe(true);
    expect(await publicGuard.check('http://public.example/hook')).toEqual({ ok: false, reason: 'invalid-url' });
    expect(await publicGuard.check('https://user:pw@public.example/hook')).toEqual({ ok: false, reason: 'credentials' });
    expect(await publicGuard.check('ftp://public.example/')).toEqual({ ok: false, reason: 'invalid-url' });
  });

  it('refuses a target that became private at send time, without calling it', async () => {
    const hook = await createWebhook({ triggerPoint: 'customer.created' });
    // The URL now leads to a private address (a changed DNS answer would do the same).
    await t.context.db.query(`update webhook_endpoints set endpoint_url = 'http://10.0.0.7/hook' where id = $1`, [hook._id]);
    await t.context.db.transaction((tx) => emitWebhookEvent(tx, { dataSegmentId: t.adminSegmentId, type: 'customer.created', data: {} }));
    await deliver();
    const [delivery] = await deliveries(hook._id);
    expect(delivery?.status).toBe('pending');
    expect(delivery?.error).toBe('The endpoint resolves to a private, loopback or link-local address; not sent');
    expect(received).toHaveLength(0);
    await archive({ ...hook, endpointUrl: `${base}/hook` });
    await deliver();
  });
});

describe('webhooks: delivery', () => {
  it('delivers a registration, signed per Standard Webhooks, to endpoints that take its events', async () => {
    const created = await createWebhook({ triggerPoint: 'customer.created' });
    const onboarding = await createWebhook({ triggerPoint: 'onboarding.completed', endpointUrl: `${base}/onboarding` });
    expect(created.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const registration = await call(t, 'POST', 'customers/self-register', { token: t.adminToken, payload: customerSubmission() });
    expect({ status: registration.statusCode, body: registration.body }).toMatchObject({ status: 200 });
    const customer = body<{ data: { _id: string } }>(registration).data;
    expect((await deliver()).succeeded).toBe(2);

    const hook = received.find((request) => request.path === '/hook');
    expect(hook && verifies(created.signingSecret, hook.headers, hook.body)).toBe(true);
    expect(hook && verifies(onboarding.signingSecret, hook.headers, hook.body)).toBe(false);
    expect(JSON.parse(hook?.body ?? '{}')).toMatchObject({ type: 'customer.created', data: { customerId: customer._id } });
    expect(hook?.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    const other = received.find((request) => request.path === '/onboarding');
    expect(JSON.parse(other?.body ?? '{}')).toMatchObject({ type: 'onboarding.completed' });
    expect(other && verifies(onboarding.signingSecret, other.headers, other.body)).toBe(true);

    const [logged] = await deliveries(created._id);
    expect(logged).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      responseStatus: 200,
      responseBody: 'ok',
      eventType: 'customer.created',
    });
    expect(logged?.requestBody).toBe(hook?.body);
    await archive(created);
    await archive(onboarding);
  });

  it('signs with both secrets during a rotation', async () => {
    const hook = await createWebhook();
    const rotated = await call(t, 'POST', `access-control/webhooks/${hook._id}/rotate-secret`, { token: t.adminToken });
    const next = body<{ data: TWebhookIssued }>(rotated).data;
    expect(next.signingSecret).not.toBe(hook.signingSecret);
    expect(next.secretHint).not.toBe(hook.secretHint);
    await call(t, 'POST', `access-control/webhooks/${hook._id}/test`, { token: t.adminToken });
    await deliver();
    const [request] = received;
    expect(String(request?.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(request && verifies(hook.signingSecret, request.headers, request.body)).toBe(true);
    expect(request && verifies(next.signingSecret, request.headers, request.body)).toBe(true);
    expect(request && verifies('whsec_' + Buffer.alloc(32, 1).toString('base64'), request.headers, request.body)).toBe(false);

    // After the overlap only the new secret signs.
    await t.context.db.query(
      `update webhook_secrets set expires_at = now() - interval '1 second' where webhook_id = $1 and expires_at is not null`,
      [hook._id],
    );
    await call(t, 'POST', `access-control/webhooks/${hook._id}/test`, { token: t.adminToken });
    await deliver();
    const second = received[1];
    expect(String(second?.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(second && verifies(next.signingSecret, second.headers, second.body)).toBe(true);
    await archive(hook);
  });

  it('retries a receiver answering 500 then 200: it gets the event twice, with one webhook-id, and no more', async () => {
    const hook = await createWebhook({ triggerPoint: 'customer.created' });
    script = [{ status: 500 }, { status: 200 }];
    await t.context.db.transaction((tx) =>
      emitWebhookEvent(tx, { dataSegmentId: t.adminSegmentId, type: 'customer.created', data: { customerId: 'c-1' } }),
    );
    expect(await deliver()).toMatchObject({ succeeded: 0, retrying: 1 });
    const [first] = await deliveries(hook._id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, error: 'The endpoint answered 500' });
    // The first retry waits 5 seconds: nothing is sent before it.
    expect(await deliver()).toMatchObject({ succeeded: 0, retrying: 0 });
    await fallDue();
    expect(await deliver()).toMatchObject({ succeeded: 1 });
    await fallDue();
    await deliver();
    expect(received).toHaveLength(2);
    expect(received[0]?.headers['webhook-id']).toBe(received[1]?.headers['webhook-id']);
    expect(received[0]?.body).toBe(received[1]?.body);
    const [done] = await deliveries(hook._id);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 2, responseStatus: 200, nextAttemptAt: null });
    await archive(hook);
  });

  it('does not follow a redirect', async () => {
    const hook = await createWebhook();
    script = [{ status: 302, location: `${base}/elsewhere` }];
    await call(t, 'POST', `access-control/webhooks/${hook._id}/test`, { token: t.adminToken });
    await deliver();
    expect(received.map((request) => request.path)).toEqual(['/hook']);
    const [delivery] = await deliveries(hook._id);
    expect(delivery).toMatchObject({
      status: 'pending',
      responseStatus: 302,
      error: 'The endpoint answered with a redirect, which is not followed',
    });
    await archive(hook);
    await fallDue();
    await deliver();
    expect(received.map((request) => request.path)).toEqual(['/hook']);
    expect((await deliveries(hook._id))[0]).toMatchObject({ status: 'failed', error: 'Not sent: the webhook is archived' });
  });

  it('stops after 8 attempts and disables an endpoint failing for 24 hours, telling its managers', async () => {
    const manager = await signedInUser(t, ['developer-tools', 'manage-webhooks']);
    const hook = await createWebhook({ triggerPoint: 'screening.hit' });
    await t.context.db.transaction((tx) => emitWebhookEvent(tx, { dataSegmentId: t.adminSegmentId, type: 'screening.hit', data: {} }));
    script = Array.from({ length: 20 }, () => ({ status: 503 }));
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      await deliver();
      await fallDue();
    }
    expect((await deliveries(hook._id))[0]).toMatchObject({ status: 'pending', attempts: 7 });
    // The endpoint has been failing since a day ago: the eighth failure ends the delivery and disables it.
    await t.context.db.query(`update webhook_endpoints set failing_since = now() - interval '25 hours' where id = $1`, [hook._id]);
    expect(await deliver()).toMatchObject({ failed: 1, disabled: 1 });
    expect(received).toHaveLength(8);
    expect((await deliveries(hook._id))[0]).toMatchObject({ status: 'failed', attempts: 8, nextAttemptAt: null });

    const row = body<{ data: TWebhookRow[] }>(
      await call(t, 'GET', 'access-control/webhooks', { token: t.adminToken, query: { keyword: hook.title } }),
    ).data[0];
    expect(row).toMatchObject({ status: 'disabled' });
    expect(row?.disabledReason).toContain('24 hours');
    const notes = await t.context.db.query<{ title: string }>(`select title from notifications where user_id = $1`, [manager.id]);
    expect(notes.rows.map((note) => note.title)).toContain('Webhook disabled');

    // Disabled: new events are not written for it; activating it starts again.
    await t.context.db.transaction((tx) => emitWebhookEvent(tx, { dataSegmentId: t.adminSegmentId, type: 'screening.hit', data: {} }));
    expect(await deliveries(hook._id)).toHaveLength(1);
    const { title, endpointUrl, triggerPoint, description } = hook;
    const activated = await call(t, 'PUT', `access-control/webhooks/${hook._id}`, {
      token: t.adminToken,
      payload: { title, endpointUrl, triggerPoint, description, status: 'active' },
    });
    expect(body(activated).message).toBe('Webhook activated successfully');
    expect(body<{ data: TWebhookRow }>(activated).data).toMatchObject({ status: 'active', disabledReason: null });
    await archive(hook);
  });

  it('resends a delivery on request with the same webhook-id and a fresh set of attempts', async () => {
    const hook = await createWebhook();
    const test = await call(t, 'POST', `access-control/webhooks/${hook._id}/test`, { token: t.adminToken });
    expect(body(test).message).toBe('Test event queued; it appears in the delivery log once sent');
    await deliver();
    const [sent] = await deliveries(hook._id);
    expect(sent).toMatchObject({ status: 'succeeded', eventType: 'webhook.test' });
    const resent = await call(t, 'POST', `access-control/webhooks/${hook._id}/deliveries/${sent?._id}/resend`, { token: t.adminToken });
    expect({ status: resent.statusCode, body: resent.body }).toMatchObject({ status: 200 });
    expect(body<{ data: TWebhookDeliveryRow }>(resent).data).toMatchObject({ status: 'pending', attempts: 0 });
    await deliver();
    expect(received).toHaveLength(2);
    expect(received[1]?.headers['webhook-id']).toBe(received[0]?.headers['webhook-id']);
    expect(await deliveries(hook._id)).toHaveLength(1);
    await archive(hook);
  });

  it('writes deliveries only with the change that caused them (outbox)', async () => {
    const hook = await createWebhook({ triggerPoint: 'customer.created' });
    await expect(
      t.context.db.transaction(async (tx) => {
        await emitWebhookEvent(tx, { dataSegmentId: t.adminSegmentId, type: 'customer.created', data: {} });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await deliveries(hook._id)).toHaveLength(0);
    await archive(hook);
  });
});

describe('webhooks: access', () => {
  it('needs manage-webhooks and keeps another segment out of reach', async () => {
    const hook = await createWebhook({ title: 'Segment A hook' });
    const noPermission = await signedInUser(t, ['manage-application-access']);
    expect((await call(t, 'GET', 'access-control/webhooks', { token: noPermission.token })).statusCode).toBe(403);

    const otherSegment = await makeDataSegment(t.context.db, 'Webhook Other Bank');
    const stranger = await signedInUser(t, ['manage-webhooks'], [otherSegment]);
    const list = await call(t, 'GET', 'access-control/webhooks', { token: stranger.token });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('Segment A hook');
    expect((await call(t, 'GET', `access-control/webhooks/${hook._id}/deliveries`, { token: stranger.token })).statusCode).toBe(404);
    expect((await call(t, 'POST', `access-control/webhooks/${hook._id}/test`, { token: stranger.token })).statusCode).toBe(404);
    // An event of the other segment never reaches this segment's endpoint.
    await t.context.db.transaction((tx) => emitWebhookEvent(tx, { dataSegmentId: otherSegment, type: 'customer.created', data: {} }));
    expect(await deliveries(hook._id)).toHaveLength(0);
    await archive(hook);
  });
});
