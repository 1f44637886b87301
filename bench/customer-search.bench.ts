/**
 * The advanced customer search (the list query with the advanced-search fields and KYC filters) over
 * 1,000,000 customers on PostgreSQL (900,000 in the measured segment, 100,000 in another), through
 * the repository's own code: one page of 10 with its total, per field and for common combinations.
 * Reported: p99 of RUNS runs per case. Target: every case's p99 ≤ 100 ms. Baseline in the same run on
 * the same rows: the same searches with migration 0102's search indexes dropped (p99 of 5 runs); the
 * gender, work type, industry, source and ID type indexes keep their names since 0125 and are dropped too,
 * as is 0127's product-set index.
 *
 * Needs PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); a scratch
 * database of its own is created there and dropped at the end. BENCH_CUSTOMERS changes the size.
 * BENCH_KEEP_DATABASE=<name> uses (and keeps) that database instead: the customers are generated only
 * when it has none, and a migration added since is applied, so a change is measured again in minutes.
 * BENCH_BASELINE_RUNS=0 skips the baseline.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { ZCustomerListQuery } from '@sanad/contracts/customers';
import { listCustomers } from '../apps/server/src/modules/customers/customer-search.repository';
import { insertDataSegment } from '../apps/server/src/modules/data-segments/data-segment.repository';
import type { Database, Queryable } from '../apps/server/src/platform/db/database';
import { migrate } from '../apps/server/src/platform/db/migrate';
import { openPostgresDatabase } from '../apps/server/src/platform/db/postgres-database';
import { percentile, report, round, writeResult } from './lib';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const BASELINE_RUNS = Number(process.env.BENCH_BASELINE_RUNS ?? 5);
const KEPT_DATABASE = process.env.BENCH_KEEP_DATABASE;
const TARGET_P99_MS = 100;

/** The indexes 0102 adds for the search, and 0127's product sets; dropped for the baseline. */
const SEARCH_INDEXES = [
  'customers_segment_product_set',
  'customers_segment_source',
  'customers_segment_id_type',
  'customers_products',
  'customers_segment_archived',
  'customers_segment_gender',
  'customers_segment_work_type',
  'customers_segment_industry',
  'customers_first_name_trgm',
  'customers_last_name_trgm',
  'customers_middle_name_trgm',
];

/** Customers generated in SQL, with the record fields the advanced search reads, spread like a real book. */
async function generate(db: Database, measured: string, other: string): Promise<number> {
  const started = performance.now();
  const batch = 50_000;
  for (let from = 1; from <= CUSTOMERS; from += batch) {
    const to = Math.min(CUSTOMERS, from + batch - 1);
    await db.query(
      `insert into customers (data_segment_id, type, record, full_name, full_name_normalised, first_name, last_name, date_of_birth,
         nationality_id, country_of_residence_id, id_type, id_number, id_number_key, email, phone_number, hit_types, products,
         kyc_status, risk_level, source, archived_at, is_monitored, created_at)
       select case when g % 10 = 0 then $2::uuid else $1::uuid end, 'individual',
         jsonb_build_object(
           'basicInfo', jsonb_build_object('firstName', f, 'middleName', m, 'lastName', l,
             'genderId', (array['male','female','other'])[1 + g % 3]),
           'occupationInfo', jsonb_build_object('workTypeId', (array['salaried','self-employed','business','student','retired','money-services','unemployed'])[1 + g % 7],
             'industryId', (array['education','construction','health','banking','retail','real-estate','gambling','agriculture','it','transport','mining'])[1 + g % 11])),
         trim(f || ' ' || m || ' ' || l), lower(trim(f || ' ' || m || ' ' || l)), f, l, date '1950-01-01' + (g % 20000),
         (array['PK','AE','GB','IN','US','SA','QA','TR','BD','EG'])[1 + g % 10], (array['PK','AE','GB'])[1 + g % 3],
         (array['id','passport','lisence'])[case when g % 10 < 7 then 1 when g % 10 < 9 then 2 else 3 end],
         (3520000000000 + g)::text, (3520000000000 + g)::text, 'user' || g || '@example.com', '+92300' || lpad(g::text, 7, '0'),
         case when g % 53 = 0 then '{pep}'::text[] when g % 97 = 0 then '{sanction}'::text[] when g % 211 = 0 then '{enforcement}'::text[] else '{}'::text[] end,
         case when g % 4 = 0 then '{savings,current}'::text[] when g % 9 = 0 then '{investment}'::text[] else '{savings}'::text[] end,
         (array['pending','approved','rejected'])[1 + g % 3],
         (array['low','medium','high','sanction'])[case when g % 101 = 0 then 4 when g % 33 = 0 then 3 when g % 7 = 0 then 2 else 1 end],
         (array['self-register','deep-link','bulk-upload','dynamic-register','api'])[case when g % 20 < 10 then 1 when g % 20 < 16 then 2 when g % 20 < 19 then 3 else 4 + g % 2 end],
         case when g % 250 = 1 then now() - make_interval(secs => g) end, g % 250 <> 1,
         now() - make_interval(secs => g)
       from (select g,
               (array['Muhammad','Ali','Fatima','Ayesha','Hassan','Zainab','Omar','Sara','Bilal','Hina','Usman','Amina'])[1 + g % 12]
                 || chr(97 + (g / 12) % 26) as f,
               case when g % 3 = 0 then (array['Ahmad','Noor','Iqbal','Javed','Rani'])[1 + (g / 3) % 5] || chr(97 + (g / 5) % 26) else '' end as m,
               (array['Khan','Ahmed','Hussain','Qureshi','Malik','Sheikh','Butt','Chaudhry','Raza','Siddiqui'])[1 + (g / 7) % 10]
                 || (g % 997)::text as l
             from generate_series($3::int, $4::int) g) s`,
      [measured, other, from, to],
    );
  }
  await db.exec('vacuum analyze customers');
  return performance.now() - started;
}

