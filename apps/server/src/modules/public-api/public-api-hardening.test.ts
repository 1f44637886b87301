import { describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES } from '@sanad/contracts/customers';
import type { TApplicationAccessIssued } from '@sanad/contracts/developers';
import { call } from '../../test-support/admin-helpers';
import { customerSubmission } from '../../test-support/customer-factories';
import { body, useTestApp } from '../../test-support/test-app';

// A small limit so a test can reach it; every test issues its own application, with its own budget.
const LIMIT = 6;
const t = useTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: String(LIMIT) } });

async function issueKey(scopes: string[]): Promise<TApplicationAccessIssued> {
  const response = await call(t, 'POST', 'access-control/api-access', {
    token: t.adminToken,
    payload: { title: `App ${Math.random().toString(36).slice(2, 8)}`, bundleId: 'com.bank.app', device: 'server', scopes },
  });
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
  return body<{ data: TApplicationAccessIssued }>(response).data;
}

const v1 = (method: 'GET' | 'POST', path: string, key: string, options: { payload?: unknown; idempotencyKey?: string } = {}) =>
  t.app.inject({
    method,
    url: `/api/v1/${path}`,
    remoteAddress: '203.0.113.10',
    headers: { authorization: `Bearer ${key}`, ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}) },
    ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
  });

async function countCustomers(lastName: string): Promise<number> {
  const result = await t.context.db.query<{ count: number }>(
    `select count(*)::int as count from customers where record #>> '{basicInfo,lastName}' = $1`,
    [lastName],
  );
  return result.rows[0]?.count ?? 0;
}

describe('per-application rate limits on the public API', () => {
  it('answers RateLimit headers on every call and 429 with a clear message past the limit', async () => {
    const key = await issueKey(['customers:read']);
    for (let n = 1; n <= LIMIT; n += 1) {
      const answer = await v1('GET', 'customers?limit=1', key.apiKey);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['ratelimit-limit']).toBe(String(LIMIT));
      expect(answer.headers['ratelimit-remaining']).toBe(String(LIMIT - n));
      const reset = Number(answer.headers['ratelimit-reset']);
      expect(reset).toBeGreaterThanOrEqual(1);
      expect(reset).toBeLessThanOrEqual(60);
    }
    const refused = await v1('GET', 'customers?limit=1', key.apiKey);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(body(refused).message).toMatch(/^Rate limit exceeded: this application may make 6 API calls per minute; retry in \d+ seconds$/);

    // Another application has its own budget.
    const other = await issueKey(['customers:read']);
    expect((await v1('GET', 'customers?limit=1', other.apiKey)).statusCode).toBe(200);
    // A new window starts afresh.
    await t.context.db.query(`update rate_counters set window_start = now() - interval '61 seconds' where key = $1`, [`api:${key._id}`]);
    const renewed = await v1('GET', 'customers?limit=1', key.apiKey);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.headers['ratelimit-remaining']).toBe(String(LIMIT - 1));
  });
});

describe('cursor pages of GET v1/customers', () => {
  it('covers every customer exactly once, newest first, even when customers are added between pages', async () => {
    const key = await issueKey(['customers:read']);
    const tag = `Cursorperson${Date.now()}`;
    const register = async (index: number) => {
      const submission = customerSubmission();
      const created = await call(t, 'POST', 'customers/self-register', {
        token: t.adminToken,
        payload: { ...submission, basicInfo: { ...submission.basicInfo, lastName: `${tag}x${index}` } },
      });
      expect(created.statusCode).toBe(200);
      return body<{ data: { _id: string } }>(created).data._id;
    };
    const ids: string[] = [];
    for (let index = 0; index < 7; index += 1) ids.push(await register(index));

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await v1('GET', `customers?limit=3&keyword=${tag.toLowerCase()}${cursor ? `&cursor=${cursor}` : ''}`, key.apiKey);
      expect(answer.statusCode).toBe(200);
      const page = body<{ data: Array<{ _id: string }>; next: string | null }>(answer);
      seen.push(...page.data.map((row) => row._id));
      cursor = page.next;
      pages += 1;
      // A customer added after the walk began is newer than the cursor and is not served twice or shifted in.
      if (pages === 1) await register(99);
    } while (cursor && pages < 5);
    expect(pages).toBe(3);
    expect(seen).toEqual(ids.toReversed());

    const refused = await v1('GET', 'customers?cursor=bm90LWEtY3Vyc29y', key.apiKey);
    expect(refused.statusCode).toBe(422);
    expect(body(refused).message).toBe('cursor must be the value of next from the previous page');
    expect((await v1('GET', 'customers?limit=101', key.apiKey)).statusCode).toBe(422);
  });
});

