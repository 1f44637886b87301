import { describe, expect, it } from 'vitest';
import type { TTimelineEvent } from '@sanad/contracts/customer-profile';
import type { TCustomerVerificationDetail, TCustomerVerificationItem } from '@sanad/contracts/customer-verification';
import type { TCustomerDetail } from '@sanad/contracts/customers';
import { multipart } from '@sanad/test-support/multipart';
import { signedInUser } from '../../test-support/admin-helpers';
import { apiCaller } from '../../test-support/api-session';
import { customerSubmission } from '../../test-support/customer-factories';
import { makeDataSegment } from '../../test-support/factories';
import { bearer, useTestApp } from '../../test-support/test-app';

const t = useTestApp();
const api = () => apiCaller(t, t.adminToken);

let sequence = 0;
async function registered(): Promise<TCustomerDetail> {
  sequence += 1;
  const input = customerSubmission({
    basicInfo: {
      firstName: 'Ayesha',
      lastName: `Siddiqui ${'k'.repeat(sequence)}`,
      dateOfBirth: '1990-03-14',
      nationalityId: 'PK',
      countryOfResidenceId: 'PK',
    },
  });
  const answer = await api()<TCustomerDetail>('POST', 'customers/self-register', input);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const record = (id: string, body: unknown, token = t.adminToken) =>
  api()<TCustomerVerificationDetail>('POST', `customer-verification/${id}/checks`, body, token);
const list = (query = '', token = t.adminToken) =>
  api()<TCustomerVerificationItem[]>('GET', `customer-verification/${query}`, undefined, token);

async function count(table: string, where: string, params: unknown[]): Promise<number> {
  const result = await t.context.db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, params);
  return result.rows[0]?.n ?? 0;
}

