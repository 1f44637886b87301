/**
 * Bulk onboarding on PostgreSQL: a customers file of BENCH_BULK_ROWS rows (default 5,000) uploaded
 * through POST files/upload and imported by POST customers/etl-transform, timed from the request to
 * the progress answering 100 %, with the job run by the real pg-boss worker. Every row is validated,
 * deduplicated, screened against the shipped public lists (UN, OFAC, ...), rated and audited, as a
 * journey's registration is. Target: 100,000 rows in at most 5 minutes (333 rows/s); the figure is
 * reported per row and extrapolated to 100,000. Baseline in the same run: the same kind of rows
 * registered one request at a time through POST customers/self-register (what a client looping over
 * the file against the API gets).
 *
 * Needs PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); a scratch
 * database is created there and dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { BULK_COLUMNS, type TBulkProgress } from '@sanad/contracts/bulk-onboarding';
import { multipart } from '@sanad/test-support/multipart';
import { buildApp } from '../apps/server/src/app';
import { composeModules, type AppContext } from '../apps/server/src/composition';
import { parseConfig } from '../apps/server/src/config';
import { ensureFirstAdministrator } from '../apps/server/src/modules/setup/first-start.service';
import { configureAuditTrail } from '../apps/server/src/platform/audit/audit-log';
import { createCaptchaService } from '../apps/server/src/platform/auth/captcha';
import { createTokenService } from '../apps/server/src/platform/auth/tokens';
import { startJobQueue } from '../apps/server/src/platform/jobs/job-queue';
import { createFileVault } from '../apps/server/src/platform/storage/file-vault';
import { createLocalBlobStore } from '../apps/server/src/platform/storage/local-blob-store';
import { createTestDatabase } from '../apps/server/src/test-support/test-database';
import { report, round, writeResult } from './lib';

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 5_000);
const BASELINE_ROWS = Number(process.env.BENCH_BULK_BASELINE_ROWS ?? 300);
const TARGET_ROWS = 100_000;
const TARGET_SECONDS = 300;
const ADMIN = { email: 'bench-admin@sanad.test', password: 'Admin123!' };

const FIRST = ['Muhammad', 'Ali', 'Fatima', 'Ayesha', 'Hassan', 'Zainab', 'Omar', 'Sara', 'Bilal', 'Hina', 'Usman', 'Amina'];
const LAST = ['Khan', 'Ahmed', 'Hussain', 'Qureshi', 'Malik', 'Sheikh', 'Butt', 'Chaudhry', 'Raza', 'Siddiqui'];

/** Letters for a number, so generated names stay names (a screening engine reads digits differently). */
function letters(value: number): string {
  let text = '';
  let rest = value;
  do {
    text = String.fromCharCode(97 + (rest % 26)) + text;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return text;
}

/** One customer's facts; `offset` keeps the baseline's people apart from the file's. */
function person(index: number, offset: number) {
  const n = index + offset;
  return {
    firstName: FIRST[n % FIRST.length] ?? 'Ali',
    lastName: `${LAST[Math.floor(n / 7) % LAST.length] ?? 'Khan'} ${letters(n)}`,
    dateOfBirth: `19${50 + (n % 50)}-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`,
    nationalityId: ['PK', 'AE', 'GB', 'IN'][n % 4] ?? 'PK',
    countryOfResidenceId: ['PK', 'AE', 'GB'][n % 3] ?? 'PK',
    idType: 'id',
    idNumber: String(3_520_000_000_000 + n),
    email: `bulk${n}@example.com`,
    phoneNumber: `+92300${String(n).padStart(7, '0')}`,
    products: 'savings',
    isFaceToFace: n % 2 === 0 ? 'yes' : 'no',
  };
}

function customersCsv(rows: number): string {
  const header = BULK_COLUMNS.map((column) => column.column);
  const lines = [header.join(',')];
  for (let index = 0; index < rows; index += 1) {
    const row: Record<string, string> = person(index, 0);
    lines.push(header.map((column) => row[column] ?? '').join(','));
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const probe = new pg.Client({ connectionString: adminUrl });
  try {
    await probe.connect();
    await probe.end();
  } catch (error) {
    console.log(`PostgreSQL is not reachable at ${adminUrl} (${error instanceof Error ? error.message : String(error)}): skipped`);
    return;
  }
  process.env.SANAD_TEST_DB = 'postgres';
  process.env.TEST_DATABASE_URL = adminUrl;
  const database = await createTestDatabase();
  const { db } = database;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sanad-bench-bulk-'));
  const queue = await startJobQueue(db, { runWorkers: true, onError: (error) => console.error(error) });
  const secrets = {
    masterKey: randomBytes(32),
    tokenSecret: randomBytes(48).toString('base64url'),
    hmacKey: randomBytes(32),
    auditChainKey: randomBytes(32),
    auditCheckpointKey: randomBytes(32),
  };
  configureAuditTrail({ chainKey: secrets.auditChainKey, checkpointKey: secrets.auditCheckpointKey });
  const context: AppContext = {
    config: parseConfig({ SANAD_DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
    db,
    secrets,
    tokens: createTokenService(secrets.tokenSecret),
    captcha: createCaptchaService(db, secrets.hmacKey, { cost: 10, maxCounter: 50 }),
    vault: createFileVault(db, createLocalBlobStore(path.join(dataDir, 'files')), secrets.masterKey),
    jobs: queue,
    transports: { email: null, sms: null },
  };
  await ensureFirstAdministrator(db, { ...ADMIN, companyName: 'Benchmark Bank' });
  const modules = composeModules(context);
  await modules.registerJobs(queue);
  const app = await buildApp(context, { logger: false, modules });
  await app.ready();
  const loadAtStart = loadavg()[0] ?? 0;
  try {
    // The shipped public lists are loaded by their first-start job: screening runs against them.
    console.log('Loading the starter screening lists…');
    for (;;) {
      const state = await db.query<{ state: string }>(`select state::text as state from pgboss.job where name = 'screening.load-starter'`);
      if (state.rows.some((row) => row.state === 'completed')) break;
      if (state.rows.some((row) => row.state === 'failed')) throw new Error('the starter lists did not load');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const login = await app.inject({ method: 'POST', url: '/api/users/login', payload: ADMIN });
    const token = (login.json() as { data: { accessToken: string } }).data.accessToken;
    const headers = { authorization: `Bearer ${token}` };

    // Baseline: one registration per request, as a client looping over the file would do. The first
    // registration builds this process's screening index (seconds): it is made before either clock starts.
    console.log(`Baseline: ${BASELINE_ROWS} registrations through POST customers/self-register…`);
    let baselineStarted = performance.now();
    for (let index = -1; index < BASELINE_ROWS; index += 1) {
      if (index === 0) baselineStarted = performance.now();
      const facts = person(index, 10_000_000);
      const response = await app.inject({
        method: 'POST',
        url: '/api/customers/self-register',
        headers,
        payload: {
          basicInfo: {
            firstName: facts.firstName,
            lastName: facts.lastName,
            dateOfBirth: facts.dateOfBirth,
            nationalityId: facts.nationalityId,
            countryOfResidenceId: facts.countryOfResidenceId,
          },
          identityInfo: { type: 'id', number: facts.idNumber },
          occupationInfo: {},
          pepDeclaration: {},
          contactInfo: { email: facts.email, phoneNumber: facts.phoneNumber },
          accountInfo: { products: ['savings'], isf2f: facts.isFaceToFace === 'yes' },
        },
      });
      if (response.statusCode !== 200) throw new Error(`baseline registration refused: ${response.body}`);
    }
    const baselineSeconds = (performance.now() - baselineStarted) / 1000;
    const baselineRate = BASELINE_ROWS / baselineSeconds;

    console.log(`Bulk: a file of ${ROWS.toLocaleString()} rows…`);
    const csv = customersCsv(ROWS);
    const started = performance.now();
    const form = multipart({ type: 'customers' }, { name: 'customers.csv', body: Buffer.from(csv) });
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload: form.payload,
      headers: { ...form.headers, ...headers },
    });
    if (uploaded.statusCode !== 200) throw new Error(`upload refused: ${uploaded.body}`);
    const { fileName } = (uploaded.json() as { data: { fileName: string } }).data;
    const transform = await app.inject({ method: 'POST', url: '/api/customers/etl-transform', headers, payload: { fileName } });
    if (transform.statusCode !== 200) throw new Error(`etl-transform refused: ${transform.body}`);
    let progress: TBulkProgress;
    let lastShown = -1;
    for (;;) {
      const answer = await app.inject({ method: 'GET', url: '/api/users/bulkUploadProgress?onLoad=false', headers });
      progress = answer.json() as TBulkProgress;
      if (!progress.status || progress.percentage >= 100) break;
      if (progress.percentage >= lastShown + 10) {
        lastShown = progress.percentage;
        console.log(`  ${progress.percentage}% after ${round((performance.now() - started) / 1000)} s`);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const seconds = (performance.now() - started) / 1000;
    if (!progress.status) throw new Error(`the upload failed: ${progress.message}`);
    const rate = ROWS / seconds;
    const counts = await db.query<{ customers: number; hits: number; rated: number; alerts: number }>(
      `select (select count(*)::int from customers) as customers, (select count(*)::int from customer_hits) as hits,
              (select count(*)::int from customers where risk_level is not null) as rated, (select count(*)::int from alerts) as alerts`,
    );
    const extrapolatedSeconds = TARGET_ROWS / rate;
    report(`bulk import of ${ROWS.toLocaleString()} rows (imported, screened, rated)`, rate, 'rows/s', {
      baseline: baselineRate,
      target: `>= ${round(TARGET_ROWS / TARGET_SECONDS)} rows/s (100,000 in 5 min)`,
    });
    report('per row', (seconds * 1000) / ROWS, 'ms', { baseline: (baselineSeconds * 1000) / BASELINE_ROWS });
    console.log(
      `100,000 rows at this rate: ${round(extrapolatedSeconds / 60)} min (target ${TARGET_SECONDS / 60} min); ` +
        `accepted ${progress.data?.acceptedRows ?? 0}, refused ${progress.data?.refusedRows ?? 0}; ` +
        `in the database: ${JSON.stringify(counts.rows[0])}`,
    );
    const file = writeResult('bulk-bench', {
      rows: ROWS,
      seconds: round(seconds),
      rowsPerSecond: round(rate),
      msPerRow: round((seconds * 1000) / ROWS),
      baselineRows: BASELINE_ROWS,
      baselineRowsPerSecond: round(baselineRate),
      extrapolatedMinutesFor100k: round(extrapolatedSeconds / 60),
      isTargetMet: extrapolatedSeconds <= TARGET_SECONDS,
      accepted: progress.data?.acceptedRows ?? 0,
      refused: progress.data?.refusedRows ?? 0,
      database: counts.rows[0],
      cpus: cpus().length,
      loadAverage: { start: round(loadAtStart), end: round(loadavg()[0] ?? 0) },
    });
    console.log(`Results in ${file}`);
  } finally {
    await app.close();
    await queue.stop();
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
