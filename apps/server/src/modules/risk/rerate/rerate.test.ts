import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFactorValueRow } from '@sanad/contracts/risk-configuration';
import type { TRerateOverview, TRerateRun } from '@sanad/contracts/risk-rating';
import type { TestApp } from '../../../test-support/test-app';
import { createAdminSession, type ApiCall } from '../../../test-support/api-session';
import { makeDataSegment } from '../../../test-support/factories';
import { buildIndividualRecord, makeCustomer } from '../../../test-support/risk-factories';
import { enqueueRerate, registerRiskJobs, runRerate } from './rerate.job';
import { startJobQueue, type JobQueue } from '../../../platform/jobs/job-queue';

const CUSTOMERS = 25;
const BATCH = 10;

let t: TestApp;
let call: ApiCall;
let segment: string;

/** Makes Pakistan (where most test customers live) score `score`, as a compliance officer would. */
async function setPakistanScore(score: number): Promise<void> {
  const found = await call<TFactorValueRow[]>('GET', `configurations/risk/country?dataSegmentId=${segment}&keyword=Pakistan`);
  const pakistan = found.body.data.find((row) => row.code === 'PK');
  if (!pakistan) throw new Error('PK missing');
  const saved = await call('PUT', `configurations/risk/country/${pakistan._id}`, {
    ...pakistan,
    dataSegmentId: segment,
    score,
    overrideTo: score >= 80 ? 'high' : null,
  });
  expect(saved.status).toBe(200);
}

async function startRun(): Promise<TRerateRun> {
  const started = await call<TRerateRun>('POST', 'configurations/risk/rerate', { dataSegmentId: segment });
  expect(started.status).toBe(200);
  return started.body.data;
}

async function overview(): Promise<TRerateOverview> {
  return (await call<TRerateOverview>('GET', `configurations/risk/rerate?dataSegmentId=${segment}`)).body.data;
}

/** How many ratings each customer has with `version` (every customer should have exactly one). */
async function ratingsPerCustomer(version: string): Promise<number[]> {
  const result = await t.context.db.query<{ count: number }>(
    `select count(r.id)::int as count from customers c left join risk_ratings r on r.customer_id = c.id and r.config_version = $2
      where c.data_segment_id = $1 group by c.id`,
    [segment, version],
  );
  return result.rows.map((row) => row.count);
}

beforeAll(async () => {
  ({ t, call } = await createAdminSession());
  segment = await makeDataSegment(t.context.db);
  for (let index = 0; index < CUSTOMERS; index += 1) {
    // Four in five live in Pakistan; the rest in the UK.
    const country = index % 5 === 0 ? 'GB' : 'PK';
    await makeCustomer(t.context.db, segment, {
      record: buildIndividualRecord({ basicInfo: { nationalityId: country, countryOfResidenceId: country, genderId: 'female' } }),
    });
  }
});
afterAll(async () => t.close());

