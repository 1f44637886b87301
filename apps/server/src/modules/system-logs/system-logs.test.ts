import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_RANGE_MESSAGES } from '@sanad/contracts/day-range';
import { MESSAGES } from '@sanad/contracts/messages';
import {
  LOG_EXPORT_COLUMNS,
  LOG_EXPORT_MESSAGES,
  type TLogExport,
  type TSystemLog,
  type TSystemLogChart,
} from '@sanad/contracts/system-logs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test-support/test-app';
import { apiCaller, createAdminSession, type ApiCall } from '../../test-support/api-session';
import { signedInUser, type SignedInUser } from '../../test-support/admin-helpers';
import { makeDataSegment } from '../../test-support/factories';
import { pino } from 'pino';
import { LOG_EXPORT_JOB, handleLogExportJob, runLogExport } from './log-export.job';
import { claimLogExport } from './log-export.repository';
import { parseCsv } from '@sanad/csv/csv';
import type { FileVault } from '../../platform/storage/file-vault';

let t: TestApp;
let call: ApiCall;
let segmentA: string;
let segmentB: string;
let officerA: SignedInUser;
let officerB: SignedInUser;
let callA: ApiCall;

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

async function listLogs(caller: ApiCall, params: Record<string, string>) {
  return caller<TSystemLog[]>('GET', `system-logs?${query(params)}`);
}

