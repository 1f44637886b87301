import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TApplicationAccessIssued } from '@sanad/contracts/developers';
import { call, signedInUser } from '../../test-support/admin-helpers';
import { customerSubmission } from '../../test-support/customer-factories';
import { makeDataSegment } from '../../test-support/factories';
import { body, useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const COMMITTED_V1 = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', '..', 'docs', 'openapi-v1.json');

async function issueKey(scopes: string[], token = t.adminToken): Promise<TApplicationAccessIssued> {
  const response = await call(t, 'POST', 'access-control/api-access', {
    token,
    payload: { title: `App ${Math.random().toString(36).slice(2, 8)}`, bundleId: 'com.bank.app', device: 'server', scopes },
  });
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
  return body<{ data: TApplicationAccessIssued }>(response).data;
}

async function registerCustomer(): Promise<string> {
  const response = await call(t, 'POST', 'customers/self-register', { token: t.adminToken, payload: customerSubmission() });
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
  return body<{ data: { _id: string } }>(response).data._id;
}

async function raiseAlert(customerId: string, reason: string): Promise<string> {
  const response = await call(t, 'POST', 'alerts/', { token: t.adminToken, payload: { customerId, reason } });
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
  return body<{ data: { _id: string } }>(response).data._id;
}

const v1 = (method: 'GET' | 'POST', address: string, key: string | null, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1/${address}`,
    remoteAddress: '203.0.113.20',
    ...(key ? { headers: { authorization: `Bearer ${key}` } } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe('the public API v1 beyond customers', () => {
  it('serves its OpenAPI document without a key, the same as the committed docs/openapi-v1.json', async () => {
    const response = await v1('GET', 'openapi.json', null);
    expect(response.statusCode).toBe(200);
    const document = body<{ openapi: string; paths: Record<string, unknown> }>(response);
    expect(document).toEqual(JSON.parse(readFileSync(COMMITTED_V1, 'utf8')));
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/customers',
        '/api/v1/alerts',
        '/api/v1/alerts/{id}',
        '/api/v1/screening',
        '/api/v1/onboarding-links',
        '/api/v1/companies',
        '/api/v1/companies/{id}',
        '/api/v1/customers/{id}/documents',
        '/api/v1/customers/{id}/documents/{documentId}',
      ]),
    );
  });

  it('lists alerts in cursor pages, reads one, and needs alerts:read', async () => {
    // One open alert per customer at a time.
    const ids: string[] = [];
    for (const reason of ['First manual alert', 'Second manual alert', 'Third manual alert']) {
      ids.push(await raiseAlert(await registerCustomer(), reason));
    }
    const key = await issueKey(['alerts:read']);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await v1('GET', `alerts?type=manual&limit=2${cursor ? `&cursor=${cursor}` : ''}`, key.apiKey);
      expect({ status: page.statusCode, body: page.body }).toMatchObject({ status: 200 });
      const answer = body<{ data: Array<{ _id: string; type: string }>; next: string | null }>(page);
      expect(answer.data.length).toBeLessThanOrEqual(2);
      expect(answer.data.every((alert) => alert.type === 'manual')).toBe(true);
      seen.push(...answer.data.map((alert) => alert._id));
      cursor = answer.next;
      pages += 1;
    } while (cursor && pages < 50);
    // Every alert once: no page overlaps or skips.
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(ids));

    const one = await v1('GET', `alerts/${ids[0]}`, key.apiKey);
    expect(one.statusCode).toBe(200);
    const app = await call(t, 'GET', `alerts/${ids[0]}`, { token: t.adminToken });
    expect(body(one).data).toEqual(body(app).data);

    const bad = await v1('GET', 'alerts?cursor=not-a-cursor', key.apiKey);
    expect(bad.statusCode).toBe(422);
    expect(body(bad).errors).toMatchObject({ cursor: ['cursor must be the value of next from the previous page'] });

    const withoutScope = await issueKey(['customers:read']);
    const refused = await v1('GET', 'alerts', withoutScope.apiKey);
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toBe('This API key does not hold the scope alerts:read');
  });

  it("never reaches another segment's alerts", async () => {
    const alertId = await raiseAlert(await registerCustomer(), 'An alert of the first segment');
    const other = await makeDataSegment(t.context.db, 'Other API segment');
    const otherAdmin = await signedInUser(t, ['manage-application-access'], [other]);
    const key = await issueKey(['alerts:read'], otherAdmin.token);
    expect((await v1('GET', `alerts/${alertId}`, key.apiKey)).statusCode).toBe(404);
    const list = body<{ data: Array<{ _id: string }> }>(await v1('GET', 'alerts?limit=100', key.apiKey));
    expect(list.data.map((alert) => alert._id)).not.toContain(alertId);
  });

  it('screens a name against the segment’s lists and records the check', async () => {
    const added = await call(t, 'POST', 'screening-data/sanad-list', { token: t.adminToken, payload: { name: 'Qasim Rehman Siddiqui' } });
    expect(added.statusCode).toBe(200);
    const key = await issueKey(['screening:write']);
    const response = await v1('POST', 'screening', key.apiKey, { name: 'Qasim Rahman Siddiqui', type: 'person' });
    expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
    const answer = body<{ message: string; data: { hits: Array<{ score: number }> } }>(response);
    expect(answer.message).toBe('Screening completed');
    expect(answer.data.hits.length).toBeGreaterThan(0);
    const logged = await t.context.db.query<{ count: number }>(
      `select count(*)::int as count from audit_log where action = 'screened_name' and actor_name = $1`,
      [`API: ${key.title}`],
    );
    expect(logged.rows[0]?.count).toBe(1);

    const empty = await v1('POST', 'screening', key.apiKey, { name: '' });
    expect(empty.statusCode).toBe(422);
    expect(body(empty).errors).toMatchObject({ name: ['Name is required'] });
  });

  it('sends an onboarding link by e-mail in the key’s segment, with the message queued in the same change', async () => {
    const key = await issueKey(['onboarding-links:write']);
    const before = await t.context.db.query<{ count: number }>('select count(*)::int as count from outbox');
    const response = await v1('POST', 'onboarding-links', key.apiKey, {
      firstName: 'Amina',
      lastName: 'Farooq',
      email: 'amina.farooq@example.com',
      channel: 'email',
    });
    expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
    const sent = body<{ message: string; data: { _id: string; url: string; createdBy: unknown } }>(response);
    expect(sent.message).toBe('Registration link sent');
    expect(sent.data.url).toMatch(/\/deep-register$/);
    // No staff user sent it: the audit entry names the application.
    expect(sent.data.createdBy).toBeNull();
    const stored = await t.context.db.query<{ data_segment_id: string }>('select data_segment_id from temp_customers where id = $1', [
      sent.data._id,
    ]);
    expect(stored.rows[0]?.data_segment_id).toBe(key.dataSegmentId);
    const after = await t.context.db.query<{ count: number }>('select count(*)::int as count from outbox');
    expect(after.rows[0]?.count).toBe((before.rows[0]?.count ?? 0) + 1);

    const missing = await v1('POST', 'onboarding-links', key.apiKey, { firstName: 'Amina', lastName: 'Farooq', channel: 'email' });
    expect(missing.statusCode).toBe(422);
    expect(body(missing).errors).toMatchObject({ email: ['Email is required to send the link by email'] });
  });
});
