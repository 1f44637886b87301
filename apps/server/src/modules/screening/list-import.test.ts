import { describe, expect, it } from 'vitest';
import type { TListImport } from '@sanad/contracts/screening';
import type { Queryable } from '../../platform/db/database';
import type { JobQueue, SendOptions } from '../../platform/jobs/job-queue';
import { body, useTestApp } from '../../test-support/test-app';
import { makeDataSegment } from '../../test-support/factories';
import { call, signedInUser } from '../../test-support/admin-helpers';
import { fixture, importJobRunner, ownList, runImport, uploadList } from '../../test-support/screening-helpers';
import { markImportProgress } from './list-import.repository';
import { LIST_IMPORT_JOB } from './list-import.service';

/** A job queue that runs nothing and remembers what was sent, and whether the sender's transaction already held the import. */
function recordingQueue() {
  const sent: Array<{ name: string; data: unknown; importInTransaction: boolean | null }> = [];
  const queue: JobQueue = {
    async define() {},
    async send(name: string, data: object, options: SendOptions = {}) {
      const importId = (data as { importId?: string }).importId;
      const importInTransaction = importId && options.tx ? await holdsImport(options.tx, importId) : null;
      sent.push({ name, data, importInTransaction });
      return 'job-id';
    },
    async schedule() {},
    async stop() {},
  };
  return { queue, sent };
}

async function holdsImport(tx: Queryable, importId: string): Promise<boolean> {
  return (await tx.query('select 1 from list_imports where id = $1', [importId])).rows.length === 1;
}

const queue = recordingQueue();
const t = useTestApp({ jobs: queue.queue });

/** A data segment with a user who manages its lists, so each test starts from an empty own list. */
async function freshSegment() {
  const segment = await makeDataSegment(t.context.db);
  return { segment, user: await signedInUser(t, ['screening-list', 'upload-delta-list', 'view-screening-data'], [segment]) };
}

async function request(token: string, fileName: string): Promise<TListImport> {
  const response = await call(t, 'POST', 'screening-data/import/', { token, payload: { fileName } });
  expect(response.statusCode).toBe(200);
  return body<{ data: TListImport }>(response).data;
}

async function versionCount(segment: string): Promise<number> {
  const result = await t.context.db.query<{ count: number }>(
    `select count(*)::int as count from list_versions v join watch_lists l on l.id = v.list_id where l.key = 'sanad-list' and l.data_segment_id = $1`,
    [segment],
  );
  return result.rows[0]?.count ?? 0;
}