describe('re-rating a data segment', () => {
  it('rates every customer for the first time and stores the summary', async () => {
    const run = await startRun();
    expect(run).toMatchObject({ status: 'queued', total: CUSTOMERS });
    await runRerate(t.context.db, run._id, { batchSize: BATCH });
    const { lastRun, outdated, customers } = await overview();
    expect(customers).toBe(CUSTOMERS);
    expect(outdated).toBe(0);
    expect(lastRun).toMatchObject({ status: 'completed', processed: CUSTOMERS, rated: CUSTOMERS, skipped: 0 });
    expect(lastRun?.summary).toMatchObject({
      newlyRated: CUSTOMERS,
      compared: 0,
      after: { low: CUSTOMERS, medium: 0, high: 0, sanction: 0 },
    });
  });

  it('after a configuration change, counts who moved between levels, and records it in the audit trail', async () => {
    await setPakistanScore(95);
    const before = await overview();
    expect(before.outdated).toBe(CUSTOMERS);
    const run = await startRun();
    await runRerate(t.context.db, run._id, { batchSize: BATCH });
    const { lastRun } = await overview();
    expect(lastRun?.summary).toMatchObject({
      compared: CUSTOMERS,
      raised: 20,
      unchanged: 5,
      lowered: 0,
      moves: { low: { high: 20, low: 5 } },
    });
    expect(await ratingsPerCustomer(run.targetVersion)).toEqual(Array.from({ length: CUSTOMERS }, () => 1));
    const audit = await t.context.db.query<{ summary: string }>(
      "select summary from audit_log where action = 'rerated_customers' and entity_id = $1",
      [run._id],
    );
    expect(audit.rows[0]?.summary).toBe(
      `Re-rated ${CUSTOMERS} customers with configuration ${run.targetVersion}: 20 raised, 0 lowered, 5 unchanged, 0 rated for the first time`,
    );
  });

  it('is idempotent: running it again, or a new run for the same version, rates nobody twice', async () => {
    const { lastRun } = await overview();
    if (!lastRun) throw new Error('no run');
    const ratingsBefore = await t.context.db.query<{ count: number }>(
      'select count(*)::int as count from risk_ratings where data_segment_id = $1',
      [segment],
    );
    await runRerate(t.context.db, lastRun._id, { batchSize: BATCH });
    const again = await startRun();
    await runRerate(t.context.db, again._id, { batchSize: BATCH });
    const ratingsAfter = await t.context.db.query<{ count: number }>(
      'select count(*)::int as count from risk_ratings where data_segment_id = $1',
      [segment],
    );
    expect(ratingsAfter.rows[0]?.count).toBe(ratingsBefore.rows[0]?.count);
    expect((await overview()).lastRun).toMatchObject({
      _id: again._id,
      status: 'completed',
      processed: CUSTOMERS,
      rated: 0,
      skipped: CUSTOMERS,
      summary: { compared: 0 },
    });
  });

  it('continues after a crash mid-way: the interrupted batch leaves nothing, the rest is rated exactly once', async () => {
    // 25, not 20: back to 20 would be the first run's content, and so its version.
    await setPakistanScore(25);
    const run = await startRun();
    await expect(
      runRerate(t.context.db, run._id, {
        batchSize: BATCH,
        onBatchWritten: (batch) => {
          if (batch === 2) throw new Error('worker killed');
        },
      }),
    ).rejects.toThrow('worker killed');
    const stopped = (await overview()).lastRun;
    expect(stopped).toMatchObject({ status: 'running', processed: BATCH, rated: BATCH });
    const partial = await ratingsPerCustomer(run.targetVersion);
    expect(partial.filter((count) => count === 1)).toHaveLength(BATCH);

    // The same run, queued again (what the screen's button and pg-boss's retry do), picks up at its cursor.
    const resumed = await startRun();
    expect(resumed._id).toBe(run._id);
    await runRerate(t.context.db, run._id, { batchSize: BATCH });
    expect(await ratingsPerCustomer(run.targetVersion)).toEqual(Array.from({ length: CUSTOMERS }, () => 1));
    expect((await overview()).lastRun).toMatchObject({
      status: 'completed',
      processed: CUSTOMERS,
      rated: CUSTOMERS,
      summary: { compared: CUSTOMERS, lowered: 20, unchanged: 5 },
    });
  });

  it('rates nobody twice when two workers run the same run at once', async () => {
    await setPakistanScore(30);
    const run = await startRun();
    await Promise.all([runRerate(t.context.db, run._id, { batchSize: BATCH }), runRerate(t.context.db, run._id, { batchSize: BATCH })]);
    expect(await ratingsPerCustomer(run.targetVersion)).toEqual(Array.from({ length: CUSTOMERS }, () => 1));
    expect((await overview()).lastRun).toMatchObject({ status: 'completed', rated: CUSTOMERS });
  });

  it('stops a run whose configuration changed before it finished', async () => {
    const run = await startRun();
    await setPakistanScore(40);
    await runRerate(t.context.db, run._id, { batchSize: BATCH });
    expect((await overview()).lastRun).toMatchObject({ _id: run._id, status: 'superseded', processed: 0 });
  });

  it('runs as a pg-boss job', async () => {
    const jobs: JobQueue = await startJobQueue(t.context.db, { runWorkers: true, onError: () => undefined });
    try {
      await registerRiskJobs(jobs, t.context.db);
      const run = await startRun();
      await enqueueRerate(jobs, run._id);
      const deadline = Date.now() + 30_000;
      while ((await overview()).lastRun?.status !== 'completed') {
        if (Date.now() > deadline) throw new Error('the job did not finish');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await ratingsPerCustomer(run.targetVersion)).toEqual(Array.from({ length: CUSTOMERS }, () => 1));
    } finally {
      await jobs.stop();
    }
  });
});
