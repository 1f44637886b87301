/**
 * The time to re-rate 100,000 stored customers on PostgreSQL after a configuration change (target
 * ≤ 60 s), through the job's own code path: a run row, the pg-boss job `risk.rerate`, and the
 * batch loop that reads records, rates them, writes each rating with its full explanation and
 * points the customer at it. Baselines in the same run on the same rows: reading every record in
 * the same id-ordered batches without rating, and one plain `update customers set …` over them.
 *
 * Needs PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); a
 * scratch database is created there and dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { insertDataSegment } from '../apps/server/src/modules/data-segments/data-segment.repository';
import { findSettings } from '../apps/server/src/modules/risk/configuration/risk-config.repository';
import { emptyLevelSummary } from '../apps/server/src/modules/risk/rating/level-summary';
import { enqueueRerate, registerRiskJobs } from '../apps/server/src/modules/risk/rerate/rerate.job';
import { insertRun } from '../apps/server/src/modules/risk/rerate/rerate.repository';
import { seedRiskConfiguration } from '../apps/server/src/modules/risk/configuration/risk-seed';
import { systemSegment } from '../apps/server/src/modules/risk/segment-ref';
import type { Database } from '../apps/server/src/platform/db/database';
import { migrate } from '../apps/server/src/platform/db/migrate';
import { openPostgresDatabase } from '../apps/server/src/platform/db/postgres-database';
import { startJobQueue, type JobQueue } from '../apps/server/src/platform/jobs/job-queue';
import { report, round, writeResult } from './lib';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const INSERT_BATCH = 5_000;
const TARGET_SECONDS = 60;

/** mulberry32: the same customers on every run. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Weighted<T> = ReadonlyArray<readonly [T, number]>;

function pickWeighted<T>(random: () => number, options: Weighted<T>): T {
  const total = options.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of options) {
    roll -= weight;
    if (roll <= 0) return value;
  }
  const last = options.at(-1);
  if (!last) throw new Error('no options');
  return last[0];
}

// A Pakistani bank's book: mostly domestic customers, a diaspora in the Gulf and the UK, a few from
// listed jurisdictions. Codes are the default configuration's.
const COUNTRIES: Weighted<string> = [
  ['PK', 78],
  ['AE', 6],
  ['SA', 4],
  ['GB', 3],
  ['US', 2],
  ['CN', 1.5],
  ['AF', 1.5],
  ['IN', 1],
  ['BD', 1],
  ['IR', 0.3],
  ['YE', 0.3],
  ['RU', 0.4],
];
const STATES = ['PK-PB', 'PK-SD', 'PK-KP', 'PK-BA', 'PK-IS', 'PK-GB', 'PK-JK'];
const WORK: Weighted<string> = [
  ['salaried-private', 35],
  ['salaried-government', 12],
  ['business-owner', 18],
  ['professional', 8],
  ['freelancer', 5],
  ['student', 6],
  ['homemaker', 7],
  ['retired', 5],
  ['agriculturist', 3],
  ['unemployed', 1],
];
const INDUSTRIES: Weighted<string> = [
  ['information-technology', 8],
  ['education', 8],
  ['healthcare', 7],
  ['retail', 8],
  ['cash-intensive-retail', 3],
  ['construction', 6],
  ['manufacturing', 8],
  ['agriculture', 10],
  ['real-estate', 4],
  ['import-export', 5],
  ['money-services', 1],
  ['precious-metals-stones', 1],
  ['government-public', 8],
  ['transport', 6],
  ['professional-services', 4],
  ['hospitality', 3],
];
const PRODUCTS: Weighted<string> = [
  ['savings-account', 40],
  ['current-account', 35],
  ['term-deposit', 8],
  ['consumer-loan', 6],
  ['remittance', 5],
  ['mutual-fund', 3],
  ['prepaid-card', 2],
  ['private-banking', 1],
];
const ENTITY_TYPES: Weighted<string> = [
  ['private-limited', 60],
  ['sole-proprietorship', 15],
  ['partnership', 10],
  ['public-listed', 3],
  ['non-profit', 5],
  ['trust', 4],
  ['foundation', 3],
];
const PEP_QUESTIONS = [
  'anyPublicPos',
  'posLastTwoMonths',
  'everPublicPosition',
  'diplomaticImmunity',
  'relativeTwelveMonths',
  'closeAssociateTwelveMonths',
  'conviction',
  'other',
];
const REGISTRY_FLAGS = [
  'hasInsolvencyHistory',
  'undeliverableRegisteredOfficeAddress',
  'confirmationStatementOverdue',
  'accountsOverdue',
  'registeredOfficeIsInDispute',
];
const FIRST_NAMES = ['Muhammad', 'Ayesha', 'Ali', 'Fatima', 'Hassan', 'Zainab', 'Usman', 'Sana', 'Bilal', 'Hira', 'Imran', 'Maryam'];
const LAST_NAMES = ['Khan', 'Ahmed', 'Malik', 'Hussain', 'Qureshi', 'Sheikh', 'Butt', 'Chaudhry', 'Siddiqui', 'Raza'];

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** One customer or company in the shape of the registration record, with what that shape leaves blank. */
function buildRecord(
  random: () => number,
  index: number,
): { type: 'individual' | 'company'; record: Record<string, unknown>; riskContext: Record<string, unknown> } {
  const isCompany = random() < 0.15;
  const residence = pickWeighted(random, COUNTRIES);
  const nationality = random() < 0.9 ? residence : pickWeighted(random, COUNTRIES);
  const products = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pickWeighted(random, PRODUCTS));
  const expiry = `${2025 + Math.floor(random() * 10)}-${pad(1 + Math.floor(random() * 12))}-${pad(1 + Math.floor(random() * 28))}`;
  const isPep = random() < 0.02;
  const record: Record<string, unknown> = {
    sanadId: `BENCH-${index}`,
    type: isCompany ? 'company' : 'individual',
    isIphone: random() < 0.3,
    verificationStatus: { liveness: random() < 0.97 ? 'passed' : 'failed', face: random() < 0.96 ? 'matched' : 'notmatched' },
    customerVerificationStatus: { nadra: 'pending', criminalRecord: 'pending' },
    basicInfo: {
      firstName: FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)],
      lastName: LAST_NAMES[Math.floor(random() * LAST_NAMES.length)],
      fatherName: FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)],
      genderId: random() < 0.55 ? 'male' : 'female',
      dateOfBirth: `${1950 + Math.floor(random() * 55)}-${pad(1 + Math.floor(random() * 12))}-${pad(1 + Math.floor(random() * 28))}`,
      nationalityId: nationality,
      countryOfResidenceId: residence,
      hasOtherNationalities: random() < 0.05,
      otherNationalities: random() < 0.05 ? [{ nationalityId: pickWeighted(random, COUNTRIES) }] : [],
      ...(isCompany ? { companyType: pickWeighted(random, ENTITY_TYPES), companyStatus: 'active' } : {}),
    },
    identityInfo: {
      type: 'id',
      cardType: 'PKR CNIC 1 FRONT',
      number: `${35_202 + index}-${1_000_000 + index}-1`,
      expiryDate: expiry,
      isLifetimeExpiry: random() < 0.05,
    },
    occupationInfo: {
      workTypeId: pickWeighted(random, WORK),
      industryId: pickWeighted(random, INDUSTRIES),
      taxId: `T${index}`,
      companyName: isCompany ? `Company ${index}` : '',
    },
    pepDeclaration: Object.fromEntries(PEP_QUESTIONS.map((question) => [question, isPep && question === 'anyPublicPos' ? 'yes' : 'no'])),
    contactInfo: {
      address: `${index} Main Road`,
      stateId: residence === 'PK' ? STATES[Math.floor(random() * STATES.length)] : '',
      city: 'Lahore',
      phoneNumber: `300${index}`,
      email: `customer${index}@example.test`,
    },
    accountInfo: { products, isf2f: random() < 0.6, isStr: random() < 0.01 },
    additionalInfo: { investment: String(Math.round(Math.exp(10 + random() * 7))), gccNational: false },
    ...(isCompany ? Object.fromEntries(REGISTRY_FLAGS.map((flag) => [flag, random() < 0.01])) : {}),
  };
  const riskContext =
    random() < 0.1
      ? {
          screeningHits: [
            {
              hitType: pickWeighted(random, [
                ['pep', 5],
                ['sanction', 1],
                ['enforcement', 2],
              ] as const),
              score: Math.round(55 + random() * 45),
              determination: 'open',
            },
          ],
        }
      : { screeningHits: [] };
  return { type: isCompany ? 'company' : 'individual', record, riskContext };
}