describe('Idempotency-Key on POST v1/customers', () => {
  it('creates one customer for a key sent twice, and refuses the key with another body', async () => {
    const key = await issueKey(['customers:write']);
    const submission = customerSubmission();
    const { submissionKey: _unused, ...payload } = submission;
    const lastName = submission.basicInfo?.lastName ?? '';
    const first = await v1('POST', 'customers', key.apiKey, { payload, idempotencyKey: 'order-7781' });
    expect({ status: first.statusCode, body: first.body }).toMatchObject({ status: 200 });
    const second = await v1('POST', 'customers', key.apiKey, { payload, idempotencyKey: 'order-7781' });
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(body(second).data).toEqual(body(first).data);
    expect(await countCustomers(lastName)).toBe(1);

    const changed = { ...payload, contactInfo: { ...payload.contactInfo, email: 'other@example.com' } };
    const reused = await v1('POST', 'customers', key.apiKey, { payload: changed, idempotencyKey: 'order-7781' });
    expect(reused.statusCode).toBe(422);
    expect(body(reused).message).toBe('This Idempotency-Key was already used with a different request; use a new key for a new request');
    expect(await countCustomers(lastName)).toBe(1);

    const malformed = await v1('POST', 'customers', key.apiKey, { payload, idempotencyKey: 'with space' });
    expect(malformed.statusCode).toBe(422);
    expect(body(malformed).message).toBe('Idempotency-Key must be 1 to 255 visible ASCII characters');
  });

  it('still creates exactly one customer when the first request died before its answer was kept', async () => {
    const key = await issueKey(['customers:write']);
    const submission = customerSubmission();
    const { submissionKey: _unused, ...payload } = submission;
    const lastName = submission.basicInfo?.lastName ?? '';
    expect((await v1('POST', 'customers', key.apiKey, { payload, idempotencyKey: 'crash-1' })).statusCode).toBe(200);
    // As if the process died after creating the customer and before keeping the answer, a minute ago.
    await t.context.db.query(
      `update api_idempotency_keys set response_status = null, response_body = null, created_at = now() - interval '2 minutes' where idempotency_key = 'crash-1'`,
    );
    const retried = await v1('POST', 'customers', key.apiKey, { payload, idempotencyKey: 'crash-1' });
    expect(retried.statusCode).toBe(200);
    expect(body(retried).message).toBe(CUSTOMER_MESSAGES.alreadyRegistered);
    expect(await countCustomers(lastName)).toBe(1);
  });

  it('answers 409 while a request with the same key is still running', async () => {
    const key = await issueKey(['customers:write']);
    const { submissionKey: _unused, ...payload } = customerSubmission();
    expect((await v1('POST', 'customers', key.apiKey, { payload, idempotencyKey: 'busy-1' })).statusCode).toBe(200);
    await t.context.db.query(`update api_idempotency_keys set response_status = null where idempotency_key = 'busy-1'`);
    const busy = await v1('POST', 'customers', key.apiKey, { payload, idempotencyKey: 'busy-1' });
    expect(busy.statusCode).toBe(409);
    expect(body(busy).message).toBe('A request with this Idempotency-Key is still being processed; retry shortly');
  });
});