/** The two segments of a kept database, generating its customers when it has none. */
async function prepareCustomers(db: Database): Promise<{ measured: string; other: string; generateMs: number }> {
  const existing = await db.query<{ id: string; companyName: string; customers: number }>(
    `select s.id, s.company_name as "companyName", (select count(*) from customers c where c.data_segment_id = s.id)::int as customers
       from data_segments s where s.company_name in ('Benchmark Bank', 'Other Bank')`,
  );
  const measured = existing.rows.find((row) => row.companyName === 'Benchmark Bank');
  const other = existing.rows.find((row) => row.companyName === 'Other Bank');
  if (measured && other && measured.customers + other.customers === CUSTOMERS) {
    console.log(`Reusing ${CUSTOMERS.toLocaleString()} customers of ${KEPT_DATABASE}`);
    // A migration since may have rewritten the table, leaving no visibility map: index-only scans
    // would read the table until a vacuum sets it again, as it does after generating.
    await db.exec('vacuum analyze customers');
    return { measured: measured.id, other: other.id, generateMs: 0 };
  }
  if (existing.rows.length > 0) throw new Error(`${KEPT_DATABASE} holds another number of customers: drop it or name another`);
  const measuredId = await insertDataSegment(db, { companyName: 'Benchmark Bank', subscription: 'active' });
  const otherId = await insertDataSegment(db, { companyName: 'Other Bank', subscription: 'active' });
  console.log(`Generating ${CUSTOMERS.toLocaleString()} customers…`);
  const generateMs = await generate(db, measuredId, otherId);
  console.log(`Generated in ${round(generateMs / 1000)} s`);
  return { measured: measuredId, other: otherId, generateMs };
}

/** Thrown to roll the baseline's transaction back: its dropped indexes come back as they were. */
class BaselineDone extends Error {}

/**
 * The same searches without the search indexes, in a transaction that drops them and is rolled back,
 * so a kept database keeps its indexes (and its statistics, which ANALYZE in the transaction changes).
 */
async function measureBaseline(db: Database, segment: string, cases: Record<string, Record<string, string>>) {
  const figures: Record<string, number> = {};
  if (BASELINE_RUNS <= 0) return figures;
  try {
    await db.transaction(async (tx) => {
      await tx.exec(SEARCH_INDEXES.map((index) => `drop index if exists ${index};`).join('\n'));
      await tx.exec('analyze customers');
      for (const [label, raw] of Object.entries(cases)) figures[label] = (await timeSearch(tx, segment, raw, BASELINE_RUNS)).p99;
      throw new BaselineDone();
    });
  } catch (error) {
    if (!(error instanceof BaselineDone)) throw error;
  }
  return figures;
}