async function generateCustomers(db: Database, segmentId: string): Promise<number> {
  const random = createRandom(20_260_101);
  const started = performance.now();
  for (let offset = 0; offset < CUSTOMERS; offset += INSERT_BATCH) {
    const rows = Array.from({ length: Math.min(INSERT_BATCH, CUSTOMERS - offset) }, (_, index) => buildRecord(random, offset + index));
    await db.query(
      `insert into customers (data_segment_id, type, record, risk_context)
       select $1, c.type, c.record, c."riskContext" from json_to_recordset($2::json) as c(type text, record jsonb, "riskContext" jsonb)`,
      [segmentId, JSON.stringify(rows)],
    );
  }
  await db.query('analyze customers');
  return performance.now() - started;
}

const TICKS_PER_SECOND = 100;

/**
 * CPU seconds used by this process and by the PostgreSQL backends serving its database. The
 * machine is shared, so wall-clock time swings with other people's work; CPU time does not.
 * Backends are sampled while the run goes, so one that exits keeps its last reading.
 */
class CpuMeter {
  private readonly backends = new Map<number, { first: number; last: number }>();
  private readonly processStart = process.cpuUsage();

  constructor(
    private readonly admin: pg.Client,
    private readonly database: string,
  ) {}

  async sample(): Promise<void> {
    const result = await this.admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [this.database]);
    for (const { pid } of result.rows) {
      const ticks = readBackendTicks(pid);
      if (ticks === null) continue;
      const known = this.backends.get(pid);
      if (known) known.last = ticks;
      else this.backends.set(pid, { first: ticks, last: ticks });
    }
  }

  seconds(): { node: number; postgres: number } {
    const usage = process.cpuUsage(this.processStart);
    let ticks = 0;
    for (const { first, last } of this.backends.values()) ticks += last - first;
    return { node: (usage.user + usage.system) / 1e6, postgres: ticks / TICKS_PER_SECOND };
  }
}

function readBackendTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

interface JobTiming {
  seconds: number;
  cpu: { node: number; postgres: number };
  rated: number;
  skipped: number;
  summary: unknown;
}

/** Starts a run the way the screen does and waits for the pg-boss job to finish it. */
async function rerateThroughJob(db: Database, jobs: JobQueue, segmentId: string, meter: () => CpuMeter): Promise<JobTiming> {
  const segment = systemSegment(segmentId);
  const settings = await findSettings(db, segment);
  if (!settings) throw new Error('no configuration');
  const run = await db.transaction((tx) =>
    insertRun(tx, segment, { targetVersion: settings.version, total: CUSTOMERS, summary: emptyLevelSummary(), startedBy: null }),
  );
  const cpu = meter();
  await cpu.sample();
  const started = performance.now();
  await enqueueRerate(jobs, run.id);
  for (;;) {
    await cpu.sample();
    const state = await db.query<{ status: string; rated: number; skipped: number; summary: unknown; error: string | null }>(
      'select status, rated, skipped, summary, error from risk_rerate_runs where id = $1',
      [run.id],
    );
    const row = state.rows[0];
    if (row?.error) throw new Error(`re-rating failed: ${row.error}`);
    if (row && row.status !== 'queued' && row.status !== 'running') {
      if (row.status !== 'completed') throw new Error(`re-rating ended ${row.status}`);
      return {
        seconds: (performance.now() - started) / 1000,
        cpu: cpu.seconds(),
        rated: row.rated,
        skipped: row.skipped,
        summary: row.summary,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Baseline 1: the same id-ordered batches of records, read and parsed, nothing rated or written. */
async function readAllRecords(db: Database, segmentId: string): Promise<number> {
  const started = performance.now();
  let cursor: string | null = null;
  let count = 0;
  for (;;) {
    const batch: { rows: Array<{ id: string; record: unknown }> } = await db.query(
      `select id, type, record, risk_level, risk_config_version, risk_context, manual_overwrite from customers
        where data_segment_id = $1 and ($2::uuid is null or id > $2::uuid) order by id limit 1000`,
      [segmentId, cursor],
    );
    const last = batch.rows.at(-1);
    if (!last) break;
    count += batch.rows.length;
    cursor = last.id;
  }
  if (count !== CUSTOMERS) throw new Error(`read ${count} customers`);
  return (performance.now() - started) / 1000;
}

/** Baseline 2: one plain update over the same rows. */
async function plainUpdate(db: Database, segmentId: string): Promise<number> {
  const started = performance.now();
  const result = await db.query(
    `update customers set updated_at = now(), risk_level = coalesce(risk_level, 'low') where data_segment_id = $1`,
    [segmentId],
  );
  if (result.rowCount !== CUSTOMERS) throw new Error(`updated ${result.rowCount} customers`);
  return (performance.now() - started) / 1000;
}

/** A compliance change: Pakistan, where most of the book lives, moves from 20 to 45. */
async function changeConfiguration(db: Database, segmentId: string): Promise<void> {
  const { commitConfigChange } = await import('../apps/server/src/modules/risk/configuration/risk-config-change');
  await db.transaction(async (tx) => {
    await tx.query(
      `update risk_factor_values set score = 45 where data_segment_id = $1 and factor_key in ('country', 'nationality') and code = 'PK'`,
      [segmentId],
    );
    await commitConfigChange(tx, systemSegment(segmentId), {
      page: 'country',
      action: 'updated_risk_configuration_item',
      summary: 'Benchmark: Pakistan 20 → 45',
      actor: null,
    });
  });
}

async function main(): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `sanad_bench_rerate_${randomBytes(4).toString('hex')}`;
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
  const db = await openPostgresDatabase(url.toString(), 4);
  let jobs: JobQueue | null = null;
  try {
    await migrate(db);
    const segmentId = await db.transaction(async (tx) => {
      const id = await insertDataSegment(tx, { companyName: 'Benchmark Bank', subscription: 'active' });
      await seedRiskConfiguration(tx, id);
      return id;
    });
    console.log(`Generating ${CUSTOMERS.toLocaleString()} customers…`);
    const generateMs = await generateCustomers(db, segmentId);

    jobs = await startJobQueue(db, { runWorkers: true, onError: (error) => console.error(`[jobs] ${error.message}`) });
    await registerRiskJobs(jobs, db);

    const meter = () => new CpuMeter(admin, name);
    const first = await rerateThroughJob(db, jobs, segmentId, meter);
    console.log(`First rating of every customer: ${round(first.seconds)} s`);
    await changeConfiguration(db, segmentId);

    const readSeconds = await readAllRecords(db, segmentId);
    const updateSeconds = await plainUpdate(db, segmentId);
    const loadBefore = loadavg()[0] ?? 0;
    const rerate = await rerateThroughJob(db, jobs, segmentId, meter);
    const loadAfter = loadavg()[0] ?? 0;
    const again = await rerateThroughJob(db, jobs, segmentId, meter);

    const check = await db.query<{ customers: number; ratings: number; exactlyOnce: number }>(
      `select count(*)::int as customers, sum(n)::int as ratings, count(*) filter (where n = 1)::int as "exactlyOnce"
         from (select c.id, count(r.id) as n from customers c
                 left join risk_ratings r on r.customer_id = c.id and r.config_version = c.risk_config_version group by c.id) per_customer`,
    );
    const sizes = await db.query<{ ratings: string; customers: string }>(
      `select pg_size_pretty(pg_total_relation_size('risk_ratings')) as ratings, pg_size_pretty(pg_total_relation_size('customers')) as customers`,
    );
    const verified = check.rows[0];
    if (!verified || verified.exactlyOnce !== CUSTOMERS || rerate.rated !== CUSTOMERS || again.rated !== 0) {
      throw new Error(`verification failed: ${JSON.stringify({ verified, rerated: rerate.rated, again: again.rated })}`);
    }

    const cpuTotal = rerate.cpu.node + rerate.cpu.postgres;
    console.log('');
    report(`Re-rate ${CUSTOMERS.toLocaleString()} stored customers (pg-boss job, full explanation stored)`, rerate.seconds, 's', {
      target: `≤ ${TARGET_SECONDS} s`,
    });
    console.log(
      `  ${Math.round(CUSTOMERS / rerate.seconds).toLocaleString()} customers/s; CPU used: ${round(cpuTotal)} s (Node ${round(rerate.cpu.node)} s + PostgreSQL ${round(rerate.cpu.postgres)} s) — the wall time on one dedicated core, I/O aside`,
    );
    console.log(`  load average ${round(loadBefore)} → ${round(loadAfter)} on ${cpus().length} shared cores`);
    report('Baseline: read every record in the same batches, no rating', readSeconds, 's');
    report('Baseline: one plain update of the same rows', updateSeconds, 's');
    report('Re-run for the same version (every customer skipped)', again.seconds, 's');
    report('First rating of the same customers', first.seconds, 's');
    writeResult('risk-rerate', {
      customers: CUSTOMERS,
      database: 'PostgreSQL',
      databaseVersion: (await db.query<{ version: string }>('show server_version')).rows[0]?.version,
      method:
        'run row + pg-boss job risk.rerate (the production code path), batches of 1,000 by id, each batch one transaction writing ratings with their full explanation; timed from enqueue to the run reading completed (100 ms polling)',
      rerateSeconds: round(rerate.seconds),
      rerateCpuSeconds: {
        node: round(rerate.cpu.node),
        postgres: round(rerate.cpu.postgres),
        total: round(rerate.cpu.node + rerate.cpu.postgres),
      },
      machine: { cores: cpus().length, loadAverageBefore: round(loadBefore), loadAverageAfter: round(loadAfter) },
      customersPerSecond: Math.round(CUSTOMERS / rerate.seconds),
      targetSeconds: TARGET_SECONDS,
      isTargetMet: rerate.seconds <= TARGET_SECONDS,
      isTargetMetOnCpuTime: cpuTotal <= TARGET_SECONDS,
      baselines: { readAllRecordsSeconds: round(readSeconds), plainUpdateSeconds: round(updateSeconds) },
      rerunSameVersionSeconds: round(again.seconds),
      firstRatingSeconds: round(first.seconds),
      firstRatingCpuSeconds: round(first.cpu.node + first.cpu.postgres),
      generateSeconds: round(generateMs / 1000),
      summary: rerate.summary,
      storage: sizes.rows[0],
    });
  } finally {
    await jobs?.stop();
    await db.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
