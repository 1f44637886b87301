/**
 * The customer list of a data segment holding 1,000,000 customers (900,000 in the measured segment,
 * 100,000 in another) on PostgreSQL: one page of 10 with its total, through the repository's own
 * code, for the default order, a deep page, each KYC filter, keywords and a name sort. Target: every
 * page under 200 ms. Baseline in the same run on the same rows: the same page with an exact count of
 * every match (what a plain `count(*)` list does).
 *
 * Needs PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); a scratch
 * database is created there and dropped at the end. BENCH_CUSTOMERS changes the size.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { ZCustomerListQuery } from '@sanad/contracts/customers';
import { listCustomers } from '../apps/server/src/modules/customers/customer-search.repository';
import { insertDataSegment } from '../apps/server/src/modules/data-segments/data-segment.repository';
import type { Database } from '../apps/server/src/platform/db/database';
import { migrate } from '../apps/server/src/platform/db/migrate';
import { openPostgresDatabase } from '../apps/server/src/platform/db/postgres-database';
import { percentile, report, round, writeResult } from './lib';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 1_000_000);
const RUNS = 7;
const TARGET_MS = 200;

/** Customers generated in SQL: one in ten in the other segment, names and numbers spread like a real book. */
async function generate(db: Database, measured: string, other: string): Promise<number> {
  const started = performance.now();
  const batch = 100_000;
  for (let from = 1; from <= CUSTOMERS; from += batch) {
    const to = Math.min(CUSTOMERS, from + batch - 1);
    await db.query(
      `insert into customers (data_segment_id, type, record, full_name, full_name_normalised, first_name, last_name, date_of_birth,
         nationality_id, country_of_residence_id, id_type, id_number, id_number_key, email, phone_number, hit_types, products,
         kyc_status, risk_level, created_at)
       select case when g % 10 = 0 then $2::uuid else $1::uuid end, 'individual', '{}'::jsonb,
         f || ' ' || l, lower(f || ' ' || l), f, l, date '1950-01-01' + (g % 20000),
         (array['PK','AE','GB','IN','US'])[1 + g % 5], (array['PK','AE','GB'])[1 + g % 3], 'id',
         (3520000000000 + g)::text, (3520000000000 + g)::text, 'user' || g || '@example.com', '+92300' || lpad(g::text, 7, '0'),
         case when g % 53 = 0 then '{pep}'::text[] when g % 97 = 0 then '{sanction}'::text[] else '{}'::text[] end,
         '{savings}', (array['pending','approved','rejected'])[1 + g % 3],
         (array['low','medium','high','sanction'])[case when g % 101 = 0 then 4 when g % 33 = 0 then 3 when g % 7 = 0 then 2 else 1 end],
         now() - make_interval(secs => g)
       from (select g,
               (array['Muhammad','Ali','Fatima','Ayesha','Hassan','Zainab','Omar','Sara','Bilal','Hina','Usman','Amina'])[1 + g % 12]
                 || chr(97 + (g / 12) % 26) as f,
               (array['Khan','Ahmed','Hussain','Qureshi','Malik','Sheikh','Butt','Chaudhry','Raza','Siddiqui'])[1 + (g / 7) % 10]
                 || (g % 997)::text as l
             from generate_series($3::int, $4::int) g) s`,
      [measured, other, from, to],
    );
  }
  await db.exec('vacuum analyze customers');
  return performance.now() - started;
}

async function timeList(db: Database, segment: string, raw: Record<string, string>, exactLimit: number) {
  const query = ZCustomerListQuery.parse(raw);
  const scope = { all: false, ids: [segment] };
  const times: number[] = [];
  let total = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const page = await listCustomers(db, scope, segment, query, exactLimit);
    times.push(performance.now() - started);
    total = page.total;
  }
  times.sort((a, b) => a - b);
  return { medianMs: percentile(times, 50), total };
}

async function main(): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `sanad_bench_customers_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL is not reachable at ${adminUrl} (${error instanceof Error ? error.message : String(error)}): skipped`);
    return;
  }
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgresDatabase(url.toString(), 2);
  const loadAtStart = loadavg()[0] ?? 0;
  try {
    await migrate(db);
    const measured = await insertDataSegment(db, { companyName: 'Benchmark Bank', subscription: 'active' });
    const other = await insertDataSegment(db, { companyName: 'Other Bank', subscription: 'active' });
    console.log(`Generating ${CUSTOMERS.toLocaleString()} customers…`);
    const generateMs = await generate(db, measured, other);
    console.log(`Generated in ${round(generateMs / 1000)} s`);

    const since = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const cases: Record<string, Record<string, string>> = {
      'newest first, page 1': {},
      'newest first, page 500': { startAt: '500' },
      'kycStatus=approved': { kycStatus: 'approved' },
      'riskLevel=high': { riskLevel: 'high' },
      'hitType=sanction': { hitType: 'sanction' },
      'created in the last day': { createdFrom: since },
      'keyword: a surname': { keyword: 'qureshi5' },
      'keyword: an ID number': { keyword: '3520000123451' },
      'keyword: an e-mail': { keyword: 'user777771@' },
      'sorted by name': { sortBy: 'fullName', sortOrder: 'asc' },
      'nationality and KYC status': { nationalityId: 'AE', kycStatus: 'pending' },
    };
    const figures: Record<string, unknown> = {};
    let worst = 0;
    for (const [label, raw] of Object.entries(cases)) {
      const listed = await timeList(db, measured, raw, 10_000);
      const baseline = await timeList(db, measured, raw, Number.MAX_SAFE_INTEGER);
      worst = Math.max(worst, listed.medianMs);
      report(`${label} (total ${listed.total.toLocaleString()}; exact ${baseline.total.toLocaleString()})`, listed.medianMs, 'ms', {
        baseline: baseline.medianMs,
        target: `< ${TARGET_MS} ms`,
      });
      figures[label] = {
        medianMs: round(listed.medianMs),
        total: listed.total,
        exactCountMedianMs: round(baseline.medianMs),
        exactTotal: baseline.total,
      };
    }
    const file = writeResult('customers-list', {
      customers: CUSTOMERS,
      runsPerCase: RUNS,
      targetMs: TARGET_MS,
      generateSeconds: round(generateMs / 1000),
      worstMedianMs: round(worst),
      isTargetMet: worst < TARGET_MS,
      cpus: cpus().length,
      loadAverage: { start: round(loadAtStart), end: round(loadavg()[0] ?? 0) },
      cases: figures,
    });
    console.log(`Worst median ${round(worst)} ms (target < ${TARGET_MS} ms); results in ${file}`);
  } finally {
    await db.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