async function timeSearch(db: Queryable, segment: string, raw: Record<string, string>, runs: number) {
  const query = ZCustomerListQuery.parse(raw);
  const scope = { all: false, ids: [segment] };
  const times: number[] = [];
  let total = 0;
  // One untimed run first: the statement's plan and the pages it reads, as a busy server has them.
  await listCustomers(db, scope, segment, query);
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const page = await listCustomers(db, scope, segment, query);
    times.push(performance.now() - started);
    total = page.total;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), total };
}

async function main(): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = KEPT_DATABASE ?? `sanad_bench_search_${randomBytes(4).toString('hex')}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_KEEP_DATABASE must be a plain lower-case name, not ${name}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL is not reachable at ${adminUrl} (${error instanceof Error ? error.message : String(error)}): skipped`);
    return;
  }
  const isKept = KEPT_DATABASE !== undefined && (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!isKept) await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgresDatabase(url.toString(), 2);
  const loadAtStart = loadavg()[0] ?? 0;
  try {
    await migrate(db);
    const { measured, generateMs } = await prepareCustomers(db);

    const cases: Record<string, Record<string, string>> = {
      'first name contains': { firstName: 'aminaq' },
      'middle name contains': { middleName: 'noorz' },
      'last name contains': { lastName: 'qureshi51' },
      'first and last name': { firstName: 'fatima', lastName: 'butt7' },
      gender: { genderId: 'female' },
      nationality: { nationalityId: 'QA' },
      'country of residence': { countryOfResidenceId: 'GB' },
      'work type': { workTypeId: 'money-services' },
      industry: { industryId: 'gambling' },
      'ID type': { idType: 'lisence' },
      product: { product: 'investment' },
      source: { source: 'bulk-upload' },
      'KYC status and risk level': { kycStatus: 'pending', riskLevel: 'high' },
      'hit type': { hitType: 'enforcement' },
      'industry, gender and KYC status': { industryId: 'gambling', genderId: 'female', kycStatus: 'approved' },
      'name, nationality and gender': { firstName: 'hassan', nationalityId: 'TR', genderId: 'male' },
      'archived only': { status: 'archived' },
      'work type sorted by name': { workTypeId: 'student', sortBy: 'fullName', sortOrder: 'asc' },
    };
    const figures: Record<string, Record<string, number>> = {};
    for (const [label, raw] of Object.entries(cases)) {
      const measuredCase = await timeSearch(db, measured, raw, RUNS);
      figures[label] = { p50Ms: round(measuredCase.p50), p99Ms: round(measuredCase.p99), total: measuredCase.total };
    }
    // Baseline: the same searches without the search indexes (what 0096 alone served).
    const baselines = await measureBaseline(db, measured, cases);
    let worst = 0;
    for (const label of Object.keys(cases)) {
      const baseline = baselines[label];
      const figure = figures[label] ?? { p99Ms: 0, total: 0 };
      worst = Math.max(worst, figure.p99Ms ?? 0);
      report(`${label} (total ${(figure.total ?? 0).toLocaleString()}, p50 ${figure.p50Ms ?? 0} ms)`, figure.p99Ms ?? 0, 'ms p99', {
        ...(baseline === undefined ? {} : { baseline }),
        target: `≤ ${TARGET_P99_MS} ms`,
      });
      if (baseline !== undefined) figures[label] = { ...figure, withoutSearchIndexesP99Ms: round(baseline) };
    }
    const file = writeResult('customer-search', {
      customers: CUSTOMERS,
      runsPerCase: RUNS,
      targetP99Ms: TARGET_P99_MS,
      generateSeconds: round(generateMs / 1000),
      worstP99Ms: round(worst),
      isTargetMet: worst <= TARGET_P99_MS,
      cpus: cpus().length,
      loadAverage: { start: round(loadAtStart), end: round(loadavg()[0] ?? 0) },
      cases: figures,
    });
    console.log(`Worst p99 ${round(worst)} ms (target ≤ ${TARGET_P99_MS} ms); results in ${file}`);
    console.log(`Load average ${round(loadAtStart)} at the start, ${round(loadavg()[0] ?? 0)} at the end (${cpus().length} CPUs)`);
  } finally {
    await db.close();
    if (KEPT_DATABASE === undefined) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
