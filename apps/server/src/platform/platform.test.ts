import { API_ENDPOINTS, API_INFO } from '@sanad/contracts/api-catalogue';
import { buildOpenApiDocument } from '@sanad/contracts/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sanad/contracts/messages';
import { UNSAFE_TEXT_MESSAGE } from '@sanad/contracts/safe-text';
import { ADMIN_EMAIL, ADMIN_PASSWORD, body, createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '40' } });
});
afterAll(async () => {
  await t.close();
});

describe('HTTP platform', () => {
  it('answers liveness and readiness', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(body(health)).toMatchObject({ status: true, data: { uptimeSeconds: expect.any(Number) } });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(body(ready)).toMatchObject({ status: true, data: { database: t.database.kind } });
  });

  it('answers an unknown API path with the 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(body(response)).toEqual({ status: false, message: MESSAGES.routeNotFound, code: 'NOT_FOUND' });
  });

  it("answers malformed JSON with the spec's default message and no internals", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ status: false, message: 'There is something wrong', code: 'BAD_REQUEST' });
  });

  it('sends the security headers with every response', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
  });

  it('tags every response with a request id, keeping a well-formed one from the caller', async () => {
    const generated = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(generated.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-12345678' } });
    expect(kept.headers['x-request-id']).toBe('trace-12345678');
  });

  it('publishes the OpenAPI document generated from the endpoint contracts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(body(response)).toEqual(buildOpenApiDocument(API_ENDPOINTS, API_INFO));
  });

  it('limits the request rate per address', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 45; index += 1) {
      const response = await t.app.inject({ method: 'GET', url: '/api/configurations/branding', remoteAddress: '10.9.9.9' });
      statuses.push(response.statusCode);
    }
    expect(statuses).toContain(429);
    const limited = await t.app.inject({ method: 'GET', url: '/api/users/verify-token', remoteAddress: '10.9.9.9' });
    expect(limited.statusCode).toBe(429);
    expect(body(limited)).toMatchObject({ status: false, message: MESSAGES.rateLimited });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('serves branding with defaults for a segment that has none', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/configurations/branding' });
    expect(body(response)).toMatchObject({ status: true, data: { colors: { primary: expect.stringMatching(/^#/) }, clientLogo: null } });
  });

  it('still signs in after the rate-limited address is left alone', async () => {
    expect(await t.login(ADMIN_EMAIL, ADMIN_PASSWORD)).toEqual(expect.any(String));
  });
});

describe('input the database cannot take', () => {
  it('answers 422 naming the field for NUL and lone surrogates in a body, a query or a path, never 500', async () => {
    const token = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/access-control/roles',
      headers,
      payload: JSON.stringify({ title: 'Reviewer\u0000', permissions: ['view-roles'] }),
    });
    expect(nul.statusCode).toBe(422);
    expect(body<{ errors: Record<string, string[]> }>(nul).errors).toEqual({ title: [UNSAFE_TEXT_MESSAGE] });
    // JSON escapes let a client send half of a surrogate pair.
    const surrogate = await t.app.inject({
      method: 'POST',
      url: '/api/access-control/roles',
      headers,
      payload: '{"title":"Reviewer \\ud800","permissions":["view-roles"]}',
    });
    expect(surrogate.statusCode).toBe(422);
    const query = await t.app.inject({ method: 'GET', url: '/api/access-control/roles?keyword=%00', headers });
    expect(query.statusCode).toBe(422);
    const path = await t.app.inject({ method: 'PUT', url: '/api/access-control/roles/%00', headers, payload: '{}' });
    expect(path.statusCode).toBe(422);
  });

  it('refuses sort fields that are only inherited object properties', async () => {
    const token = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const sortBy of ['__proto__', 'constructor', 'toString']) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/access-control/roles?sortBy=${sortBy}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.statusCode).toBe(422);
    }
  });
});
