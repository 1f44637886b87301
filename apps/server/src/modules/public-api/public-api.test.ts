import { describe, expect, it } from 'vitest';
import type { TApplicationAccessIssued } from '@sanad/contracts/developers';
import { call, signedInUser } from '../../test-support/admin-helpers';
import { customerSubmission } from '../../test-support/customer-factories';
import { makeDataSegment } from '../../test-support/factories';
import { body, useTestApp } from '../../test-support/test-app';

const t = useTestApp();

async function issueKey(change: Record<string, unknown> = {}, token = t.adminToken): Promise<TApplicationAccessIssued> {
  const response = await call(t, 'POST', 'access-control/api-access', {
    token,
    payload: {
      title: `App ${Math.random().toString(36).slice(2, 8)}`,
      bundleId: 'com.bank.app',
      device: 'server',
      scopes: ['customers:read'],
      ...change,
    },
  });
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
  return body<{ data: TApplicationAccessIssued }>(response).data;
}

async function registerCustomer(token = t.adminToken): Promise<string> {
  const response = await call(t, 'POST', 'customers/self-register', { token, payload: customerSubmission() });
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
  return body<{ data: { _id: string } }>(response).data._id;
}

const v1 = (path: string, key: string | null, remoteAddress = '203.0.113.10') =>
  t.app.inject({ method: 'GET', url: `/api/v1/${path}`, remoteAddress, ...(key ? { headers: { authorization: `Bearer ${key}` } } : {}) });

describe('the public API with an API key', () => {
  it('reads a customer and the list of its segment with a key holding customers:read', async () => {
    const key = await issueKey();
    const customerId = await registerCustomer();
    const one = await v1(`customers/${customerId}`, key.apiKey);
    expect({ status: one.statusCode, body: one.body }).toMatchObject({ status: 200 });
    const app = await call(t, 'GET', `customers/${customerId}`, { token: t.adminToken });
    // The same contract as the app: the same customer, the same shape.
    expect(body(one).data).toEqual(body(app).data);
    const list = await v1('customers?perPage=100', key.apiKey);
    expect(list.statusCode).toBe(200);
    expect(body<{ data: Array<{ _id: string }> }>(list).data.map((row) => row._id)).toContain(customerId);
  });

  it('refuses a key without the scope (403) and calls without a key or with a staff session (401)', async () => {
    const key = await issueKey({ scopes: ['alerts:read'] });
    const refused = await v1('customers', key.apiKey);
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toBe('This API key does not hold the scope customers:read');
    expect((await v1('customers', null)).statusCode).toBe(401);
    const staff = await v1('customers', t.adminToken);
    expect(staff.statusCode).toBe(401);
    expect(body(staff).message).toBe('The API key is missing, invalid, expired or archived');
  });

  it('refuses an archived, expired or rotated-out key at once, and an address outside the allow-list', async () => {
    const key = await issueKey({ ipAllowList: ['203.0.113.0/24'] });
    expect((await v1('customers', key.apiKey)).statusCode).toBe(200);
    expect((await v1('customers', key.apiKey, '198.51.100.4')).statusCode).toBe(401);

    const rotated = body<{ data: TApplicationAccessIssued }>(
      await call(t, 'POST', `access-control/api-access/${key._id}/rotate`, { token: t.adminToken, payload: { overlapHours: 0 } }),
    ).data;
    expect((await v1('customers', key.apiKey)).statusCode).toBe(401);
    expect((await v1('customers', rotated.apiKey)).statusCode).toBe(200);

    await t.context.db.query(`update application_access set expires_at = now() - interval '1 second' where id = $1`, [key._id]);
    expect((await v1('customers', rotated.apiKey)).statusCode).toBe(401);
    await t.context.db.query(`update application_access set expires_at = null where id = $1`, [key._id]);
    expect((await v1('customers', rotated.apiKey)).statusCode).toBe(200);

    const { apiKey: _k, _id, codeKey: _c, lastUsedAt: _l, previousKeyExpiresAt: _p, createdAt: _a, dataSegmentId: _d, ...fields } = rotated;
    const archived = await call(t, 'PUT', `access-control/api-access/${_id}`, {
      token: t.adminToken,
      payload: { ...fields, expiresAt: null, status: 'archived' },
    });
    expect(archived.statusCode).toBe(200);
    expect((await v1('customers', rotated.apiKey)).statusCode).toBe(401);
  });

  it("never reaches another segment's customers", async () => {
    const otherSegment = await makeDataSegment(t.context.db, 'API Other Bank');
    const otherAdmin = await signedInUser(t, ['manage-application-access', 'register-customer', 'view-customer-profile'], [otherSegment]);
    const theirCustomer = await registerCustomer(otherAdmin.token);
    const myKey = await issueKey();
    expect((await v1(`customers/${theirCustomer}`, myKey.apiKey)).statusCode).toBe(404);
    const list = body<{ data: Array<{ _id: string }> }>(await v1('customers?perPage=500', myKey.apiKey));
    expect(list.data.map((row) => row._id)).not.toContain(theirCustomer);
    const theirKey = await issueKey({}, otherAdmin.token);
    expect((await v1(`customers/${theirCustomer}`, theirKey.apiKey)).statusCode).toBe(200);
  });
});
