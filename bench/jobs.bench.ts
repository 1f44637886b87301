/**
 * Interactive requests while a long job runs on the embedded database (PGlite), where the API and the
 * jobs share one process and one connection. Target: p99 < 200 ms for `GET /api/ready` and for an
 * authenticated list (`GET /api/users/`) while a re-rating of many customers runs, beside the same
 * requests with no job running, measured in the same run against the same server.
 *
 *   npm run bench -- jobs
 *
 * The real server (src/main.ts) runs in its own process on a scratch data directory; the customers
 * are stored before it starts. Requests come from 4 connections, each sending its next request when
 * the previous one is answered (a handful of people working while the job runs), not a flood.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openPgliteDatabase } from '../apps/server/src/platform/db/pglite-database';
import { migrate } from '../apps/server/src/platform/db/migrate';
import { buildIndividualRecord } from '../apps/server/src/test-support/risk-factories';
import { REPO_ROOT, report, round, writeResult } from './lib';

const CUSTOMERS = Number(process.env.BENCH_JOB_CUSTOMERS ?? 30_000);
const SECONDS = Number(process.env.BENCH_JOB_SECONDS ?? 10);
const CONNECTIONS = 4;
const TARGET_P99_MS = 200;
const ADMIN = { email: 'bench@sanad.test', password: 'Bench-pass1' };
const PORT = 3296;
const BASE = `http://127.0.0.1:${PORT}/api`;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps', 'server', 'src', 'main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      SANAD_DATA_DIR: dataDir,
      PORT: String(PORT),
      SANAD_ADMIN_EMAIL: ADMIN.email,
      SANAD_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is ready at')) resolve(child);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', () => reject(new Error(`the server stopped:\n${output}`)));
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Stores the customers in the segment the first start created, with the same records the tests use. */
async function seedCustomers(dataDir: string): Promise<string> {
  const db = await openPgliteDatabase(path.join(dataDir, 'db'));
  try {
    await migrate(db);
    const segment = (await db.query<{ id: string }>('select id from data_segments order by created_at, id limit 1')).rows[0]?.id;
    if (!segment) throw new Error('no data segment');
    const countries = ['PK', 'PK', 'PK', 'GB', 'AE'];
    for (let offset = 0; offset < CUSTOMERS; offset += 2_000) {
      const rows = Array.from({ length: Math.min(2_000, CUSTOMERS - offset) }, (_, index) => {
        const country = countries[(offset + index) % countries.length] ?? 'PK';
        return {
          type: 'individual',
          record: buildIndividualRecord({
            basicInfo: { firstName: `Customer${offset + index}`, lastName: 'Bench', nationalityId: country, countryOfResidenceId: country },
          }),
        };
      });
      await db.query(
        `insert into customers (data_segment_id, type, record, risk_context)
         select $1, c.type, c.record, '{"screeningHits": []}'::jsonb from json_to_recordset($2::json) as c(type text, record jsonb)`,
        [segment, JSON.stringify(rows)],
      );
    }
    return segment;
  } finally {
    await db.close();
  }
}

