import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BULK_COLUMNS, type TBulkProgress } from '@sanad/contracts/bulk-onboarding';
import { openPgliteDatabase } from '../../platform/db/pglite-database';
import { startServerProcess, type ServerProcess } from '../../test-support/server-process';

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const ROWS = 12;
/** Twelve customers, the third refused (no last name); data rows are lines 2 to 13 of the file. */
function customersCsv(): string {
  const header = BULK_COLUMNS.map((column) => column.column);
  const lines = [header.join(',')];
  for (let index = 1; index <= ROWS; index += 1) {
    const row: Record<string, string> = {
      firstName: 'Crash',
      lastName: index === 3 ? '' : `Resume${String.fromCharCode(96 + index)}`,
      dateOfBirth: `1985-01-${String(index).padStart(2, '0')}`,
      nationalityId: 'PK',
      countryOfResidenceId: 'PK',
      idType: 'id',
      idNumber: `61101${String(5_000_000 + index)}7`,
      email: `crash${index}@example.com`,
      phoneNumber: `+92302${String(1_000_000 + index)}`,
    };
    lines.push(header.map((column) => row[column] ?? '').join(','));
  }
  return lines.join('\n');
}

async function startImport(server: ServerProcess): Promise<void> {
  const form = new FormData();
  form.set('type', 'customers');
  form.set('file', new Blob([customersCsv()]), 'customers.csv');
  const uploaded = await server.post('files/upload', { form });
  expect(uploaded.status).toBe(200);
  const { fileName } = ((await uploaded.json()) as { data: { fileName: string } }).data;
  const started = await server.post('customers/etl-transform', { json: { fileName } });
  expect(started.status).toBe(200);
}

describe.skipIf(process.env.SANAD_TEST_DB === 'postgres')('a bulk upload across a crash', () => {
  it('resumes after the server is killed mid-import: no row lost, none imported twice', { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sanad-bulk-crash-'));
    dataDirs.push(dataDir);
    // Rows commit five at a time (one transaction per chunk); killed (SIGKILL) right after the chunk
    // holding line 6 committed: lines 2 to 6 done, seven rows to go.
    const first = await startServerProcess(dataDir, { SANAD_TEST_CRASH_AFTER: 'bulk-upload-row-6', SANAD_BULK_CHUNK_ROWS: '5' });
    await startImport(first);
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

    const db = await openPgliteDatabase(path.join(dataDir, 'db'));
    try {
      const left = await db.query<{ status: string; done: number; created: number; customers: number }>(
        `select u.status,
                (select count(*)::int from bulk_upload_rows r where r.bulk_upload_id = u.id) as done,
                (select count(*)::int from bulk_upload_rows r where r.bulk_upload_id = u.id and r.outcome = 'created') as created,
                (select count(*)::int from customers c where c.data_segment_id = u.data_segment_id) as customers
           from bulk_uploads u`,
      );
      // Cut off after the first chunk, and every row recorded as created has its customer: the
      // chunk's customers and row outcomes were written in one transaction.
      const [state] = left.rows;
      expect(state?.status).toBe('processing');
      expect(state?.done).toBe(5);
      expect(state?.customers).toBe(state?.created);
    } finally {
      await db.close();
    }

    const second = await startServerProcess(dataDir);
    try {
      await expect
        .poll(async () => (await second.get<TBulkProgress['data']>('users/bulkUploadProgress?onLoad=false'))?.status, {
          timeout: 60_000,
          interval: 250,
        })
        .toBe('completed');
      const done = await second.get<TBulkProgress['data']>('users/bulkUploadProgress?onLoad=false');
      expect(done).toMatchObject({ totalRows: ROWS, processedRows: ROWS, acceptedRows: ROWS - 1, refusedRows: 1 });
    } finally {
      await second.stop();
    }

    const after = await openPgliteDatabase(path.join(dataDir, 'db'));
    try {
      const customers = await after.query<{ idNumber: string; n: number }>(
        `select c.record->'identityInfo'->>'number' as "idNumber", count(*)::int as n from customers c
          where c.record->'basicInfo'->>'firstName' = 'Crash' group by 1`,
      );
      expect(customers.rows).toHaveLength(ROWS - 1);
      expect(customers.rows.every((row) => row.n === 1)).toBe(true);
      const rows = await after.query<{ rowNumber: number; outcome: string }>(
        `select row_number as "rowNumber", outcome from bulk_upload_rows order by row_number`,
      );
      expect(rows.rows.map((row) => row.rowNumber)).toEqual(Array.from({ length: ROWS }, (_, index) => index + 2));
      expect(rows.rows.filter((row) => row.outcome === 'refused').map((row) => row.rowNumber)).toEqual([4]);
    } finally {
      await after.close();
    }
  });
});
