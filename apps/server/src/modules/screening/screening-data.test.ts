import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '@sanad/screening/importers/fixture-paths';
import { createListImportService, type ListImportService } from '../src/modules/screening/list-import.service';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, body, createTestApp, type TestApp } from '../src/test-support/test-app';
import { STAFF_PASSWORD, makeDataSegment, makeUser } from '../src/test-support/factories';
import { multipart } from '@sanad/test-support/multipart';

let t: TestApp;
let token: string;
let imports: ListImportService;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  // The job queue is not running in API tests; the job's own code is called directly.
  imports = createListImportService({ db: t.context.db, vault: t.context.vault, jobs: null, onListsChanged: () => undefined });
});
afterAll(async () => {
  await t.close();
});

async function uploadList(name: string, content: Buffer | string, auth = token): Promise<string> {
  const form = multipart({ type: 'screening-list' }, { name, body: Buffer.from(content) });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/files/',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(auth) },
  });
  expect(response.statusCode).toBe(200);
  return body<{ data: { fileName: string } }>(response).data.fileName;
}

async function runImport(url: string, payload: Record<string, unknown>, auth = token) {
  const response = await t.app.inject({ method: 'POST', url, payload, headers: bearer(auth) });
  expect(response.statusCode).toBe(200);
  const { _id } = body<{ data: { _id: string } }>(response).data;
  await imports.processImport(_id);
  return body<{ data: Record<string, unknown> }>(
    await t.app.inject({ method: 'GET', url: `/api/screening-data/imports/${_id}`, headers: bearer(auth) }),
  ).data;
}

const fixture = (...parts: string[]) => readFileSync(path.join(FIXTURES_DIR, ...parts));

async function sanadList(query = '') {
  return body<{ data: Array<Record<string, unknown>>; pagination: { total: number } }>(
    await t.app.inject({ method: 'GET', url: `/api/screening-data/sanad-list${query}`, headers: bearer(token) }),
  );
}