/** Waits until the first start's starter lists (UN, OFAC SDN, OFAC consolidated, BIS DPL) are stored. */
async function waitForStarterLists(): Promise<void> {
  const login = await fetch(`${BASE}/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const deadline = performance.now() + 180_000;
  while (performance.now() < deadline) {
    const lists = (await (await fetch(`${BASE}/screening/lists`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: unknown[];
    };
    if (Array.isArray(lists.data) && lists.data.length >= 4) return;
    await sleep(500);
  }
  throw new Error('the starter lists were not loaded in 3 minutes');
}

interface Latency {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
}

async function measure(url: string, headers: Record<string, string>, seconds: number): Promise<Latency> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds, pipelining: 1 });
  return {
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

interface RunState {
  status: string;
  processed: number;
  total: number;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sanad-bench-jobs-'));
  let server: ChildProcess | null = null;
  try {
    // The first start creates the database and the administrator and loads the starter screening lists
    // (a job of its own, left to finish so that it does not colour the figures); the customers are
    // stored while the server is down.
    const first = await startServer(dataDir);
    await waitForStarterLists();
    await stopServer(first);
    console.log(`Storing ${CUSTOMERS.toLocaleString()} customers…`);
    const segment = await seedCustomers(dataDir);
    server = await startServer(dataDir);

    const login = await fetch(`${BASE}/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const auth = { authorization: `Bearer ${token}` };
    const rerateUrl = `${BASE}/configurations/risk/rerate?dataSegmentId=${segment}`;
    const runState = async (): Promise<RunState | null> =>
      ((await (await fetch(rerateUrl, { headers: auth })).json()) as { data: { lastRun: RunState | null } }).data.lastRun;

    // Warm-up, then the baseline: no job running.
    await measure(`${BASE}/ready`, {}, 2);
    await measure(`${BASE}/users/`, auth, 2);
    const idleReady = await measure(`${BASE}/ready`, {}, SECONDS);
    const idleList = await measure(`${BASE}/users/`, auth, SECONDS);

    const started = performance.now();
    const start = await fetch(`${BASE}/configurations/risk/rerate`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ dataSegmentId: segment }),
    });
    if (!start.ok) throw new Error(`re-rating refused: ${start.status} ${await start.text()}`);
    // Measure only once the job is working, and check that it still was at the end of each measurement.
    while ((await runState())?.status !== 'running') await sleep(50);
    const busyReady = await measure(`${BASE}/ready`, {}, SECONDS);
    const afterReady = await runState();
    const busyList = await measure(`${BASE}/users/`, auth, SECONDS);
    const afterList = await runState();
    const wasRunningThroughout = afterReady?.status === 'running' && afterList?.status === 'running';
    let final = afterList;
    while (final && (final.status === 'queued' || final.status === 'running')) {
      await sleep(250);
      final = await runState();
    }
    const rerateSeconds = (performance.now() - started) / 1000;
    if (final?.status !== 'completed' || final.processed !== CUSTOMERS) throw new Error(`re-rating ended ${JSON.stringify(final)}`);

    console.log('');
    report(`GET /api/ready p99 while re-rating ${CUSTOMERS.toLocaleString()} customers`, busyReady.p99Ms, 'ms', {
      baseline: idleReady.p99Ms,
      target: `< ${TARGET_P99_MS} ms`,
    });
    report('GET /api/users/ (authenticated list) p99 while re-rating', busyList.p99Ms, 'ms', {
      baseline: idleList.p99Ms,
      target: `< ${TARGET_P99_MS} ms`,
    });
    report('GET /api/ready requests answered while re-rating', busyReady.requests, 'requests', { baseline: idleReady.requests });
    report('GET /api/users/ requests answered while re-rating', busyList.requests, 'requests', { baseline: idleList.requests });
    console.log(`  the re-rating ran throughout both measurements: ${wasRunningThroughout ? 'yes' : 'NO (use more customers)'}`);
    report(`Re-rating of ${CUSTOMERS.toLocaleString()} customers, under that load`, rerateSeconds, 's');

    const file = writeResult('jobs-bench', {
      command: 'npm run bench -- jobs',
      database: 'embedded PGlite (the API and the job in one process)',
      customers: CUSTOMERS,
      connections: CONNECTIONS,
      secondsPerMeasurement: SECONDS,
      machine: { cores: cpus().length, loadAverage1m: round(loadavg()[0] ?? 0) },
      targetP99Ms: TARGET_P99_MS,
      idle: { ready: idleReady, usersList: idleList },
      whileRerating: { ready: busyReady, usersList: busyList, wasRunningThroughout },
      isTargetMet: wasRunningThroughout && busyReady.p99Ms < TARGET_P99_MS && busyList.p99Ms < TARGET_P99_MS,
      rerateSeconds: round(rerateSeconds),
    });
    console.log(`written ${file}`);
  } finally {
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
