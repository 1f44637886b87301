import { describe, expect, it } from 'vitest';
import { BULK_COLUMNS, type TBulkProgress, type TBulkUpload } from '@sanad/contracts/bulk-onboarding';
import type { TCustomerDetail, TCustomerListItem } from '@sanad/contracts/customers';
import { parseCsvRecords } from '@sanad/csv/csv';
import { multipart } from '@sanad/test-support/multipart';
import type { Permission } from '@sanad/contracts/permissions';
import { call, signedInUser } from '../../test-support/admin-helpers';
import { makeDataSegment } from '../../test-support/factories';
import { bearer, body, useTestApp } from '../../test-support/test-app';
import { BULK_UPLOAD_JOB, MAX_ATTEMPTS } from './bulk-upload.service';

// A real job queue: the import runs as it does in a server, through pg-boss and its worker.
const t = useTestApp({ startJobs: true });

const BULK_USER: Permission[] = ['bulk-upload', 'view-customer-profile', 'view-alerts'];
const HEADER = BULK_COLUMNS.map((column) => column.column);

let sequence = 0;
/** A complete row for a person no other row of the test process shares identity facts with. */
function goodRow(change: Record<string, string> = {}): Record<string, string> {
  sequence += 1;
  return {
    reference: `CRM-${sequence}`,
    firstName: 'Bulk',
    lastName: `Person${String.fromCharCode(97 + (sequence % 26))}${sequence}`,
    dateOfBirth: `19${70 + (sequence % 20)}-0${1 + (sequence % 9)}-1${sequence % 10}`,
    nationalityId: 'PK',
    countryOfResidenceId: 'PK',
    idType: 'id',
    idNumber: `42101${String(2_000_000 + sequence)}3`,
    email: `bulk${sequence}@example.com`,
    phoneNumber: `+92301${String(1_000_000 + sequence)}`,
    products: 'savings',
    isFaceToFace: 'yes',
    ...change,
  };
}

const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;

function csvOf(rows: readonly Record<string, string>[], header: readonly string[] = HEADER): string {
  return [header.map(quote).join(','), ...rows.map((row) => header.map((column) => quote(row[column] ?? '')).join(','))].join('\n');
}

