import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TBlacklistEntry, TListImport } from '@sanad/contracts/screening';
import { openPgliteDatabase } from '../../platform/db/pglite-database';
import { fixture } from '../../test-support/screening-helpers';
import { startServerProcess, type ServerProcess } from '../../test-support/server-process';

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sanad-crash-'));
  dataDirs.push(dir);
  return dir;
}

async function uploadBlacklist(server: ServerProcess, file = 'black-list.csv'): Promise<string> {
  const form = new FormData();
  form.set('type', 'screening-list');
  form.set('file', new Blob([fixture('sanad-list', file)]), file);
  return ((await (await server.post('files/', { form })).json()) as { data: { fileName: string } }).data.fileName;
}

async function latestImport(server: ServerProcess): Promise<TListImport | undefined> {
  return (await server.get<TListImport[]>('screening-data/imports'))[0];
}

describe.skipIf(process.env.SANAD_TEST_DB === 'postgres')('a list import across a crash', () => {
  it('still runs and completes after the server dies right after the import was recorded', { timeout: 240_000 }, async () => {
    const dataDir = newDataDir();
    const first = await startServerProcess(dataDir, { SANAD_TEST_CRASH_AFTER: 'list-import-commit' });
    const fileName = await uploadBlacklist(first);
    // The process kills itself (SIGKILL) once the import's transaction has committed: no answer comes.
    await expect(first.post('screening-data/import/', { json: { fileName } })).rejects.toThrow('fetch failed');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

    const second = await startServerProcess(dataDir);
    try {
      await expect.poll(async () => (await latestImport(second))?.status, { timeout: 120_000, interval: 500 }).toBe('completed');
      const done = await latestImport(second);
      expect(done).toMatchObject({ status: 'completed', percentage: 100, listKey: 'sanad-list', versionNo: 1 });
      const entries = await second.get<TBlacklistEntry[]>('screening-data/sanad-list?status=active');
      expect(entries.map((entry) => entry.entityId).toSorted()).toEqual(['BL-001', 'BL-002', 'BL-003']);
    } finally {
      await second.stop();
    }
  });

  it(
    'resumes at once, without duplicates, after the server is killed mid-job, and the segment can import again',
    { timeout: 240_000 },
    async () => {
      const dataDir = newDataDir();
      // Killed while the job runs: the file is read and the import shows 'processing 50%'.
      const first = await startServerProcess(dataDir, { SANAD_TEST_CRASH_AFTER: 'list-import-prepared' });
      const fileName = await uploadBlacklist(first);
      const queued = await first.post('screening-data/import/', { json: { fileName } });
      expect(queued.status).toBe(200);
      expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

      // What the kill left: the import half done, its job active (pg-boss would hand it back only after
      // the hour's expiry), claimed by the dead process.
      const db = await openPgliteDatabase(path.join(dataDir, 'db'));
      try {
        const left = await db.query<{ status: string; percentage: number; job: string; claimed: boolean }>(
          `select i.status, i.percentage, j.state::text as job, exists (select 1 from job_claims c where c.job_id = j.id) as claimed
             from list_imports i join pgboss.job j on j.name = 'screening.import' and j.data->>'importId' = i.id::text`,
        );
        expect(left.rows).toEqual([{ status: 'processing', percentage: 50, job: 'active', claimed: true }]);
      } finally {
        await db.close();
      }

      const second = await startServerProcess(dataDir);
      // Counted from the restart being ready: the job's hour's expiry is what this beats.
      const restarted = Date.now();
      try {
        await expect.poll(async () => (await latestImport(second))?.status, { timeout: 30_000, interval: 250 }).toBe('completed');
        expect(Date.now() - restarted).toBeLessThan(30_000);
        expect(await latestImport(second)).toMatchObject({ percentage: 100, listKey: 'sanad-list', versionNo: 1 });
        const entries = await second.get<TBlacklistEntry[]>('screening-data/sanad-list?status=active');
        expect(entries.map((entry) => entry.entityId).toSorted()).toEqual(['BL-001', 'BL-002', 'BL-003']);

        // The segment is not blocked: the next import is accepted and completes.
        const next = await second.post('screening-data/import/', { json: { fileName: await uploadBlacklist(second) } });
        expect(next.status).toBe(200);
        await expect
          .poll(async () => (await second.get<TListImport[]>('screening-data/imports')).map((row) => row.status), {
            timeout: 30_000,
            interval: 250,
          })
          .toEqual(['completed', 'completed']);
      } finally {
        await second.stop();
      }
    },
  );
});
