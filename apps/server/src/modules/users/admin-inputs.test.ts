import { describe, expect, it } from 'vitest';
import { multipart } from '@sanad/test-support/multipart';
import { bearer, useTestApp } from '../../test-support/test-app';
import { call } from '../../test-support/admin-helpers';

/**
 * Hostile input on every route of the administration area (users, team members, roles, data
 * segments, notifications, user guide, branding, files): NUL bytes and lone surrogates in names and
 * searches, sort fields that are inherited object properties, impossible dates and the all-zero
 * segment id. Each is answered with a 4xx, never a server error, and never stored.
 */
const t = useTestApp();

const ZERO = '00000000-0000-0000-0000-000000000000';
const HOSTILE_TEXT = ['Amina\u0000Rahman', 'Amina \ud800', '\udfff Rahman'];
const HOSTILE_SORT = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];
const HOSTILE_DAYS = ['0000-01-01', '2024-02-31', '2024-13-01', '99999-01-01', 'yesterday'];

const LISTS = [
  'users/',
  'users',
  'users/team-member',
  'access-control/roles',
  'access-control/data-segments/',
  'configurations/notifications',
];

async function roleId(): Promise<string> {
  const result = await t.context.db.query<{ id: string }>("select id from roles where data_segment_id = $1 and title = 'Checker'", [
    t.adminSegmentId,
  ]);
  return result.rows[0]?.id ?? '';
}

const person = (overrides: Record<string, unknown>) => ({
  firstName: 'Amina',
  lastName: 'Rahman',
  email: `amina.${Math.random().toString(36).slice(2)}@client.test`,
  dataSegmentId: t.adminSegmentId,
  ...overrides,
});

describe('hostile input on the administration routes', () => {
  it('answers NUL bytes, encoded surrogates and inherited sort fields in list queries with 4xx', async () => {
    const failures: string[] = [];
    for (const url of LISTS) {
      for (const raw of [
        'keyword=a%00b',
        'keyword=%ED%A0%80',
        ...HOSTILE_SORT.map((field) => `sortBy=${field}`),
        `dataSegmentId=${ZERO}`,
      ]) {
        const response = await t.app.inject({ method: 'GET', url: `/api/${url}?${raw}`, headers: bearer(t.adminToken) });
        if (response.statusCode >= 500) failures.push(`GET ${url}?${raw}: ${response.statusCode}`);
      }
      for (const field of HOSTILE_SORT) {
        const response = await call(t, 'GET', url, { token: t.adminToken, query: { sortBy: field } });
        if (response.statusCode !== 422) failures.push(`GET ${url} sortBy=${field}: ${response.statusCode}`);
      }
      const nul = await call(t, 'GET', url, { token: t.adminToken, query: { keyword: 'a\u0000b' } });
      if (nul.statusCode !== 422) failures.push(`GET ${url} keyword with NUL: ${nul.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses names with a NUL byte or a lone surrogate with 422, storing nothing', async () => {
    const role = await roleId();
    const before = await t.context.db.query<{ count: number }>('select count(*)::int as count from users');
    const failures: string[] = [];
    for (const text of HOSTILE_TEXT) {
      const attempts: Array<[string, 'POST' | 'PUT', string, unknown]> = [
        ['user first name', 'POST', 'users/', person({ firstName: text, roleId: role })],
        ['user last name', 'POST', 'users/', person({ lastName: text, roleId: role })],
        ['user company', 'POST', 'users/', person({ companyName: text, roleId: role })],
        ['team member name', 'POST', 'users/team-member/add', person({ firstName: text, roleId: role })],
        ['role title', 'POST', 'access-control/roles', { title: text, permissions: ['view-alerts'], dataSegmentId: t.adminSegmentId }],
        ['segment company', 'POST', 'users/data-segments', { companyName: text }],
        ['segment contact', 'PUT', `access-control/data-segments/${t.adminSegmentId}`, { companyName: 'Test Bank', fullName: text }],
        [
          'announcement',
          'POST',
          'configurations/notifications/broadcast',
          { dataSegmentId: t.adminSegmentId, title: text, description: 'x' },
        ],
      ];
      for (const [what, method, url, payload] of attempts) {
        const response = await call(t, method, url, { token: t.adminToken, payload });
        if (response.statusCode !== 422) failures.push(`${what} ${JSON.stringify(text)}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
    const after = await t.context.db.query<{ count: number }>('select count(*)::int as count from users');
    expect(after.rows[0]?.count).toBe(before.rows[0]?.count);
  });

  it('refuses impossible package dates with 422', async () => {
    for (const day of HOSTILE_DAYS) {
      const response = await call(t, 'POST', 'users/data-segments', {
        token: t.adminToken,
        payload: { companyName: 'Dated Client', packageDetailsObj: { subscriptionDate: day } },
      });
      expect({ day, status: response.statusCode }).toEqual({ day, status: 422 });
    }
  });

  it('answers the all-zero segment id with 4xx wherever a segment is named', async () => {
    const role = await roleId();
    const form = multipart({ type: 'documents', dataSegmentId: ZERO }, { name: 'a.pdf', body: Buffer.from('%PDF-1.7\n%%EOF\n') });
    const guide = multipart({}, { name: 'manual.pdf', body: Buffer.from('%PDF-1.7\n%%EOF\n') });
    const responses = [
      await call(t, 'GET', `users/data-segment/${ZERO}`, { token: t.adminToken }),
      await call(t, 'PUT', `access-control/data-segments/${ZERO}`, { token: t.adminToken, payload: { companyName: 'Nobody' } }),
      await call(t, 'POST', 'users/', { token: t.adminToken, payload: person({ roleId: role, dataSegmentIds: [ZERO] }) }),
      await call(t, 'POST', 'users/', { token: t.adminToken, payload: person({ roleId: role, dataSegmentId: ZERO }) }),
      await call(t, 'POST', 'users/team-member/add', { token: t.adminToken, payload: person({ roleId: role, dataSegmentId: ZERO }) }),
      await call(t, 'POST', 'access-control/roles', {
        token: t.adminToken,
        payload: { title: 'Zero role', permissions: ['view-alerts'], dataSegmentId: ZERO },
      }),
      await call(t, 'POST', 'configurations/notifications/broadcast', {
        token: t.adminToken,
        payload: { dataSegmentId: ZERO, title: 'Hello', description: 'x' },
      }),
      await call(t, 'GET', 'configurations/user-guide', { token: t.adminToken, query: { dataSegmentId: ZERO } }),
      await t.app.inject({
        method: 'POST',
        url: `/api/configurations/user-guide/standard/manual?dataSegmentId=${ZERO}`,
        payload: guide.payload,
        headers: { ...guide.headers, ...bearer(t.adminToken) },
      }),
      await t.app.inject({
        method: 'DELETE',
        url: `/api/configurations/user-guide/standard/manual?dataSegmentId=${ZERO}`,
        headers: bearer(t.adminToken),
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/files/',
        payload: form.payload,
        headers: { ...form.headers, ...bearer(t.adminToken) },
      }),
      await call(t, 'GET', 'configurations/branding', { query: { dataSegmentId: ZERO } }),
    ];
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    // A GET of a segment that does not exist reads as missing; the branding of none is the defaults.
    expect(statuses[0]).toBe(404);
    expect(statuses.at(-1)).toBe(200);
  });
});