async function exportsOf(caller: ApiCall): Promise<TLogExport[]> {
  const answer = await caller<TLogExport[]>('GET', 'system-logs/exports');
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function startExport(caller: ApiCall, filters: Record<string, string>): Promise<TLogExport> {
  const answer = await caller<TLogExport>('POST', 'system-logs/export', filters);
  expect(answer.status).toBe(200);
  expect(answer.body.message).toBe(LOG_EXPORT_MESSAGES.started);
  return answer.body.data;
}

async function countFiles(): Promise<number> {
  const result = await t.context.db.query<{ count: number }>("select count(*)::int as count from files where folder = 'exports'");
  return result.rows[0]?.count ?? 0;
}

async function countExportedEntries(exportId: string): Promise<number> {
  const result = await t.context.db.query<{ count: number }>(
    "select count(*)::int as count from audit_log where action = 'exported_logs' and entity_id = $1",
    [exportId],
  );
  return result.rows[0]?.count ?? 0;
}

async function exportOf(caller: ApiCall, exportId: string): Promise<TLogExport | undefined> {
  return (await exportsOf(caller)).find((row) => row._id === exportId);
}

/** A pino logger whose JSON lines are kept for the test to read. */
function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

/** The file store with its disk full: every store fails. */
function fullVault(vault: FileVault): FileVault {
  return { ...vault, store: () => Promise.reject(new Error('ENOSPC: no space left on device')) };
}

beforeAll(async () => {
  ({ t, call } = await createAdminSession());
  segmentA = await makeDataSegment(t.context.db);
  segmentB = await makeDataSegment(t.context.db);
  officerA = await signedInUser(t, ['system-logs'], [segmentA]);
  officerB = await signedInUser(t, ['system-logs'], [segmentB]);
  callA = apiCaller(t, officerA.token);
});
afterAll(async () => t.close());

describe('system logs access', () => {
  it('refuses every system-logs route without the system-logs permission', async () => {
    const viewer = await signedInUser(t, ['view-users'], [segmentA]);
    const asViewer = apiCaller(t, viewer.token);
    expect((await asViewer('GET', 'system-logs')).status).toBe(403);
    expect((await asViewer('GET', 'system-logs/chart')).status).toBe(403);
    expect((await asViewer('GET', 'system-logs/exports')).status).toBe(403);
    expect((await asViewer('POST', 'system-logs/export', { dataSegmentId: segmentA })).status).toBe(403);
    expect((await asViewer('POST', 'system-logs/cancel-export', { exportId: crypto.randomUUID() })).status).toBe(403);
  });
});

describe('listing system logs', () => {
  it('shows user, type, action, createdAt and the seven GDPR fields of each entry', async () => {
    const answer = await listLogs(call, { action: 'logged_in', perPage: '50' });
    expect(answer.status).toBe(200);
    const entry = answer.body.data.find((row) => row.user?.email === 'admin@sanad.test');
    expect(entry).toMatchObject({ type: 'authentication', action: 'logged_in', user: { email: 'admin@sanad.test' } });
    expect(Date.parse(entry?.createdAt ?? '')).not.toBeNaN();
    expect(entry?.purposeOfProcessing).toBe('Authenticating staff and securing access to the service');
    expect(entry?.legalBasisForProcessing).toContain('Legitimate interests');
    expect(entry?.categoriesOfDataInvolved).toEqual(['Identity', 'Contact', 'Technical']);
    expect(entry?.recipients).toEqual(['Client organisation administrators']);
    expect(entry?.retentionPeriod).toBe('1 year');
    expect(entry?.locationOfProcessing).not.toBe('');
    expect(entry?.securityMeasures).toContain('AES-256-GCM');
    expect(answer.body.pagination?.total).toBeGreaterThanOrEqual(3);
  });

  it('filters by module, action, day range and keyword', async () => {
    const byModule = await listLogs(call, { module: 'authentication', perPage: '100' });
    expect(byModule.body.data.length).toBeGreaterThan(0);
    expect(new Set(byModule.body.data.map((row) => row.type))).toEqual(new Set(['authentication']));

    const firstAdmin = await listLogs(call, { action: 'created_user', keyword: 'first administrator' });
    expect(firstAdmin.body.data.map((row) => row.summary)).toEqual(['First administrator created on first start']);

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await listLogs(call, { action: 'logged_in', from: today, to: today })).body.pagination?.total).toBeGreaterThanOrEqual(3);
    expect((await listLogs(call, { action: 'logged_in', from: tomorrow })).body.data).toEqual([]);

    const byKeyword = await listLogs(call, { keyword: officerA.email });
    expect(byKeyword.body.data.length).toBeGreaterThan(0);
    expect(byKeyword.body.data.every((row) => row.user?.email === officerA.email)).toBe(true);
  });

  it('refuses a start day after the end day and an unknown module', async () => {
    const reversed = await listLogs(call, { from: '2026-02-02', to: '2026-02-01' });
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors?.from?.[0]).toBe(DAY_RANGE_MESSAGES.order);
    expect((await listLogs(call, { module: 'payroll' })).status).toBe(422);
  });

  it("shows a segment's user only that segment's entries and refuses another segment", async () => {
    const own = await listLogs(callA, { perPage: '100' });
    expect(own.status).toBe(200);
    const emails = new Set(own.body.data.map((row) => row.user?.email));
    expect(emails.has(officerA.email)).toBe(true);
    expect(emails.has(officerB.email)).toBe(false);
    expect(emails.has('admin@sanad.test')).toBe(false);
    expect((await listLogs(callA, { dataSegmentId: segmentB })).status).toBe(403);

    const narrowed = await listLogs(call, { dataSegmentId: segmentB, perPage: '100' });
    expect(new Set(narrowed.body.data.map((row) => row.user?.email))).toEqual(new Set([officerB.email]));
  });

  it("counts 'Total actions' per day for the chart", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const answer = await callA<TSystemLogChart>('GET', `system-logs/chart?${query({ to: today })}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.days).toHaveLength(30);
    const own = await listLogs(callA, { from: today, to: today });
    expect(answer.body.data.days.at(-1)).toEqual({ date: today, actions: own.body.pagination?.total });
  });
});

describe('exporting system logs', () => {
  it("writes the segment's filtered entries with their GDPR columns as a CSV file and records exported_logs", async () => {
    const filters = { dataSegmentId: segmentA, module: 'authentication', keyword: officerA.email };
    const started = await startExport(callA, filters);
    expect(started).toMatchObject({ status: 'pending', fileName: null, filters });

    await runLogExport(t.context.db, t.context.vault, started._id);
    const [done] = await exportsOf(callA);
    expect(done).toMatchObject({ _id: started._id, status: 'completed', entries: 1 });
    expect(done?.downloadName).toMatch(/^system-logs-.*\.csv$/);

    const file = await callA('GET', `files/${done?.fileName ?? ''}`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = parseCsv(file.text);
    expect(header?.fields).toEqual([...LOG_EXPORT_COLUMNS]);
    expect(rows).toHaveLength(1);
    const record = Object.fromEntries(LOG_EXPORT_COLUMNS.map((column, index) => [column, rows[0]?.fields[index]]));
    expect(record).toMatchObject({
      email: officerA.email,
      type: 'authentication',
      action: 'logged_in',
      retentionPeriod: '1 year',
      recipients: 'Client organisation administrators',
    });
    expect(record.categoriesOfDataInvolved).toBe('Identity; Contact; Technical');

    const exported = await listLogs(callA, { action: 'exported_logs' });
    expect(exported.body.data).toHaveLength(1);
    expect(exported.body.data[0]).toMatchObject({
      type: 'system_logs',
      summary: 'Exported 1 system log entries',
      user: { email: officerA.email },
    });
  });

  it('refuses the export file to a user of the segment without the system-logs permission', async () => {
    const started = await startExport(callA, { dataSegmentId: segmentA, action: 'logged_in' });
    await runLogExport(t.context.db, t.context.vault, started._id);
    const fileName = (await exportOf(callA, started._id))?.fileName ?? '';
    expect((await callA('GET', `files/${fileName}`)).status).toBe(200);

    const viewer = await signedInUser(t, ['view-users'], [segmentA]);
    const refused = await apiCaller(t, viewer.token)('GET', `files/${fileName}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.forbidden);
  });

  it("lists only the caller's own exports", async () => {
    expect(await exportsOf(apiCaller(t, officerB.token))).toEqual([]);
  });

  it('cancels a pending export, which then writes no file, and refuses to cancel it twice', async () => {
    const started = await startExport(callA, { dataSegmentId: segmentA });
    const files = await countFiles();
    const cancelled = await callA('POST', 'system-logs/cancel-export', { exportId: started._id });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe(LOG_EXPORT_MESSAGES.cancelled);
    await runLogExport(t.context.db, t.context.vault, started._id);
    expect((await exportsOf(callA)).find((row) => row._id === started._id)).toMatchObject({ status: 'cancelled', fileName: null });
    expect(await countFiles()).toBe(files);

    const again = await callA('POST', 'system-logs/cancel-export', { exportId: started._id });
    expect(again.status).toBe(422);
    expect(again.body.errors?.exportId?.[0]).toBe(LOG_EXPORT_MESSAGES.notCancellable);
  });

  it('stops a running export cancelled between batches and removes nothing it did not write', async () => {
    const started = await startExport(call, { dataSegmentId: segmentA });
    const files = await countFiles();
    const cancelAnswers: number[] = [];
    await runLogExport(t.context.db, t.context.vault, started._id, {
      batchSize: 1,
      onBatchRead: async (batch) => {
        if (batch === 2) cancelAnswers.push((await call('POST', 'system-logs/cancel-export', { exportId: started._id })).status);
      },
    });
    expect(cancelAnswers).toEqual([200]);
    expect((await exportsOf(call)).find((row) => row._id === started._id)).toMatchObject({ status: 'cancelled', fileName: null });
    expect(await countFiles()).toBe(files);
  });

  it('refuses to cancel with something that is not an export id, naming the field', async () => {
    const answer = await callA('POST', 'system-logs/cancel-export', { exportId: 'last-one' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors?.exportId).toEqual(['Choose a valid export']);
  });

  it("refuses to cancel another user's export", async () => {
    const started = await startExport(callA, { dataSegmentId: segmentA });
    const answer = await call('POST', 'system-logs/cancel-export', { exportId: started._id });
    expect(answer.status).toBe(422);
    expect((await exportsOf(callA)).find((row) => row._id === started._id)?.status).toBe('pending');
  });

  it('writes up to the entry limit and refuses a selection above it without writing a file', async () => {
    const single = await startExport(callA, { dataSegmentId: segmentA, module: 'authentication', keyword: officerA.email });
    await runLogExport(t.context.db, t.context.vault, single._id, { maxEntries: 1 });
    expect(await exportOf(callA, single._id)).toMatchObject({ status: 'completed', entries: 1 });

    const files = await countFiles();
    const larger = await startExport(callA, { dataSegmentId: segmentA });
    await runLogExport(t.context.db, t.context.vault, larger._id, { maxEntries: 2, batchSize: 2 });
    expect(await exportOf(callA, larger._id)).toMatchObject({
      status: 'failed',
      fileName: null,
      error: LOG_EXPORT_MESSAGES.tooManyEntries(2),
    });
    expect(await countFiles()).toBe(files);
    expect(await countExportedEntries(larger._id)).toBe(0);
  });

  it('logs a failed run for the operator and shows the user the failure in words', async () => {
    const started = await startExport(callA, { dataSegmentId: segmentA });
    const { logger, lines } = capturingLogger();
    await handleLogExportJob({ db: t.context.db, vault: fullVault(t.context.vault), logger }, started._id);
    expect(await exportOf(callA, started._id)).toMatchObject({ status: 'failed', error: LOG_EXPORT_MESSAGES.failed });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, exportId: started._id, err: { message: 'ENOSPC: no space left on device' } });
  });

  it('finishes an export that a crashed run left running, once, when the job is retried', async () => {
    const started = await startExport(callA, { dataSegmentId: segmentA, action: 'logged_in' });
    // The first attempt claimed the export and its process died.
    expect(await claimLogExport(t.context.db, started._id)).not.toBeNull();
    expect((await exportOf(callA, started._id))?.status).toBe('running');

    const files = await countFiles();
    const context = { db: t.context.db, vault: t.context.vault, logger: capturingLogger().logger };
    await handleLogExportJob(context, started._id);
    const done = await exportOf(callA, started._id);
    expect(done).toMatchObject({ status: 'completed' });
    expect(await countFiles()).toBe(files + 1);

    // A retry of an attempt that had in fact finished changes nothing.
    await handleLogExportJob(context, started._id);
    expect(await exportOf(callA, started._id)).toEqual(done);
    expect(await countFiles()).toBe(files + 1);
    expect(await countExportedEntries(started._id)).toBe(1);
  });

  it('runs as a job queued in the same transaction as the request that records it', async () => {
    const withJobs = await createTestApp({ startJobs: true });
    try {
      const token = await withJobs.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      const caller = apiCaller(withJobs, token);
      const started = await startExport(caller, { dataSegmentId: withJobs.adminSegmentId, action: 'logged_in' });
      const deadline = Date.now() + 30_000;
      while ((await exportOf(caller, started._id))?.status !== 'completed') {
        if (Date.now() > deadline) throw new Error('the export job did not finish');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect((await exportOf(caller, started._id))?.fileName).toMatch(/\.enc$/);
      // A run whose process crashed is handed out again: the queue allows retries.
      const queue = await withJobs.context.db.query<{ retry_limit: number }>('select retry_limit from pgboss.queue where name = $1', [
        LOG_EXPORT_JOB,
      ]);
      expect(queue.rows[0]?.retry_limit).toBe(2);
    } finally {
      await withJobs.close();
    }
  });
});