describe('starter bundle', () => {
  it('loads the shipped public lists once, as shared lists every segment screens against', async () => {
    expect(await imports.loadStarterLists()).toBe(4);
    const response = await t.app.inject({ method: 'GET', url: '/api/screening/lists', headers: bearer(token) });
    const lists = body<{
      data: Array<{ key: string; isShared: boolean; isActive: boolean; entityCount: number; versionNo: number; asOf: string }>;
    }>(response).data;
    expect(lists.map((list) => list.key).toSorted()).toEqual(['bis-dpl', 'ofac-cons', 'ofac-sdn', 'un']);
    const un = lists.find((list) => list.key === 'un');
    expect(un).toMatchObject({ isShared: true, isActive: true, versionNo: 1, asOf: '2026-02-27' });
    expect(un?.entityCount).toBeGreaterThan(900);
    expect(await imports.loadStarterLists()).toBe(0);
  });

  it('lets a segment switch a shared list off for itself only', async () => {
    const lists = body<{ data: Array<{ _id: string; key: string }> }>(
      await t.app.inject({ method: 'GET', url: '/api/screening/lists', headers: bearer(token) }),
    ).data;
    const bis = lists.find((list) => list.key === 'bis-dpl');
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/screening/lists/${bis?._id}`,
      payload: { isActive: false },
      headers: bearer(token),
    });
    expect(body(response)).toEqual({ status: true, message: 'List deactivated successfully' });
    const after = body<{ data: Array<{ key: string; isActive: boolean }> }>(
      await t.app.inject({ method: 'GET', url: '/api/screening/lists', headers: bearer(token) }),
    ).data;
    expect(after.find((list) => list.key === 'bis-dpl')?.isActive).toBe(false);
    const other = await makeDataSegment(t.context.db);
    const otherUser = await makeUser(t.context.db, { permissions: ['screening-list'], dataSegmentId: other });
    const otherToken = await t.login(otherUser.email, STAFF_PASSWORD);
    const theirs = body<{ data: Array<{ key: string; isActive: boolean }> }>(
      await t.app.inject({ method: 'GET', url: '/api/screening/lists', headers: bearer(otherToken) }),
    ).data;
    expect(theirs.find((list) => list.key === 'bis-dpl')?.isActive).toBe(true);
  });
});

describe("the segment's own list", () => {
  it('adds, edits, archives and activates entries, each change a new version of sanad-list', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/screening-data/sanad-list',
      payload: {
        name: 'Tariq Mehmood',
        aliases: ['T. Mehmood'],
        dateOfBirth: '1979-02-11',
        nationality: 'PK',
        fatherName: 'Mehmood Akhtar',
        reason: 'Cheque fraud',
      },
      headers: bearer(token),
    });
    expect(created.statusCode).toBe(200);
    const entry = body<{ data: { _id: string; entityId: string; name: string; status: string } }>(created).data;
    expect(entry).toMatchObject({ name: 'Tariq Mehmood', status: 'active' });
    expect(entry.entityId).toMatch(/^SL-[A-Z2-9]{8}$/);

    const archived = await t.app.inject({
      method: 'PUT',
      url: `/api/screening-data/sanad-list/${entry._id}`,
      payload: { name: 'Tariq Mehmood', status: 'archived' },
      headers: bearer(token),
    });
    expect(body<{ data: { status: string } }>(archived).data.status).toBe('archived');

    const lists = body<{ data: Array<{ _id: string; key: string; isShared: boolean; entityCount: number }> }>(
      await t.app.inject({ method: 'GET', url: '/api/screening/lists', headers: bearer(token) }),
    ).data;
    const own = lists.find((list) => list.key === 'sanad-list');
    expect(own).toMatchObject({ isShared: false, entityCount: 0 });
    const versions = body<{ data: Array<{ versionNo: number; added: number; removed: number }> }>(
      await t.app.inject({ method: 'GET', url: `/api/screening/lists/${own?._id}/versions`, headers: bearer(token) }),
    ).data;
    expect(versions.map((version) => [version.versionNo, version.added, version.removed])).toEqual([
      [2, 0, 1],
      [1, 1, 0],
    ]);
  });

  it('names the field of a bad entry', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/screening-data/sanad-list',
      payload: { name: '', dateOfBirth: '11/02/1979' },
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(422);
    expect(body(response)).toMatchObject({
      errors: { name: ['Name is required'], dateOfBirth: ['Use the date format YYYY-MM-DD, YYYY-MM or YYYY'] },
    });
  });

  it("cannot edit another segment's entry", async () => {
    const other = await makeDataSegment(t.context.db);
    const outsider = await makeUser(t.context.db, { permissions: ['view-screening-data'], dataSegmentId: other });
    const outsiderToken = await t.login(outsider.email, STAFF_PASSWORD);
    const mine = (await sanadList()).data[0];
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/screening-data/sanad-list/${String(mine?._id)}`,
      payload: { name: 'Changed' },
      headers: bearer(outsiderToken),
    });
    expect(response.statusCode).toBe(404);
  });

  it('imports a full list file in our format, then a delta list', async () => {
    const full = await runImport('/api/screening-data/import/', {
      fileName: await uploadList('black-list.csv', fixture('sanad-list', 'black-list.csv')),
      format: 'csv',
    });
    expect(full).toMatchObject({ status: 'completed', percentage: 100, listKey: 'sanad-list' });
    const afterFull = await sanadList('?status=active');
    expect(afterFull.data.map((row) => row.entityId).toSorted()).toEqual(['BL-001', 'BL-002', 'BL-003']);

    const delta = await runImport('/api/screening-data/importDelta/', {
      fileName: await uploadList('delta.csv', fixture('sanad-list', 'delta.csv')),
      format: 'csv',
    });
    expect(delta).toMatchObject({ status: 'completed' });
    const afterDelta = await sanadList('?status=active');
    expect(afterDelta.data.map((row) => row.entityId).toSorted()).toEqual(['BL-001', 'BL-002', 'BL-004']);
    expect(afterDelta.data.find((row) => row.entityId === 'BL-002')?.name).toBe('Quick Cash Exchange LLC');
  });

  it('refuses a malformed file with its row and reason, changing nothing', async () => {
    const before = await sanadList();
    const bad = 'id,name,dob\nBL-100,Good Row,1980\nBL-101,,1981\n';
    const result = await runImport('/api/screening-data/import/', { fileName: await uploadList('bad.csv', bad), format: 'csv' });
    expect(result).toMatchObject({ status: 'failed', errorRow: 3 });
    expect(String(result.errorReason)).toMatch(/name/i);
    const after = await sanadList();
    expect(after.pagination.total).toBe(before.pagination.total);
  });

  it("refuses a second import while one is in progress with the spec's message", async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/screening-data/import/',
      payload: { fileName: await uploadList('a.csv', fixture('sanad-list', 'black-list.csv')) },
      headers: bearer(token),
    });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/screening-data/import/',
      payload: { fileName: await uploadList('b.csv', fixture('sanad-list', 'black-list.csv')) },
      headers: bearer(token),
    });
    expect(body(second)).toMatchObject({ status: false, message: 'Bulk Upload is already in process' });
    await imports.processImport(body<{ data: { _id: string } }>(first).data._id);
  });
});

describe('vendor reference lists', () => {
  it('shows the categories a World-Check import brings on the screening-data pages', async () => {
    const result = await runImport('/api/screening-data/import/', {
      fileName: await uploadList('premium.csv', fixture('worldcheck', 'premium.tsv')),
      format: 'worldcheck',
    });
    expect(result).toMatchObject({ status: 'completed', listKey: 'worldcheck' });
    const response = await t.app.inject({ method: 'GET', url: '/api/screening-data/references/category', headers: bearer(token) });
    const page = body<{ data: Array<{ code: string; name: string; source: string }>; pagination: { total: number } }>(response);
    expect(page.pagination.total).toBeGreaterThan(0);
    expect(page.data[0]?.source).toBe('Refinitiv World-Check');
  });
});
