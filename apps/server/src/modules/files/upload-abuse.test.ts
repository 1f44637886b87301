import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES, UPLOAD_PERMISSIONS, UPLOAD_POLICIES, type UploadType } from '@sanad/contracts/files';
import { MESSAGES } from '@sanad/contracts/messages';
import type { Permission } from '@sanad/contracts/permissions';
import { multipart, streamedMultipart } from '@sanad/test-support/multipart';
import { makePng } from '@sanad/test-support/sample-files';
import { bearer, body, useTestApp } from '../../test-support/test-app';
import { makeDataSegment } from '../../test-support/factories';
import { call, signedInUser } from '../../test-support/admin-helpers';

/**
 * What a signed-in user could do with the upload endpoint before it streamed, checked permissions
 * per type and kept quotas: send 200 MB screening lists with any role, four at a time.
 */
const t = useTestApp();

const MEGABYTE = 1024 * 1024;
const CSV_HEAD = Buffer.from('name,country\n');
const CSV_LINE = Buffer.from('Person,PK\n');

/** A small file each upload type accepts. */
const SAMPLES: Record<UploadType, { name: string; body: Buffer }> = {
  customers: { name: 'id.pdf', body: Buffer.from('%PDF-1.7\n%%EOF\n') },
  documents: { name: 'statement.pdf', body: Buffer.from('%PDF-1.7\n%%EOF\n') },
  video: {
    name: 'selfie.webm',
    body: Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('....webm....'), Buffer.alloc(64)]),
  },
  bulk: { name: 'customers.csv', body: Buffer.from('firstName,lastName\nAmina,Rahman\n') },
  'screening-list': { name: 'list.csv', body: Buffer.from('name,country\nPerson,PK\n') },
  verification: { name: 'verisys.pdf', body: Buffer.from('%PDF-1.7\n%%EOF\n') },
  logo: { name: 'logo.png', body: makePng() },
};

