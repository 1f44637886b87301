import { describe, expect, it } from 'vitest';
import type { TApplicationAccessIssued, TApplicationAccessRow } from '@sanad/contracts/developers';
import { call, signedInUser } from '../../test-support/admin-helpers';
import { makeDataSegment } from '../../test-support/factories';
import { body, useTestApp } from '../../test-support/test-app';
import { createApplicationAccessService } from './application-access.service';

const t = useTestApp();

const entry = (change: Record<string, unknown> = {}) => ({
  title: `Mobile app ${Math.random().toString(36).slice(2, 8)}`,
  bundleId: 'com.bank.mobile',
  device: 'android',
  scopes: ['customers:read'],
  ...change,
});

async function create(change: Record<string, unknown> = {}, token = t.adminToken): Promise<TApplicationAccessIssued> {
  const response = await call(t, 'POST', 'access-control/api-access', { token, payload: entry(change) });
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
  return body<{ data: TApplicationAccessIssued }>(response).data;
}

const keys = () => createApplicationAccessService({ db: t.context.db, hmacKey: t.context.secrets.hmacKey });

describe('application access: API keys', () => {
  it('shows the key once, stores only its HMAC, and never lists it again', async () => {
    const issued = await create({ scopes: ['customers:read', 'alerts:read'] });
    expect(issued.apiKey).toMatch(/^snd_[0-9a-f]{16}\.[A-Za-z0-9_-]{43}$/);
    expect(issued.apiKey.startsWith(`${issued.codeKey}.`)).toBe(true);
    expect(issued.scopes).toEqual(['customers:read', 'alerts:read']);

    const stored = await t.context.db.query<{ key_hash: string }>('select key_hash from api_keys where code_key = $1', [issued.codeKey]);
    expect(stored.rows[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/);
    const dump = await t.context.db.query<{ dump: string }>(
      "select (select string_agg(row_to_json(k)::text, '') from api_keys k) || (select string_agg(row_to_json(a)::text, '') from application_access a) as dump",
    );
    expect(dump.rows[0]?.dump).not.toContain(issued.apiKey.split('.')[1]);

    const list = await call(t, 'GET', 'access-control/api-access', { token: t.adminToken });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(issued.codeKey);
    expect(list.body).not.toContain(issued.apiKey);
  });

  it('authenticates a live key with its scopes and refuses a wrong, malformed or foreign secret', async () => {
    const issued = await create({ scopes: ['customers:read', 'screening:write'] });
    const result = await keys().authenticate(issued.apiKey, '203.0.113.9');
    expect('client' in result && [...result.client.scopes]).toEqual(['customers:read', 'screening:write']);
    expect('client' in result && result.client.dataSegmentId).toBe(t.adminSegmentId);

    const forged = `${issued.codeKey}.${'A'.repeat(43)}`;
    expect(await keys().authenticate(forged, '203.0.113.9')).toEqual({ refused: 'unknown' });
    expect(await keys().authenticate('not-a-key', '203.0.113.9')).toEqual({ refused: 'malformed' });
    // The same key hashed under another installation's secret is unknown here.
    const other = createApplicationAccessService({ db: t.context.db, hmacKey: Buffer.alloc(32, 7) });
    expect(await other.authenticate(issued.apiKey, '203.0.113.9')).toEqual({ refused: 'unknown' });
  });

  it('records when a key was last used', async () => {
    const issued = await create();
    expect(issued.lastUsedAt).toBeNull();
    await keys().authenticate(issued.apiKey, '198.51.100.1');
    const list = body<{ data: TApplicationAccessRow[] }>(
      await call(t, 'GET', 'access-control/api-access', { token: t.adminToken, query: { keyword: issued.title } }),
    );
    expect(list.data[0]?.lastUsedAt).not.toBeNull();
  });

  it('refuses a key at once when its entry is archived, and accepts it again when activated', async () => {
    const issued = await create();
    const {
      apiKey,
      _id,
      codeKey: _codeKey,
      lastUsedAt: _l,
      previousKeyExpiresAt: _p,
      createdAt: _c,
      dataSegmentId: _d,
      ...fields
    } = issued;
    const archived = await call(t, 'PUT', `access-control/api-access/${_id}`, {
      token: t.adminToken,
      payload: { ...fields, status: 'archived' },
    });
    expect({ status: archived.statusCode, body: archived.body }).toMatchObject({ status: 200 });
    expect(body(archived).message).toBe('Application access archived successfully');
    expect(await keys().authenticate(apiKey, '203.0.113.9')).toMatchObject({ refused: 'not-live' });

    const activated = await call(t, 'PUT', `access-control/api-access/${_id}`, {
      token: t.adminToken,
      payload: { ...fields, status: 'active' },
    });
    expect(body(activated).message).toBe('Application access activated successfully');
    expect('client' in (await keys().authenticate(apiKey, '203.0.113.9'))).toBe(true);
  });

  it('refuses an expired key, and an expiry in the past cannot be set', async () => {
    const past = await call(t, 'POST', 'access-control/api-access', {
      token: t.adminToken,
      payload: entry({ expiresAt: new Date(Date.now() - 60_000).toISOString() }),
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.expiresAt).toEqual(['The expiry must be in the future']);

    const issued = await create({ expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect('client' in (await keys().authenticate(issued.apiKey, '203.0.113.9'))).toBe(true);
    await t.context.db.query(`update application_access set expires_at = now() - interval '1 second' where id = $1`, [issued._id]);
    expect(await keys().authenticate(issued.apiKey, '203.0.113.9')).toMatchObject({ refused: 'not-live' });
  });

  it('rotates: the old key works during the overlap and is refused after it; with no overlap at once', async () => {
    const issued = await create();
    const rotated = await call(t, 'POST', `access-control/api-access/${issued._id}/rotate`, {
      token: t.adminToken,
      payload: { overlapHours: 24 },
    });
    expect({ status: rotated.statusCode, body: rotated.body }).toMatchObject({ status: 200 });
    const next = body<{ data: TApplicationAccessIssued }>(rotated).data;
    expect(next.apiKey).not.toBe(issued.apiKey);
    expect(next.codeKey).not.toBe(issued.codeKey);
    expect(next.previousKeyExpiresAt).not.toBeNull();
    expect('client' in (await keys().authenticate(issued.apiKey, '203.0.113.9'))).toBe(true);
    expect('client' in (await keys().authenticate(next.apiKey, '203.0.113.9'))).toBe(true);

    // The overlap ends: the old key is refused, the new one still works.
    await t.context.db.query(`update api_keys set expires_at = now() - interval '1 second' where code_key = $1`, [issued.codeKey]);
    expect(await keys().authenticate(issued.apiKey, '203.0.113.9')).toMatchObject({ refused: 'not-live' });
    expect('client' in (await keys().authenticate(next.apiKey, '203.0.113.9'))).toBe(true);

    const third = body<{ data: TApplicationAccessIssued }>(
      await call(t, 'POST', `access-control/api-access/${issued._id}/rotate`, { token: t.adminToken, payload: { overlapHours: 0 } }),
    ).data;
    expect(await keys().authenticate(next.apiKey, '203.0.113.9')).toMatchObject({ refused: 'not-live' });
    expect('client' in (await keys().authenticate(third.apiKey, '203.0.113.9'))).toBe(true);
  });

  it('admits only addresses of the IP allow-list', async () => {
    const bad = await call(t, 'POST', 'access-control/api-access', { token: t.adminToken, payload: entry({ ipAllowList: ['300.1.1.1'] }) });
    expect(bad.statusCode).toBe(422);
    const issued = await create({ ipAllowList: ['203.0.113.0/24', '2001:db8::1'] });
    expect(issued.ipAllowList).toEqual(['203.0.113.0/24', '2001:db8::1']);
    expect('client' in (await keys().authenticate(issued.apiKey, '203.0.113.77'))).toBe(true);
    expect('client' in (await keys().authenticate(issued.apiKey, '::ffff:203.0.113.77'))).toBe(true);
    expect('client' in (await keys().authenticate(issued.apiKey, '2001:db8::1'))).toBe(true);
    expect(await keys().authenticate(issued.apiKey, '198.51.100.1')).toMatchObject({ refused: 'ip-not-allowed' });
  });

  it('refuses unknown scopes, duplicate titles and users without manage-application-access', async () => {
    const unknownScope = await call(t, 'POST', 'access-control/api-access', {
      token: t.adminToken,
      payload: entry({ scopes: ['everything'] }),
    });
    expect(unknownScope.statusCode).toBe(422);
    const first = await create({ title: 'Core banking' });
    const again = await call(t, 'POST', 'access-control/api-access', { token: t.adminToken, payload: entry({ title: 'core BANKING' }) });
    expect(again.statusCode).toBe(409);
    expect(first.title).toBe('Core banking');

    const viewer = await signedInUser(t, ['developer-tools', 'manage-webhooks']);
    expect((await call(t, 'GET', 'access-control/api-access', { token: viewer.token })).statusCode).toBe(403);
    expect((await call(t, 'POST', 'access-control/api-access', { token: viewer.token, payload: entry() })).statusCode).toBe(403);
  });

  it('keeps entries of another data segment out of reach', async () => {
    const mine = await create({ title: 'Segment A app' });
    const otherSegment = await makeDataSegment(t.context.db, 'Other Bank');
    const stranger = await signedInUser(t, ['manage-application-access'], [otherSegment]);
    const theirs = await create({ title: 'Segment B app' }, stranger.token);
    expect(theirs.dataSegmentId).toBe(otherSegment);

    const list = await call(t, 'GET', 'access-control/api-access', { token: stranger.token, query: { perPage: '100' } });
    expect(list.body).toContain('Segment B app');
    expect(list.body).not.toContain('Segment A app');
    const { apiKey: _k, _id, codeKey: _c, lastUsedAt: _l, previousKeyExpiresAt: _p, createdAt: _a, dataSegmentId: _d, ...fields } = mine;
    expect((await call(t, 'PUT', `access-control/api-access/${_id}`, { token: stranger.token, payload: fields })).statusCode).toBe(404);
    expect((await call(t, 'POST', `access-control/api-access/${_id}/rotate`, { token: stranger.token, payload: {} })).statusCode).toBe(404);

    const audit = await t.context.db.query<{ action: string }>(`select action from audit_log where entity_id = $1 order by created_at`, [
      mine._id,
    ]);
    expect(audit.rows.map((row) => row.action)).toEqual(['created_application_access']);
  });
});