async function uploadFile(token: string, name: string, content: Buffer | string) {
  const form = multipart({ type: 'customers' }, { name, body: Buffer.from(content) });
  return t.app.inject({ method: 'POST', url: '/api/files/upload', payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
}

async function startUpload(token: string, name: string, content: Buffer | string): Promise<TBulkUpload> {
  const uploaded = await uploadFile(token, name, content);
  expect({ status: uploaded.statusCode, body: uploaded.body }).toMatchObject({ status: 200 });
  const fileName = body<{ data: { fileName: string } }>(uploaded).data.fileName;
  const started = await call(t, 'POST', 'customers/etl-transform', { token, payload: { fileName } });
  expect({ status: started.statusCode, body: started.body }).toMatchObject({ status: 200 });
  return body<{ data: TBulkUpload }>(started).data;
}

async function progress(token: string, onLoad = false): Promise<TBulkProgress> {
  const response = await call(t, 'GET', 'users/bulkUploadProgress', { token, query: { onLoad: String(onLoad) } });
  expect(response.statusCode).toBe(200);
  return body<TBulkProgress>(response);
}

/** Polls as the page does until the percentage reaches 100 or the status is false. */
async function finished(token: string): Promise<TBulkProgress> {
  await expect
    .poll(
      async () => {
        const current = await progress(token);
        return !current.status || current.percentage >= 100;
      },
      { timeout: 60_000, interval: 250 },
    )
    .toBe(true);
  return progress(token);
}

async function freshUser(permissions: Permission[] = BULK_USER) {
  const segment = await makeDataSegment(t.context.db);
  return { segment, user: await signedInUser(t, permissions, [segment]) };
}

async function customersOf(token: string): Promise<TCustomerListItem[]> {
  const response = await call(t, 'GET', 'customers/', { token, query: { perPage: '100' } });
  expect(response.statusCode).toBe(200);
  return body<{ data: TCustomerListItem[] }>(response).data;
}

/** The customers table's row count as PostgreSQL's statistics last read it (-1: never analysed). */
async function analysedCustomerRows(): Promise<number> {
  const result = await t.context.db.query<{ rows: number }>(`select reltuples::int as rows from pg_class where relname = 'customers'`);
  return result.rows[0]?.rows ?? -1;
}

describe('bulk onboarding', () => {
  it('imports the good rows as customers a journey would make, and lists every refused row with its reason', async () => {
    const { segment, user } = await freshUser();
    // A name on the segment's own list: its row is screened, hit and alerted like a registration.
    const listed = await call(t, 'POST', 'screening-data/sanad-list', {
      token: t.adminToken,
      payload: { name: 'Zarghuna Bulkhit Khan', dateOfBirth: '1979-03-04', nationality: 'PK', reason: 'Fraud', dataSegmentId: segment },
    });
    expect(listed.statusCode).toBe(200);

    const first = goodRow();
    const rows = [
      first,
      goodRow({ lastName: '' }),
      goodRow({ firstName: 'Zarghuna', lastName: 'Bulkhit Khan', dateOfBirth: '1979-03-04' }),
      goodRow({ dateOfBirth: '31-12-1980' }),
      goodRow({ idNumber: first.idNumber ?? '' }),
      goodRow({ isFaceToFace: 'maybe' }),
      goodRow({ email: '=HYPERLINK("http://x")' }),
      goodRow(),
    ];
    const started = await startUpload(user.token, 'customers.csv', csvOf(rows));
    // BU-04: the answer is the queued upload, at once.
    expect(started).toMatchObject({ status: 'queued', originalName: 'customers.csv', dataSegmentId: segment, errorFileName: null });

    const done = await finished(user.token);
    expect(done).toMatchObject({
      status: true,
      percentage: 100,
      data: { status: 'completed', totalRows: 8, processedRows: 8, acceptedRows: 3, refusedRows: 5 },
    });
    expect(done.data?.errorFileName).toMatch(/\.enc$/);
    expect(done.data?.createdAt).toBeTruthy();

    const customers = await customersOf(user.token);
    expect(customers).toHaveLength(3);
    for (const customer of customers) expect(customer.riskLevel).not.toBeNull();
    const hit = customers.find((customer) => customer.lastName === 'Bulkhit Khan');
    expect(hit?.hitTypes).toEqual(['blackList']);
    const detail = body<{ data: TCustomerDetail }>(await call(t, 'GET', `customers/${hit?._id ?? ''}`, { token: user.token })).data;
    expect(detail.alerts).toEqual([expect.objectContaining({ type: 'on boarding' })]);

    const errorFile = await call(t, 'GET', `files/bulk-error/${done.data?.errorFileName ?? ''}`, { token: user.token });
    expect(errorFile.statusCode).toBe(200);
    expect(errorFile.headers['content-type']).toContain('text/csv');
    const refused = parseCsvRecords(errorFile.body);
    expect(refused.map((row) => row.row)).toEqual(['3', '5', '6', '7', '8']);
    expect(refused[0]).toMatchObject({ lastname: '', reason: 'lastName: Last name is required' });
    expect(refused[1]?.reason).toMatch(/^dateOfBirth: Date of birth must be a date \(YYYY-MM-DD\)/);
    expect(refused[2]?.reason).toMatch(/^idNumber: .*already/i);
    expect(refused[2]?.reason).toContain(customers.find((customer) => customer.idNumber === first.idNumber)?.sanadId ?? 'missing');
    expect(refused[3]?.reason).toBe('isFaceToFace: answer yes or no');
    expect(refused[4]?.reason).toBe('email: Enter a valid email address');
    // The row is repeated as uploaded, with a formula neutralised for spreadsheets.
    expect(errorFile.body).toContain(`"'=HYPERLINK(""http://x"")"`);

    const audit = await t.context.db.query<{ action: string }>(
      `select action from audit_log where data_segment_id = $1 and action in ('started_bulk_upload', 'completed_bulk_upload', 'registered_customer') order by action`,
      [segment],
    );
    expect(audit.rows.map((row) => row.action)).toEqual([
      'completed_bulk_upload',
      'registered_customer',
      'registered_customer',
      'registered_customer',
      'started_bulk_upload',
    ]);
  });

  it(
    'has the customers table analysed again during a long import, so its duplicate checks keep their index',
    { timeout: 180_000 },
    async () => {
      const { user } = await freshUser();
      const before = await analysedCustomerRows();
      const rows = Array.from({ length: 1_001 }, () => goodRow());
      await startUpload(user.token, 'many.csv', csvOf(rows));
      await expect.poll(async () => (await progress(user.token)).data?.status, { timeout: 150_000, interval: 500 }).toBe('completed');
      // Planned on statistics read before these rows, each chunk's lookups would read the whole segment.
      expect(await analysedCustomerRows()).toBeGreaterThanOrEqual(Math.max(before, 0) + 1_000);
    },
  );

  it('takes the XLSX template with its example row, and the CSV template is the same columns', async () => {
    const { user } = await freshUser();
    const csv = await call(t, 'GET', 'customers/bulk-template', { token: user.token, query: { format: 'csv' } });
    expect(csv.statusCode).toBe(200);
    const [example] = parseCsvRecords(csv.body);
    expect(Object.keys(example ?? {})).toEqual(HEADER.map((column) => column.toLowerCase()));

    const xlsx = await t.app.inject({ method: 'GET', url: '/api/customers/bulk-template?format=xlsx', headers: bearer(user.token) });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    await startUpload(user.token, 'template.xlsx', xlsx.rawPayload);
    const done = await finished(user.token);
    expect(done).toMatchObject({ status: true, percentage: 100, data: { acceptedRows: 1, refusedRows: 0, errorFileName: null } });
    const [customer] = await customersOf(user.token);
    expect(customer).toMatchObject({ firstName: 'Amina', lastName: 'Rahman', idNumber: '35202-1234567-1', products: ['savings'] });
  });

  it('refuses a second upload while one is in process, in the spec’s words', async () => {
    const { segment, user } = await freshUser();
    // An upload of the segment still running (its job not finished).
    await t.context.db.query(
      `insert into bulk_uploads (data_segment_id, file_name, original_name, status, total_rows, processed_rows) values ($1, 'x.enc', 'running.csv', 'processing', 10, 4)`,
      [segment],
    );
    expect(await progress(user.token, true)).toMatchObject({ status: true, percentage: 40, data: { originalName: 'running.csv' } });

    const uploaded = await uploadFile(user.token, 'second.csv', csvOf([goodRow()]));
    const fileName = body<{ data: { fileName: string } }>(uploaded).data.fileName;
    const second = await call(t, 'POST', 'customers/etl-transform', { token: user.token, payload: { fileName } });
    expect(second.statusCode).toBe(409);
    expect(body<{ message: string }>(second).message).toBe('Bulk Upload is already in process');
    expect((await t.context.db.query(`select 1 from bulk_uploads where data_segment_id = $1`, [segment])).rows).toHaveLength(1);
  });

  it('gives up an upload whose job keeps failing, so the segment can upload again', async () => {
    const { segment, user } = await freshUser();
    const created = await t.context.db.query<{ id: string }>(
      `insert into bulk_uploads (data_segment_id, file_name, original_name, attempts) values ($1, 'gone.enc', 'stuck.csv', $2) returning id`,
      [segment, MAX_ATTEMPTS],
    );
    await t.context.jobs?.send(BULK_UPLOAD_JOB, { uploadId: created.rows[0]?.id });
    await expect.poll(async () => (await progress(user.token)).data?.status, { timeout: 30_000, interval: 250 }).toBe('failed');
    expect((await progress(user.token)).data?.failureReason).toBe(
      'The import stopped after repeated errors; the customers created so far are kept',
    );
    expect(await progress(user.token, true)).toMatchObject({ status: false, data: null });
    await startUpload(user.token, 'next.csv', csvOf([goodRow()]));
    expect(await finished(user.token)).toMatchObject({ status: true, percentage: 100, data: { acceptedRows: 1 } });
  });

  it('reports nothing to follow on load when no upload runs, and refuses a file with unknown columns whole', async () => {
    const { user } = await freshUser();
    expect(await progress(user.token, true)).toMatchObject({ status: false, percentage: 0, data: null });
    await startUpload(user.token, 'odd.csv', csvOf([goodRow()], [...HEADER, 'favouriteColour']));
    const done = await finished(user.token);
    expect(done).toMatchObject({ status: false, data: { status: 'failed', failureReason: expect.stringContaining('favouriteColour') } });
    expect(await customersOf(user.token)).toEqual([]);
    // The segment is free again.
    expect(await progress(user.token, true)).toMatchObject({ status: false });
  });

  it('keeps the error file to the segment and to holders of bulk-upload', async () => {
    const { segment, user } = await freshUser();
    await startUpload(user.token, 'bad.csv', csvOf([goodRow({ firstName: '' })]));
    const errorFileName = (await finished(user.token)).data?.errorFileName ?? '';
    expect(errorFileName).not.toBe('');

    const other = await freshUser();
    expect((await call(t, 'GET', `files/bulk-error/${errorFileName}`, { token: other.user.token })).statusCode).toBe(404);
    expect((await call(t, 'GET', `files/${errorFileName}`, { token: other.user.token })).statusCode).toBe(404);
    const colleague = await signedInUser(t, ['view-customer-profile'], [segment]);
    expect((await call(t, 'GET', `files/bulk-error/${errorFileName}`, { token: colleague.token })).statusCode).toBe(403);
    expect((await call(t, 'GET', `files/${errorFileName}`, { token: colleague.token })).statusCode).toBe(403);
    // Another user's upload in one's own segment is not another tenant's: a segment colleague with bulk-upload reads it.
    const peer = await signedInUser(t, ['bulk-upload'], [segment]);
    expect((await call(t, 'GET', `files/bulk-error/${errorFileName}`, { token: peer.token })).statusCode).toBe(200);
    // Progress and the import read the caller's segment only.
    expect((await progress(other.user.token)).data).toBeNull();
  });

  it('needs bulk-upload for every bulk operation, and for sending a customers file', async () => {
    const { user } = await freshUser(['register-customer', 'view-customer-profile']);
    expect((await call(t, 'GET', 'customers/bulk-template', { token: user.token })).statusCode).toBe(403);
    expect((await call(t, 'GET', 'users/bulkUploadProgress', { token: user.token })).statusCode).toBe(403);
    expect(
      (await call(t, 'POST', 'customers/etl-transform', { token: user.token, payload: { fileName: 'abcdefgh.enc' } })).statusCode,
    ).toBe(403);
    // A registration user's files/upload still takes documents only.
    const refused = await uploadFile(user.token, 'customers.csv', csvOf([goodRow()]));
    expect(refused.statusCode).toBe(415);
    expect(body<{ message: string }>(refused).message).toBe('File format not supported');

    // A bulk user sends sheets, not documents, and only a stored sheet of their segment is imported.
    const bulk = await freshUser(['bulk-upload']);
    const pdf = await uploadFile(bulk.user.token, 'id.pdf', '%PDF-1.4\n%%EOF\n');
    expect(pdf.statusCode).toBe(415);
    expect(body<{ message: string }>(pdf).message).toBe('File format is not allowed');
    const missing = await call(t, 'POST', 'customers/etl-transform', { token: bulk.user.token, payload: { fileName: 'abcdefgh.enc' } });
    expect(missing.statusCode).toBe(422);
    expect(body<{ message: string }>(missing).message).toBe('Upload a CSV or XLSX file of customers first');
  });
});