function uploadEvidence(token: string) {
  const form = multipart({ type: 'verification' }, { name: 'verisys.pdf', body: Buffer.from('%PDF-1.7\n%%EOF\n') });
  return t.app.inject({ method: 'POST', url: '/api/files/', payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
}

describe('customer verification: the list', () => {
  it('lists a new customer with both checks pending, on the record and in the list (PR-12)', async () => {
    const customer = await registered();
    expect(customer.record.customerVerificationStatus).toEqual({ nadra: 'pending', criminalRecord: 'pending' });
    const answer = await list(`?keyword=${encodeURIComponent(customer.sanadId)}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(1);
    expect(answer.body.data[0]).toMatchObject({
      _id: customer._id,
      sanadId: customer.sanadId,
      nadra: { status: 'pending', checkedAt: null, checkedBy: null },
      criminalRecord: { status: 'pending', checkedAt: null, checkedBy: null },
    });
  });

  it("takes dataSegmentId 'none' as the current segment, and refuses a segment the caller cannot see (PR-13)", async () => {
    const customer = await registered();
    const keyword = `&keyword=${encodeURIComponent(customer.sanadId)}`;
    const none = await list(`?dataSegmentId=none${keyword}`);
    expect(none.status).toBe(200);
    expect(none.body.data.map((row) => row._id)).toEqual([customer._id]);
    const current = await list(`?dataSegmentId=${t.adminSegmentId}${keyword}`);
    expect(current.body.data.map((row) => row._id)).toEqual([customer._id]);
    const other = await makeDataSegment(t.context.db);
    const viewer = await signedInUser(t, ['view-customer-verification']);
    expect((await list(`?dataSegmentId=${other}`, viewer.token)).status).toBe(403);
  });

  it('filters by each check status and pages the result', async () => {
    const first = await registered();
    const second = await registered();
    expect((await record(first._id, { check: 'nadra', status: 'verified', note: 'Verisys match', reference: 'VS-1001' })).status).toBe(200);
    const verified = await list('?nadra=verified&perPage=100');
    expect(verified.body.data.map((row) => row._id)).toContain(first._id);
    expect(verified.body.data.map((row) => row._id)).not.toContain(second._id);
    const pending = await list('?nadra=pending&criminalRecord=pending&perPage=100');
    expect(pending.body.data.map((row) => row._id)).toContain(second._id);
    expect(pending.body.data.map((row) => row._id)).not.toContain(first._id);
    const page = await list('?perPage=10&startAt=1');
    expect(page.body.pagination).toMatchObject({ current: 1, perPage: 10 });
    expect(page.body.pagination?.total).toBeGreaterThanOrEqual(2);
  });

  it('refuses an unknown status filter or sort with a clear message', async () => {
    const bad = await list('?nadra=maybe');
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.errors)).toContain('status must be pending, verified, failed or not-required');
    const sort = await list('?sortBy=password');
    expect(sort.status).toBe(422);
  });

  it('needs view-customer-verification to list or open, and keeps other segments out', async () => {
    const customer = await registered();
    const profileViewer = await signedInUser(t, ['view-customer-profile']);
    expect((await list('', profileViewer.token)).status).toBe(403);
    expect((await api()('GET', `customer-verification/${customer._id}`, undefined, profileViewer.token)).status).toBe(403);
    const other = await makeDataSegment(t.context.db);
    const outsider = await signedInUser(t, ['view-customer-verification', 'manage-customer-verification'], [other]);
    expect((await api()('GET', `customer-verification/${customer._id}`, undefined, outsider.token)).status).toBe(404);
    const outsiderList = await list('?perPage=100', outsider.token);
    expect(outsiderList.status).toBe(200);
    expect(outsiderList.body.data.map((row) => row._id)).not.toContain(customer._id);
    expect((await record(customer._id, { check: 'nadra', status: 'verified', note: 'x', reference: 'y' }, outsider.token)).status).toBe(
      404,
    );
  });
});

describe('customer verification: recording an outcome', () => {
  it('records a verified NADRA check with its evidence in one change: record, history, timeline and audit', async () => {
    const customer = await registered();
    const officer = await signedInUser(t, ['view-customer-verification', 'manage-customer-verification']);
    const uploaded = await uploadEvidence(officer.token);
    expect(uploaded.statusCode).toBe(200);
    const fileName = uploaded.json<{ data: { fileName: string } }>().data.fileName;
    const answer = await record(
      customer._id,
      {
        check: 'nadra',
        status: 'verified',
        note: 'Verisys photo and details match',
        reference: 'VS-2026-0042',
        evidenceFileName: fileName,
      },
      officer.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Verification outcome recorded successfully');
    expect(answer.body.data.nadra).toMatchObject({ status: 'verified', checkedBy: expect.any(String) });
    expect(answer.body.data.nadra.checkedAt).not.toBeNull();
    expect(answer.body.data.criminalRecord.status).toBe('pending');
    expect(answer.body.data.history).toEqual([
      expect.objectContaining({
        check: 'nadra',
        status: 'verified',
        previousStatus: 'pending',
        note: 'Verisys photo and details match',
        reference: 'VS-2026-0042',
        evidence: { fileName, originalFileName: 'verisys.pdf' },
        source: 'manual',
      }),
    ]);
    const detail = (await api()<TCustomerDetail>('GET', `customers/${customer._id}`)).body.data;
    expect(detail.record.customerVerificationStatus).toEqual({ nadra: 'verified', criminalRecord: 'pending' });
    // The record keeps its version: verification is not an edit of what staff entered.
    expect(detail.version).toBe(customer.version);
    const timeline = await api()<TTimelineEvent[]>('GET', `customers/${customer._id}/activity-timeline`);
    expect(timeline.body.data[0]).toMatchObject({
      action: 'recorded_customer_verification',
      title: 'Verification check recorded',
      summary: 'NADRA check recorded as Verified (reference VS-2026-0042): Verisys photo and details match',
    });
    expect(await count('audit_log', "entity_id = $1 and action = 'recorded_customer_verification'", [customer._id])).toBe(1);
    // The evidence is read by holders of view-customer-verification only.
    const profileViewer = await signedInUser(t, ['view-customer-profile']);
    expect((await api()('GET', `files/${fileName}`, undefined, profileViewer.token)).status).toBe(403);
    expect((await api()('GET', `files/${fileName}`, undefined, officer.token)).status).toBe(200);
  });

  it('raises a triggered alert when a check fails and none is open', async () => {
    const customer = await registered();
    // A customer without hits and of low risk has no open alert after registration.
    expect(await count('alerts', "customer_id = $1 and state = 'open'", [customer._id])).toBe(0);
    const answer = await record(customer._id, {
      check: 'criminalRecord',
      status: 'failed',
      note: 'Conviction on record (2019)',
      reference: 'PCC-7781',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.criminalRecord.status).toBe('failed');
    const alerts = await t.context.db.query<{ type: string; reason: string }>(
      "select type, reason from alerts where customer_id = $1 and state = 'open'",
      [customer._id],
    );
    expect(alerts.rows).toEqual([{ type: 'triggered', reason: 'Criminal record check failed: Conviction on record (2019)' }]);
    // A second failure does not pile up alerts while one is open.
    await record(customer._id, { check: 'nadra', status: 'failed', note: 'No match', reference: 'VS-9' });
    expect(await count('alerts', "customer_id = $1 and state = 'open'", [customer._id])).toBe(1);
  });

  it('takes not-required without a reference, and keeps every outcome in the history', async () => {
    const customer = await registered();
    expect((await record(customer._id, { check: 'nadra', status: 'not-required', note: 'Foreign national, no CNIC' })).status).toBe(200);
    const again = await record(customer._id, { check: 'nadra', status: 'verified', note: 'NICOP verified', reference: 'VS-3' });
    expect(again.body.data.history.map((row) => [row.status, row.previousStatus])).toEqual([
      ['verified', 'not-required'],
      ['not-required', 'pending'],
    ]);
  });

  it('answers bad input with the field and its message, never a 500', async () => {
    const customer = await registered();
    const cases: Array<[unknown, string, string]> = [
      [{ check: 'nadra', status: 'verified', note: '', reference: 'R' }, 'note', 'Note is required'],
      [{ check: 'nadra', status: 'failed', note: 'Mismatch' }, 'reference', 'Reference is required'],
      [{ check: 'passport', status: 'verified', note: 'n', reference: 'r' }, 'check', 'check must be nadra or criminalRecord'],
      [{ check: 'nadra', status: 'pending', note: 'n', reference: 'r' }, 'status', 'status must be verified, failed or not-required'],
      [
        { check: 'nadra', status: 'verified', note: 'n', reference: 'r', evidenceFileName: 'missing.enc' },
        'evidenceFileName',
        'Upload the evidence file first',
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await record(customer._id, body);
      expect([400, 422]).toContain(answer.status);
      expect(answer.body.errors?.[field]?.[0]).toBe(message);
    }
    expect(await count('customer_verification_checks', 'customer_id = $1', [customer._id])).toBe(0);
    expect((await record('not-a-uuid', { check: 'nadra', status: 'verified', note: 'n', reference: 'r' })).status).toBe(404);
  });

  it('needs manage-customer-verification to record', async () => {
    const customer = await registered();
    const viewer = await signedInUser(t, ['view-customer-verification']);
    const answer = await record(customer._id, { check: 'nadra', status: 'verified', note: 'n', reference: 'r' }, viewer.token);
    expect(answer.status).toBe(403);
    expect(await count('customer_verification_checks', 'customer_id = $1', [customer._id])).toBe(0);
  });
});