describe('importing the firm’s own list', () => {
  it('imports a full list file in our format, then a delta list', async () => {
    const { user } = await freshSegment();
    const full = await runImport(t, importJobRunner(t), user.token, 'full', {
      name: 'black-list.csv',
      content: fixture('sanad-list', 'black-list.csv'),
    });
    expect(full).toMatchObject({ status: 'completed', percentage: 100, listKey: 'sanad-list', versionNo: 1 });
    expect((await ownList(t, user.token, { status: 'active' })).map((row) => row.entityId).toSorted()).toEqual([
      'BL-001',
      'BL-002',
      'BL-003',
    ]);

    const delta = await runImport(t, importJobRunner(t), user.token, 'delta', {
      name: 'delta.csv',
      content: fixture('sanad-list', 'delta.csv'),
    });
    expect(delta).toMatchObject({ status: 'completed', versionNo: 2 });
    const after = await ownList(t, user.token, { status: 'active' });
    expect(after.map((row) => row.entityId).toSorted()).toEqual(['BL-001', 'BL-002', 'BL-004']);
  });

  it('changes only the fields a delta change row fills in: an organisation stays an organisation with its hit type', async () => {
    const { user } = await freshSegment();
    await runImport(t, importJobRunner(t), user.token, 'full', {
      name: 'black-list.csv',
      content: fixture('sanad-list', 'black-list.csv'),
    });
    const before = (await ownList(t, user.token)).find((row) => row.entityId === 'BL-002');
    expect(before).toMatchObject({ type: 'organisation', hitType: 'enforcement', name: 'Quick Cash Exchange' });

    await runImport(t, importJobRunner(t), user.token, 'delta', { name: 'delta.csv', content: fixture('sanad-list', 'delta.csv') });
    const after = (await ownList(t, user.token)).find((row) => row.entityId === 'BL-002');
    expect(after).toEqual({ ...before, name: 'Quick Cash Exchange LLC', title: 'Quick Cash Exchange LLC', updatedAt: expect.any(String) });
  });

  it('refuses a delta that changes an entry the list lacks, with its row and reason, changing nothing', async () => {
    const { segment, user } = await freshSegment();
    await runImport(t, importJobRunner(t), user.token, 'full', {
      name: 'black-list.csv',
      content: fixture('sanad-list', 'black-list.csv'),
    });
    const versions = await versionCount(segment);
    const csv = 'action,id,name\nadd,BL-010,Nadia Perveen\nchange,BL-099,Someone Unknown\n';
    const result = await runImport(t, importJobRunner(t), user.token, 'delta', { name: 'delta.csv', content: csv });
    expect(result).toMatchObject({
      status: 'failed',
      errorRow: 3,
      errorReason: 'there is no entry BL-099 to change (use the action add for a new entry)',
    });
    expect((await ownList(t, user.token)).map((row) => row.entityId)).not.toContain('BL-010');
    expect(await versionCount(segment)).toBe(versions);
  });

  it('refuses a malformed file with its row and reason, changing nothing', async () => {
    const { user } = await freshSegment();
    const bad = 'id,name,dob\nBL-100,Good Row,1980\nBL-101,,1981\n';
    const result = await runImport(t, importJobRunner(t), user.token, 'full', { name: 'bad.csv', content: bad });
    expect(result).toMatchObject({ status: 'failed', errorRow: 3 });
    expect(String(result.errorReason)).toMatch(/name/i);
    expect(await ownList(t, user.token)).toEqual([]);
  });

  it("refuses a second import while one is in progress with the spec's message", async () => {
    const { user } = await freshSegment();
    const first = await request(user.token, await uploadList(t, user.token, 'a.csv', fixture('sanad-list', 'black-list.csv')));
    const second = await call(t, 'POST', 'screening-data/import/', {
      token: user.token,
      payload: { fileName: await uploadList(t, user.token, 'b.csv', fixture('sanad-list', 'black-list.csv')) },
    });
    expect(body(second)).toMatchObject({ status: false, errors: { fileName: ['Bulk Upload is already in process'] } });
    await importJobRunner(t).processImport(first._id);
  });
});

describe('the import job', () => {
  it('is queued in the transaction that records the import, so one never exists without the other', async () => {
    const { user } = await freshSegment();
    const started = await request(user.token, await uploadList(t, user.token, 'list.csv', fixture('sanad-list', 'black-list.csv')));
    expect(started).toMatchObject({ status: 'queued', percentage: 0 });
    expect(queue.sent.filter((job) => job.name === LIST_IMPORT_JOB).at(-1)).toEqual({
      name: LIST_IMPORT_JOB,
      data: { importId: started._id },
      importInTransaction: true,
    });
    await importJobRunner(t).processImport(started._id);
  });

  it('completes an import a crash left processing at 50% when its job runs again, and new imports are accepted after it', async () => {
    const { segment, user } = await freshSegment();
    const started = await request(user.token, await uploadList(t, user.token, 'list.csv', fixture('sanad-list', 'black-list.csv')));
    await markImportProgress(t.context.db, started._id, 50);
    await importJobRunner(t).processImport(started._id);
    const resumed = body<{ data: TListImport }>(await call(t, 'GET', `screening-data/imports/${started._id}`, { token: user.token })).data;
    expect(resumed).toMatchObject({ status: 'completed', percentage: 100, versionNo: 1 });
    expect(await versionCount(segment)).toBe(1);
    const next = await request(user.token, await uploadList(t, user.token, 'again.csv', fixture('sanad-list', 'delta.csv')));
    expect(next.status).toBe('queued');
    await importJobRunner(t).processImport(next._id);
  });

  it('stores an import once when two runs of its job overlap, with one completion and one audit entry', async () => {
    const { segment, user } = await freshSegment();
    const started = await request(user.token, await uploadList(t, user.token, 'list.csv', fixture('sanad-list', 'black-list.csv')));
    await Promise.all([importJobRunner(t).processImport(started._id), importJobRunner(t).processImport(started._id)]);
    expect(await versionCount(segment)).toBe(1);
    const audit = await t.context.db.query(`select 1 from audit_log where action = 'imported_screening_list' and entity_id = $1`, [
      started._id,
    ]);
    expect(audit.rows).toHaveLength(1);
  });
});
