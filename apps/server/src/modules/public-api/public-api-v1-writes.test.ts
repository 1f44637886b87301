import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { TApiLog } from '@sanad/contracts/api-logs';
import type { TCompanyCreateBody } from '@sanad/contracts/companies';
import type { TApplicationAccessIssued } from '@sanad/contracts/developers';
import { call, signedInUser } from '../../test-support/admin-helpers';
import { customerSubmission } from '../../test-support/customer-factories';
import { makeDataSegment } from '../../test-support/factories';
import { body, useTestApp } from '../../test-support/test-app';

const t = useTestApp();

async function issueKey(scopes: string[], token = t.adminToken): Promise<TApplicationAccessIssued> {
  const response = await call(t, 'POST', 'access-control/api-access', {
    token,
    payload: { title: `App ${Math.random().toString(36).slice(2, 8)}`, bundleId: 'com.bank.app', device: 'server', scopes },
  });
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
  return body<{ data: TApplicationAccessIssued }>(response).data;
}

const v1 = (
  method: 'GET' | 'POST',
  address: string,
  key: string | null,
  options: { payload?: unknown; idempotencyKey?: string; remoteAddress?: string } = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1/${address}`,
    remoteAddress: options.remoteAddress ?? '203.0.113.30',
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
    ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
  });

let serial = 0;
function company(overrides: Partial<TCompanyCreateBody['companyInfo']> = {}): { companyInfo: TCompanyCreateBody['companyInfo'] } {
  serial += 1;
  return {
    companyInfo: {
      legalName: `Harbour Logistics ${serial} LLC`,
      formerNames: [],
      registrationNumber: `API-${Date.now()}-${serial}`,
      register: 'Dubai DED',
      legalForm: 'private-limited',
      status: 'active',
      incorporationDate: '2016-05-01',
      incorporationCountryId: 'AE',
      registeredAddress: { line1: '4 Al Wasl Road', city: 'Dubai', countryId: 'AE' },
      industryId: 'general-trading',
      purposeOfRelationship: 'business-transactions',
      expectedActivity: 'About AED 1m a month of freight payments',
      ...overrides,
    },
  };
}

async function registerCustomer(): Promise<string> {
  const response = await call(t, 'POST', 'customers/self-register', { token: t.adminToken, payload: customerSubmission() });
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
  return body<{ data: { _id: string } }>(response).data._id;
}

const count = async (query: string, values: unknown[]) => (await t.context.db.query<{ count: number }>(query, values)).rows[0]?.count ?? -1;

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF');
const GIF = Buffer.from(
  'GIF89a\u0001\u0000\u0001\u0000\u0080\u0000\u0000\u0000\u0000\u0000\u00ff\u00ff\u00ff!\u00f9\u0004\u0001\u0000\u0000\u0000\u0000,',
  'latin1',
);

describe('POST and GET v1/companies', () => {
  it('registers a company with the app’s rules, once per Idempotency-Key, and reads its status, risk, flags and parents', async () => {
    const writer = await issueKey(['customers:write']);
    const payload = company();
    const first = await v1('POST', 'companies', writer.apiKey, { payload, idempotencyKey: 'company-1' });
    expect({ status: first.statusCode, body: first.body }).toMatchObject({ status: 200 });
    const created = body<{ message: string; data: { _id: string; type: string; kycStatus: string; riskLevel: unknown } }>(first);
    expect(created.message).toBe('Company registered successfully');
    expect(created.data.type).toBe('company');

    const again = await v1('POST', 'companies', writer.apiKey, { payload, idempotencyKey: 'company-1' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(body(again).data).toEqual(created.data);
    const changed = { companyInfo: { ...payload.companyInfo, expectedActivity: 'Something else' } };
    const reused = await v1('POST', 'companies', writer.apiKey, { payload: changed, idempotencyKey: 'company-1' });
    expect(reused.statusCode).toBe(422);
    expect(body(reused).message).toBe('This Idempotency-Key was already used with a different request; use a new key for a new request');
    expect(
      await count(
        `select count(*)::int as count from customers where type = 'company' and record->'companyInfo'->>'registrationNumber' = $1`,
        [payload.companyInfo.registrationNumber],
      ),
    ).toBe(1);
    const source = await t.context.db.query<{ source: string; data_segment_id: string }>(
      'select source, data_segment_id from customers where id = $1',
      [created.data._id],
    );
    expect(source.rows[0]).toEqual({ source: 'api', data_segment_id: writer.dataSegmentId });

    // The app's duplicate rule holds: the same registration number again is refused, not stored twice.
    const duplicate = await v1('POST', 'companies', writer.apiKey, {
      payload: company({ registrationNumber: payload.companyInfo.registrationNumber }),
    });
    expect(duplicate.statusCode).toBe(409);
    const invalid = await v1('POST', 'companies', writer.apiKey, { payload: { companyInfo: { legalName: '' } } });
    expect(invalid.statusCode).toBe(422);

    const reader = await issueKey(['customers:read']);
    const read = await v1('GET', `companies/${created.data._id}`, reader.apiKey);
    expect({ status: read.statusCode, body: read.body }).toMatchObject({ status: 200 });
    const detail = body<{ data: Record<string, unknown> }>(read).data;
    expect(detail).toMatchObject({ _id: created.data._id, kycStatus: created.data.kycStatus });
    expect(detail).toHaveProperty('riskLevel');
    expect(detail).toHaveProperty('hits');
    expect(detail).toHaveProperty('registryFlags');
    expect(detail).toHaveProperty('structure');
    const app = await call(t, 'GET', `companies/${created.data._id}`, { token: t.adminToken });
    expect(detail).toEqual(body(app).data);

    // An individual is not a company.
    expect((await v1('GET', `companies/${await registerCustomer()}`, reader.apiKey)).statusCode).toBe(404);
  });

  it('needs customers:write to register and customers:read to read, and never reaches another segment', async () => {
    const reader = await issueKey(['customers:read']);
    const refused = await v1('POST', 'companies', reader.apiKey, { payload: company() });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toBe('This API key does not hold the scope customers:write');
    const writer = await issueKey(['customers:write']);
    const created = body<{ data: { _id: string } }>(await v1('POST', 'companies', writer.apiKey, { payload: company() })).data;
    const notRead = await v1('GET', `companies/${created._id}`, writer.apiKey);
    expect(notRead.statusCode).toBe(403);
    expect(body(notRead).message).toBe('This API key does not hold the scope customers:read');

    const other = await makeDataSegment(t.context.db, 'Other companies segment');
    const otherAdmin = await signedInUser(t, ['manage-application-access'], [other]);
    const otherKey = await issueKey(['customers:read'], otherAdmin.token);
    expect((await v1('GET', `companies/${created._id}`, otherKey.apiKey)).statusCode).toBe(404);
  });
});

describe('POST and GET v1/customers/:id/documents', () => {
  it('stores a PDF encrypted, attaches it to the record with an audit and timeline entry, and serves it back', async () => {
    const customerId = await registerCustomer();
    const key = await issueKey(['documents:write', 'documents:read']);
    const payload = { kind: 'utility', fileName: 'bill.pdf', content: PDF.toString('base64') };
    const uploaded = await v1('POST', `customers/${customerId}/documents`, key.apiKey, { payload, idempotencyKey: 'doc-1' });
    expect({ status: uploaded.statusCode, body: uploaded.body }).toMatchObject({ status: 200 });
    const document = body<{ message: string; data: { _id: string; kind: string; contentType: string; size: number } }>(uploaded);
    expect(document.message).toBe('Document uploaded');
    expect(document.data).toMatchObject({ kind: 'utility', contentType: 'application/pdf', size: PDF.length });

    const stored = await t.context.db.query<{ record: { documentInfo?: { utility?: { fileName: string } } }; version: number }>(
      'select record, version from customers where id = $1',
      [customerId],
    );
    expect(stored.rows[0]?.record.documentInfo?.utility?.fileName).toBe(document.data._id);
    expect(stored.rows[0]?.version).toBe(2);
    expect(await count('select count(*)::int as count from customer_versions where customer_id = $1 and version = 2', [customerId])).toBe(
      1,
    );
    expect(
      await count(`select count(*)::int as count from audit_log where action = 'uploaded_customer_document' and entity_id = $1`, [
        customerId,
      ]),
    ).toBe(1);
    const timeline = await call(t, 'GET', `customers/${customerId}/activity-timeline`, { token: t.adminToken });
    expect(body<{ data: Array<{ title: string }> }>(timeline).data.map((event) => event.title)).toContain('Document uploaded');

    // The same key and body answer the first upload again; another body under it is refused.
    const replay = await v1('POST', `customers/${customerId}/documents`, key.apiKey, { payload, idempotencyKey: 'doc-1' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(body(replay).data).toEqual(document.data);
    const reused = await v1('POST', `customers/${customerId}/documents`, key.apiKey, {
      payload: { ...payload, kind: 'additionalDocument' },
      idempotencyKey: 'doc-1',
    });
    expect(reused.statusCode).toBe(422);
    expect(await count('select count(*)::int as count from files where file_name = $1', [document.data._id])).toBe(1);
    expect(
      await count(`select count(*)::int as count from audit_log where action = 'uploaded_customer_document' and entity_id = $1`, [
        customerId,
      ]),
    ).toBe(1);

    // At rest the file is sealed: its bytes are not on disk as sent.
    const name = document.data._id;
    const sealed = readFileSync(path.join(t.context.config.dataDir, 'files', name.slice(0, 2), name));
    expect(sealed.includes(Buffer.from('%PDF'))).toBe(false);

    const read = await v1('GET', `customers/${customerId}/documents/${document.data._id}`, key.apiKey);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses a file type outside JPEG, PNG and PDF with the spec’s words, and a kind the customer has not', async () => {
    const customerId = await registerCustomer();
    const key = await issueKey(['documents:write']);
    const gif = await v1('POST', `customers/${customerId}/documents`, key.apiKey, {
      payload: { kind: 'utility', fileName: 'bill.gif', content: GIF.toString('base64') },
    });
    expect(gif.statusCode).toBe(415);
    expect(body(gif).message).toBe('File format not supported');
    // A PDF named as a PNG is refused too: the bytes and the extension must agree.
    const renamed = await v1('POST', `customers/${customerId}/documents`, key.apiKey, {
      payload: { kind: 'utility', fileName: 'bill.png', content: PDF.toString('base64') },
    });
    expect(renamed.statusCode).toBe(415);
    const kind = await v1('POST', `customers/${customerId}/documents`, key.apiKey, {
      payload: { kind: 'trade-licence', fileName: 'licence.pdf', content: PDF.toString('base64') },
    });
    expect(kind.statusCode).toBe(422);
    expect(body(kind).errors).toMatchObject({ kind: [expect.stringContaining("An individual's document is one of")] });
    const notBase64 = await v1('POST', `customers/${customerId}/documents`, key.apiKey, {
      payload: { kind: 'utility', fileName: 'bill.pdf', content: 'not base64!' },
    });
    expect(notBase64.statusCode).toBe(422);
    const version = await t.context.db.query<{ version: number }>('select version from customers where id = $1', [customerId]);
    expect(version.rows[0]?.version).toBe(1);
  });

  it("attaches a company's document to companyDocuments", async () => {
    const writer = await issueKey(['customers:write', 'documents:write']);
    const created = body<{ data: { _id: string } }>(await v1('POST', 'companies', writer.apiKey, { payload: company() })).data;
    const uploaded = await v1('POST', `customers/${created._id}/documents`, writer.apiKey, {
      payload: { kind: 'trade-licence', fileName: 'licence.pdf', content: PDF.toString('base64') },
    });
    expect({ status: uploaded.statusCode, body: uploaded.body }).toMatchObject({ status: 200 });
    const stored = await t.context.db.query<{ record: { companyDocuments?: Array<{ kind: string; fileName: string }> } }>(
      'select record from customers where id = $1',
      [created._id],
    );
    expect(stored.rows[0]?.record.companyDocuments).toEqual([
      expect.objectContaining({ kind: 'trade-licence', fileName: body<{ data: { _id: string } }>(uploaded).data._id }),
    ]);
    const individualKind = await v1('POST', `customers/${created._id}/documents`, writer.apiKey, {
      payload: { kind: 'identity', fileName: 'id.pdf', content: PDF.toString('base64') },
    });
    expect(individualKind.statusCode).toBe(422);
  });

  it('needs documents:write to upload and documents:read to download, and never reaches another segment', async () => {
    const customerId = await registerCustomer();
    const payload = { kind: 'utility', fileName: 'bill.pdf', content: PDF.toString('base64') };
    const reader = await issueKey(['documents:read', 'customers:write']);
    const refused = await v1('POST', `customers/${customerId}/documents`, reader.apiKey, { payload });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toBe('This API key does not hold the scope documents:write');
    const writer = await issueKey(['documents:write']);
    const documentId = body<{ data: { _id: string } }>(await v1('POST', `customers/${customerId}/documents`, writer.apiKey, { payload }))
      .data._id;
    const notRead = await v1('GET', `customers/${customerId}/documents/${documentId}`, writer.apiKey);
    expect(notRead.statusCode).toBe(403);
    expect(body(notRead).message).toBe('This API key does not hold the scope documents:read');

    // A stored file that is not on this customer's record is not reachable through it.
    const otherCustomer = await registerCustomer();
    expect((await v1('GET', `customers/${otherCustomer}/documents/${documentId}`, reader.apiKey)).statusCode).toBe(404);
    expect((await v1('GET', `customers/${customerId}/documents/${documentId}`, reader.apiKey)).statusCode).toBe(200);

    const other = await makeDataSegment(t.context.db, 'Other documents segment');
    const otherAdmin = await signedInUser(t, ['manage-application-access'], [other]);
    const otherKey = await issueKey(['documents:read', 'documents:write'], otherAdmin.token);
    expect((await v1('GET', `customers/${customerId}/documents/${documentId}`, otherKey.apiKey)).statusCode).toBe(404);
    expect((await v1('POST', `customers/${customerId}/documents`, otherKey.apiKey, { payload })).statusCode).toBe(404);
  });
});

describe('Idempotency-Key on POST v1/onboarding-links', () => {
  it('sends one link for a key sent twice, and refuses the key with another body', async () => {
    const key = await issueKey(['onboarding-links:write']);
    const payload = { firstName: 'Bilal', lastName: `Qureshi${Date.now()}`, email: 'bilal.qureshi@example.com', channel: 'email' };
    const first = await v1('POST', 'onboarding-links', key.apiKey, { payload, idempotencyKey: 'link-1' });
    expect({ status: first.statusCode, body: first.body }).toMatchObject({ status: 200 });
    const second = await v1('POST', 'onboarding-links', key.apiKey, { payload, idempotencyKey: 'link-1' });
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(body(second).data).toEqual(body(first).data);
    expect(await count('select count(*)::int as count from temp_customers where last_name = $1', [payload.lastName])).toBe(1);
    const reused = await v1('POST', 'onboarding-links', key.apiKey, {
      payload: { ...payload, firstName: 'Other' },
      idempotencyKey: 'link-1',
    });
    expect(reused.statusCode).toBe(422);
    expect(await count('select count(*)::int as count from temp_customers where last_name = $1', [payload.lastName])).toBe(1);
  });

  it('sends the link once when the first request died before its answer was kept, and the retry answers the same link', async () => {
    const key = await issueKey(['onboarding-links:write']);
    const stamp = Date.now();
    const payload = { firstName: 'Hina', lastName: `Baig${stamp}`, email: `hina.baig.${stamp}@example.com`, channel: 'email' };
    const messages = () => count('select count(*)::int as count from outbox where recipient = $1', [payload.email]);
    const before = await messages();
    const first = await v1('POST', 'onboarding-links', key.apiKey, { payload, idempotencyKey: 'link-crash-1' });
    expect({ status: first.statusCode, body: first.body }).toMatchObject({ status: 200 });
    expect(await messages()).toBe(before + 1);
    // As if the process died after sending and before keeping the answer, two minutes ago.
    await t.context.db.query(
      `update api_idempotency_keys set response_status = null, response_body = null, created_at = now() - interval '2 minutes' where idempotency_key = 'link-crash-1'`,
    );
    const retried = await v1('POST', 'onboarding-links', key.apiKey, { payload, idempotencyKey: 'link-crash-1' });
    expect({ status: retried.statusCode, body: retried.body }).toMatchObject({ status: 200 });
    const sent = body<{ data: { _id: string; url: string } }>(first).data;
    const again = body<{ data: { _id: string; url: string } }>(retried).data;
    expect(again._id).toBe(sent._id);
    expect(again.url).toBe(sent.url);
    expect(await count('select count(*)::int as count from temp_customers where last_name = $1', [payload.lastName])).toBe(1);
    expect(await messages()).toBe(before + 1);

    // Another key of the same segment is another request: a new link.
    const other = await v1('POST', 'onboarding-links', key.apiKey, { payload, idempotencyKey: 'link-crash-2' });
    expect(other.statusCode).toBe(200);
    expect(body<{ data: { url: string } }>(other).data.url).not.toBe(sent.url);
    expect(await messages()).toBe(before + 2);
  });
});

/** The API-log entries of calls refused for their key, which belong to no segment. */
async function unattributed(token = t.adminToken): Promise<TApiLog[]> {
  const response = await call(t, 'GET', 'api-logs?perPage=100&status=401', { token });
  expect(response.statusCode).toBe(200);
  return body<{ data: TApiLog[] }>(response).data.filter((entry) => entry.dataSegmentId === null);
}

describe('API logs of calls refused for their key', () => {
  it('logs an unknown, malformed or missing key with no segment and no key, never the secret, to those who see every segment', async () => {
    const unknownKey = `snd_0123456789abcdef.${'A'.repeat(43)}`;
    const before = (await unattributed()).length;
    expect((await v1('GET', 'customers', unknownKey, { remoteAddress: '198.51.100.7' })).statusCode).toBe(401);
    expect((await v1('GET', 'alerts', 'not-a-key', { remoteAddress: '198.51.100.7' })).statusCode).toBe(401);
    expect((await v1('POST', 'companies', null, { remoteAddress: '198.51.100.7', payload: company() })).statusCode).toBe(401);
    const entries = await vi.waitFor(
      async () => {
        const found = await unattributed();
        expect(found.length).toBe(before + 3);
        return found.slice(0, 3);
      },
      { timeout: 5000, interval: 50 },
    );
    expect(entries.map((entry) => [entry.method, entry.endpoint, entry.status, entry.userName])).toEqual([
      ['POST', '/api/v1/companies', 401, 'No API key'],
      ['GET', '/api/v1/alerts', 401, 'Malformed API key'],
      ['GET', '/api/v1/customers', 401, 'Unknown API key snd_0123456789abcdef'],
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ userId: null, keyId: null, dataSegmentId: null, kind: 'api' });
      expect(entry.responseBody).toContain('invalid');
      expect(JSON.stringify(entry)).not.toContain('A'.repeat(43));
    }
    // A user of one segment does not see entries that belong to none.
    const scoped = await signedInUser(t, ['manage-api-logs']);
    expect(await unattributed(scoped.token)).toEqual([]);
  });
});
