import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TRerateOverview } from '@sanad/contracts/risk-rating';
import type { Database } from '../../../platform/db/database';
import { openPgliteDatabase } from '../../../platform/db/pglite-database';
import { buildIndividualRecord, makeCustomer } from '../../../test-support/risk-factories';
import { startServerProcess } from '../../../test-support/server-process';
import { RERATE_BATCH_SIZE } from './rerate.job';

/** Three batches on the embedded database; the kill comes after the first has committed. */
const CUSTOMERS = RERATE_BATCH_SIZE.pglite * 2 + 50;
const dataDir = mkdtempSync(path.join(tmpdir(), 'sanad-rerate-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  const db = await openPgliteDatabase(path.join(dataDir, 'db'));
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

describe.skipIf(process.env.SANAD_TEST_DB === 'postgres')('a re-rating across a crash', () => {
  it('continues at once after the server is killed mid-run, rating every customer exactly once', { timeout: 240_000 }, async () => {
    // A first start creates the database and the administrator; the customers are then stored directly.
    await (await startServerProcess(dataDir)).stop();
    const segment = await withDatabase(async (db) => {
      const found = await db.query<{ id: string }>('select id from data_segments order by created_at, id limit 1');
      const id = found.rows[0]?.id;
      if (!id) throw new Error('no data segment');
      for (let index = 0; index < CUSTOMERS; index += 1) {
        const country = index % 5 === 0 ? 'GB' : 'PK';
        await makeCustomer(db, id, {
          record: buildIndividualRecord({ basicInfo: { nationalityId: country, countryOfResidenceId: country, genderId: 'female' } }),
        });
      }
      return id;
    });

    const first = await startServerProcess(dataDir, { SANAD_TEST_CRASH_AFTER: 'rerate-batch-written' });
    const started = await first.post('configurations/risk/rerate', { json: { dataSegmentId: segment } });
    expect(started.status).toBe(200);
    // The process kills itself once the first batch has committed.
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const left = await withDatabase(async (db) => {
      const result = await db.query<{ status: string; processed: number; job: string }>(
        `select r.status, r.processed, j.state::text as job
           from risk_rerate_runs r join pgboss.job j on j.name = 'risk.rerate' and j.data->>'runId' = r.id::text`,
      );
      return result.rows;
    });
    // Without recovery this run would stay 'running' until the job's two-hour expiry.
    // (Batches commit without waiting for the disk, so the kill may also have lost the first one: the
    // run then redoes it from its stored cursor.)
    expect(left).toEqual([{ status: 'running', processed: expect.toBeOneOf([0, RERATE_BATCH_SIZE.pglite]), job: 'active' }]);

    const second = await startServerProcess(dataDir);
    // Counted from the restart being ready: the job's two-hour expiry is what this beats.
    const restarted = Date.now();
    let overview: TRerateOverview | undefined;
    try {
      await expect
        .poll(
          async () => {
            overview = await second.get<TRerateOverview>(`configurations/risk/rerate?dataSegmentId=${segment}`);
            return overview.lastRun?.status;
          },
          { timeout: 30_000, interval: 250 },
        )
        .toBe('completed');
      expect(Date.now() - restarted).toBeLessThan(30_000);
    } finally {
      await second.stop();
    }
    expect(overview).toMatchObject({ customers: CUSTOMERS, outdated: 0 });
    expect(overview?.lastRun).toMatchObject({ processed: CUSTOMERS, rated: CUSTOMERS, skipped: 0 });
    expect(overview?.lastRun?.summary).toMatchObject({ newlyRated: CUSTOMERS });

    const perCustomer = await withDatabase(async (db) => {
      const result = await db.query<{ ratings: number; customers: number }>(
        `select n as ratings, count(*)::int as customers from (
           select c.id, count(r.id)::int as n from customers c
             left join risk_ratings r on r.customer_id = c.id and r.config_version = c.risk_config_version
            where c.data_segment_id = $1 group by c.id) per_customer group by n`,
        [segment],
      );
      return result.rows;
    });
    expect(perCustomer).toEqual([{ ratings: 1, customers: CUSTOMERS }]);
  });
});