function upload(token: string, fields: Record<string, string>, file: { name: string; body: Buffer }) {
  const form = multipart(fields, file);
  return t.app.inject({ method: 'POST', url: '/api/files/', payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
}

const fileCount = async () =>
  Number((await t.context.db.query<{ count: number }>('select count(*)::int as count from files')).rows[0]?.count);

/** Samples rss and heap while `work` runs; answers the largest growth over the starting figures. */
async function peakGrowth(work: () => Promise<unknown>): Promise<{ rss: number; heap: number }> {
  global.gc?.();
  const start = process.memoryUsage();
  let peak = { rss: 0, heap: 0 };
  const sample = () => {
    const now = process.memoryUsage();
    peak = {
      rss: Math.max(peak.rss, now.rss - start.rss),
      // external includes the memory of every Buffer.
      heap: Math.max(peak.heap, now.heapUsed + now.external - (start.heapUsed + start.external)),
    };
  };
  const timer = setInterval(sample, 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
    sample();
  }
  return peak;
}

describe('who may upload what', () => {
  const cases: Array<[UploadType, Permission, Permission]> = [
    ['screening-list', 'screening-list', 'view-screening-data'],
    ['screening-list', 'upload-delta-list', 'register-customer'],
    ['bulk', 'bulk-upload', 'register-customer'],
    // A holder of bulk-upload may send type customers too, but only a customers sheet (bulk-upload.test.ts).
    ['customers', 'register-customer', 'screening-list'],
    ['documents', 'register-company', 'upload-delta-list'],
    ['video', 'edit-profile', 'screening-list'],
    ['logo', 'labeling', 'register-customer'],
  ];

  it.each(cases)('takes a %s file from a holder of %s and refuses a holder of only %s', async (type, allowed, other) => {
    expect(UPLOAD_POLICIES[type].permissions).toContain(allowed);
    const before = await fileCount();
    const outsider = await signedInUser(t, [other]);
    const refused = await upload(outsider.token, { type }, SAMPLES[type]);
    expect(refused.statusCode).toBe(403);
    // A permission that uploads nothing is refused by the endpoint; one that uploads another type, by the type.
    expect(body<{ message: string }>(refused).message).toBe(
      UPLOAD_PERMISSIONS.includes(other) ? FILE_MESSAGES.typeNotAllowed : MESSAGES.forbidden,
    );
    expect(await fileCount()).toBe(before);
    const holder = await signedInUser(t, [allowed]);
    const accepted = await upload(holder.token, { type }, SAMPLES[type]);
    expect({ status: accepted.statusCode, body: accepted.body }).toMatchObject({ status: 200 });
  });

  it('refuses the read-only Analyst role a screening list (the attack: any role could send 200 MB)', async () => {
    const analyst = await signedInUser(t, ['view-screening-data', 'view-customer-profile', 'view-alerts']);
    const refused = await upload(analyst.token, { type: 'screening-list' }, SAMPLES['screening-list']);
    expect(refused.statusCode).toBe(403);
  });

  it('needs the type before the file, so the file is checked against it as it arrives', async () => {
    const holder = await signedInUser(t, ['screening-list']);
    const boundary = '----sanadorder';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="list.csv"\r\n\r\nname,country\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nscreening-list\r\n--${boundary}--\r\n`,
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/files/',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(holder.token) },
    });
    expect(response.statusCode).toBe(422);
    expect(body(response)).toMatchObject({ errors: { type: [FILE_MESSAGES.fieldsFirst] } });
  });
});

describe('size limits while streaming', () => {
  it('stops reading an upload at its limit and refuses it, storing nothing', async () => {
    const before = await fileCount();
    const form = streamedMultipart(
      { type: 'customers' },
      { name: 'big.pdf', head: Buffer.from('%PDF-1.7\n'), filler: Buffer.from(' '), size: 60 * MEGABYTE },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/files/',
      payload: form.stream,
      headers: { ...form.headers, ...bearer(t.adminToken) },
    });
    expect(response.statusCode).toBe(413);
    expect(body(response)).toMatchObject({
      message: 'File size must be less than 10 MB',
      errors: { file: ['File size must be less than 10 MB'] },
    });
    // Read up to the 10 MB limit and a little past it, never the other 50 MB.
    expect(form.fileBytesRead()).toBeLessThan(12 * MEGABYTE);
    expect(await fileCount()).toBe(before);
  });

  it('keeps memory bounded while four 50 MB screening lists stream in at once', { timeout: 240_000 }, async () => {
    const size = 50 * MEGABYTE;
    const forms = Array.from({ length: 4 }, () =>
      streamedMultipart({ type: 'screening-list' }, { name: 'list.csv', head: CSV_HEAD, filler: CSV_LINE, size }),
    );
    const responses: Array<{ statusCode: number; body: string }> = [];
    const growth = await peakGrowth(async () => {
      responses.push(
        ...(await Promise.all(
          forms.map((form) =>
            t.app.inject({
              method: 'POST',
              url: '/api/files/',
              payload: form.stream,
              headers: { ...form.headers, ...bearer(t.adminToken) },
            }),
          ),
        )),
      );
    });
    for (const response of responses) expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
    for (const response of responses) expect(body<{ data: { size: number } }>(response as never).data.size).toBe(size);
    // 200 MB went through; buffering them (as before) grew the process by more than that. Streamed,
    // growth stays near 40 MB; half the total leaves room for a collector slowed by a busy machine.
    expect(growth.rss).toBeLessThan(100 * MEGABYTE);
    expect(growth.heap).toBeLessThan(100 * MEGABYTE);
    // And what was stored reads back whole.
    const { fileName } = body<{ data: { fileName: string } }>(responses[0] as never).data;
    const read = await t.context.vault.read(fileName);
    expect(read?.body.length).toBe(size);
    expect(read?.body.subarray(0, CSV_HEAD.length).equals(CSV_HEAD)).toBe(true);
  });
});

async function segmentWithQuota(quotaMb: number): Promise<{ segmentId: string; token: string }> {
  const segmentId = await makeDataSegment(t.context.db);
  const row = await call(t, 'GET', 'access-control/data-segments/', { token: t.adminToken, query: { keyword: '', perPage: '500' } });
  expect(row.statusCode).toBe(200);
  const current = body<{ data: Array<{ _id: string; companyName: string }> }>(row).data.find((segment) => segment._id === segmentId);
  const updated = await call(t, 'PUT', `access-control/data-segments/${segmentId}`, {
    token: t.adminToken,
    payload: { companyName: current?.companyName ?? 'Client', storageQuotaMb: quotaMb },
  });
  expect(updated.statusCode).toBe(200);
  const user = await signedInUser(t, ['screening-list'], [segmentId]);
  return { segmentId, token: user.token };
}

const csvOf = (bytes: number) => ({ name: 'list.csv', body: Buffer.concat([CSV_HEAD, Buffer.alloc(bytes - CSV_HEAD.length, 0x61)]) });

describe('storage quota per data segment', () => {
  it('refuses an upload that would take the segment past its quota, with a clear 413', async () => {
    const { segmentId, token } = await segmentWithQuota(1);
    expect((await upload(token, { type: 'screening-list', dataSegmentId: segmentId }, csvOf(600 * 1024))).statusCode).toBe(200);
    const before = await fileCount();
    const refused = await upload(token, { type: 'screening-list', dataSegmentId: segmentId }, csvOf(600 * 1024));
    expect(refused.statusCode).toBe(413);
    expect(body(refused)).toMatchObject({ message: FILE_MESSAGES.quotaExceeded(1), errors: { file: [FILE_MESSAGES.quotaExceeded(1)] } });
    expect(await fileCount()).toBe(before);
    const segment = body<{ data: Array<{ _id: string; storageUsedBytes: number }> }>(
      await call(t, 'GET', 'access-control/data-segments/', { token: t.adminToken, query: { perPage: '500' } }),
    ).data.find((row) => row._id === segmentId);
    expect(segment?.storageUsedBytes).toBe(600 * 1024);
  });

  it('lets only as many concurrent uploads through as the quota holds', async () => {
    const { segmentId, token } = await segmentWithQuota(1);
    const responses = await Promise.all(
      Array.from({ length: 3 }, () => upload(token, { type: 'screening-list', dataSegmentId: segmentId }, csvOf(400 * 1024))),
    );
    expect(responses.map((response) => response.statusCode).toSorted()).toEqual([200, 200, 413]);
  });

  it('refuses a full segment before reading the file', async () => {
    const { segmentId, token } = await segmentWithQuota(0);
    const form = streamedMultipart(
      { type: 'screening-list', dataSegmentId: segmentId },
      { name: 'list.csv', head: CSV_HEAD, filler: CSV_LINE, size: 20 * MEGABYTE },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/files/',
      payload: form.stream,
      headers: { ...form.headers, ...bearer(token) },
    });
    expect(response.statusCode).toBe(413);
    expect(form.fileBytesRead()).toBeLessThan(MEGABYTE);
  });
});
