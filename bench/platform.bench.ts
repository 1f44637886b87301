/**
 * Platform benchmarks (issue: foundation):
 *  1. `npm start` to ready on an existing install (target ≤ 3 s), beside a bare Node HTTP server's start.
 *  2. /api/ready and an authenticated endpoint under load with autocannon on PostgreSQL
 *     (target ≥ 1,000 req/s at p99 ≤ 50 ms), beside a bare Fastify server answering the same JSON.
 *  3. gzip size of the JavaScript the login page and the signed-in shell load (targets ≤ 200 KB and
 *     ≤ 300 KB), beside React and ReactDOM alone, the floor of any React app.
 * Builds first (`npm run build`); BENCH_PLATFORM_PARTS=load runs the load test alone (the server
 * build only). The load test needs PostgreSQL at BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test, where a scratch database is created).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { chromium } from '@playwright/test';
import { REPO_ROOT, report, round, writeResult } from './lib';

const require = createRequire(import.meta.url);
const ADMIN = { email: 'bench@sanad.test', password: 'Bench-pass1' };
const SERVER_MAIN = path.join(REPO_ROOT, 'apps', 'server', 'dist', 'main.js');

function serverEnv(port: number, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    SANAD_DATA_DIR: dataDir,
    SANAD_ADMIN_EMAIL: ADMIN.email,
    SANAD_ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    ...extra,
  };
}

async function waitForUrl(url: string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return performance.now() - started;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} not ready in ${timeoutMs} ms`);
}

/**
 * How long a stopped server may take to close. Longer than the 30 s a start waits for the embedded
 * database's lock, so a server still closing after this is stuck, not slow: it is killed, and the
 * kill is reported and recorded, instead of the benchmark waiting for ever.
 */
const STOP_DEADLINE_MS = 35_000;
const KILL_WAIT_MS = 5_000;
/** Process groups that had to be killed, reported in the results beside the figures they may colour. */
const forcedStops: string[] = [];

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits for the process group to be gone; false when it is still alive at the deadline. */
async function waitForGroupExit(pid: number, deadline: number): Promise<boolean> {
  while (isGroupAlive(pid)) {
    if (performance.now() >= deadline) return false;
    await sleep(20);
  }
  return true;
}

/** Stops a child and everything it started (npm start runs the server two processes down). */
async function stop(child: ChildProcess, label: string): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const pid = child.pid;
  const deadline = performance.now() + STOP_DEADLINE_MS;
  const exited = new Promise<void>((resolve) => {
    // Cleared on exit, so that a pending deadline does not hold the benchmark open once it is done.
    const timer = setTimeout(resolve, STOP_DEADLINE_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  process.kill(-pid, 'SIGTERM');
  await exited;
  // npm may exit before the server has closed its database: wait for the whole group to be gone.
  if (await waitForGroupExit(pid, deadline)) return;
  const message = `${label} (process group ${pid}) still running ${STOP_DEADLINE_MS / 1000} s after SIGTERM: sent SIGKILL`;
  console.error(message);
  forcedStops.push(message);
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group ended between the last check and the kill
  }
  if (!(await waitForGroupExit(pid, performance.now() + KILL_WAIT_MS))) throw new Error(`${label} (process group ${pid}) survived SIGKILL`);
}

function isGroupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until the starter lists (UN, OFAC SDN, OFAC consolidated, BIS DPL) are stored; answers the seconds waited. */
async function waitForStarterLists(base: string, token: string): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 180_000) {
    const answer = await fetch(`${base}/screening/lists`, { headers: { authorization: `Bearer ${token}` } });
    const lists = ((await answer.json()) as { data: unknown }).data;
    if (Array.isArray(lists) && lists.length >= 4) return (performance.now() - started) / 1000;
    await sleep(250);
  }
  throw new Error('the starter lists were not loaded in 3 minutes');
}

async function measureStart(port: number, dataDir: string): Promise<number> {
  const child = spawn('npm', ['start', '--silent'], { cwd: REPO_ROOT, env: serverEnv(port, dataDir), stdio: 'ignore', detached: true });
  try {
    return await waitForUrl(`http://127.0.0.1:${port}/api/ready`, 60_000);
  } finally {
    await stop(child, 'npm start');
  }
}

async function measureBareStart(port: number): Promise<number> {
  const code = `require('node:http').createServer((q,s)=>s.end('{"status":true}')).listen(${port})`;
  const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore', detached: true });
  try {
    return await waitForUrl(`http://127.0.0.1:${port}/`, 10_000);
  } finally {
    await stop(child, 'bare Node server');
  }
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function startTime(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sanad-bench-start-'));
  try {
    await measureStart(3291, dataDir); // first start: creates the database, not counted
    const runs = [await measureStart(3291, dataDir), await measureStart(3291, dataDir), await measureStart(3291, dataDir)];
    const bare = [await measureBareStart(3292), await measureBareStart(3292), await measureBareStart(3292)];
    report('npm start → /api/ready (existing install, median of 3)', median(runs) / 1000, 's', {
      baseline: median(bare) / 1000,
      target: '≤ 3 s',
    });
    return {
      startToReadySeconds: round(median(runs) / 1000),
      runsMs: runs.map((value) => round(value)),
      bareNodeServerSeconds: round(median(bare) / 1000),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface LoadFigures {
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, headers: Record<string, string> = {}, seconds = 10): Promise<LoadFigures> {
  // Two seconds first, not counted, for every server alike: the first requests of a route compile its
  // code and open and prepare its statements on each pooled connection, which is not its steady pace.
  await autocannon({ url, headers, connections: 50, duration: 2, pipelining: 1 });
  const result = await autocannon({ url, headers, connections: 50, duration: seconds, pipelining: 1 });
  return {
    requestsPerSecond: round(result.requests.average),
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function loadTest(): Promise<Record<string, unknown>> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `sanad_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`load test skipped: PostgreSQL not reachable at ${adminUrl} (${(error as Error).message})`);
    return { skipped: 'PostgreSQL not reachable' };
  }
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sanad-bench-load-'));
  const port = 3293;
  const server = spawn(process.execPath, [SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: serverEnv(port, dataDir, { DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: '20' }),
    stdio: 'ignore',
    detached: true,
  });
  const bare = spawn(process.execPath, ['-e', bareFastify(3294)], { cwd: REPO_ROOT, stdio: 'ignore', detached: true });
  try {
    await waitForUrl(`http://127.0.0.1:${port}/api/ready`, 60_000);
    await waitForUrl(`http://127.0.0.1:3294/ready`, 10_000);
    const login = await fetch(`http://127.0.0.1:${port}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    // A new install loads the starter screening lists in a job of its own, seconds of parsing that
    // would otherwise be measured as the API's throughput: wait for it to finish.
    const starterSeconds = await waitForStarterLists(`http://127.0.0.1:${port}/api`, token);
    // An authenticated list, as the target names it: session check, permission, segment scope, a query.
    const authenticatedPath = process.env.BENCH_LIST_PATH ?? '/api/users/';
    const baseline = await load('http://127.0.0.1:3294/ready');
    const databaseFloor = await databaseRoundTrips(url.toString());
    const ready = await load(`http://127.0.0.1:${port}/api/ready`);
    const authenticated = await load(`http://127.0.0.1:${port}${authenticatedPath}`, { authorization: `Bearer ${token}` });
    // The machine may be shared: its load while the figures above were taken, beside them.
    const loadAverage = loadavg().map((value) => round(value));
    report('GET /api/ready on PostgreSQL', ready.requestsPerSecond, 'req/s', {
      baseline: baseline.requestsPerSecond,
      target: '≥ 1,000 req/s',
    });
    report('GET /api/ready p99', ready.p99Ms, 'ms', { baseline: baseline.p99Ms, target: '≤ 50 ms' });
    report(`GET ${authenticatedPath} (authenticated)`, authenticated.requestsPerSecond, 'req/s', {
      baseline: baseline.requestsPerSecond,
      target: '≥ 1,000 req/s',
    });
    report(`GET ${authenticatedPath} p99`, authenticated.p99Ms, 'ms', { baseline: baseline.p99Ms, target: '≤ 50 ms' });
    report('Baseline: `select 1` through a pool of 20 at 50 concurrent (the database floor)', databaseFloor.queriesPerSecond, 'queries/s');
    report('Baseline: `select 1` p99', databaseFloor.p99Ms, 'ms');
    console.log(`load average (1, 5, 15 min) at the end: ${loadAverage.join(', ')} on ${cpus().length} cores`);
    return {
      ready,
      authenticated: { path: authenticatedPath, ...authenticated },
      bareFastifyBaseline: baseline,
      databaseFloor,
      loadAverage,
      cores: cpus().length,
      starterListsLoadedAfterSeconds: round(starterSeconds),
      connections: 50,
      durationSeconds: 10,
    };
  } finally {
    await stop(server, 'server on PostgreSQL');
    await stop(bare, 'bare Fastify server');
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The database's own ceiling on this machine at the moment of the run: `select 1` round trips through
 * a pool as large as the server's, 50 at a time. An authenticated list needs one statement (the
 * page and its total together) once its caller's session is cached, so this bounds it from above.
 */
async function databaseRoundTrips(connectionString: string): Promise<{ queriesPerSecond: number; p99Ms: number; p50Ms: number }> {
  const pool = new pg.Pool({ connectionString, max: 20 });
  const latencies: number[] = [];
  const until = performance.now() + 5_000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (performance.now() < until) {
        const sent = performance.now();
        await pool.query('select 1');
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? Number.NaN);
  return { queriesPerSecond: round(latencies.length / seconds), p99Ms: at(99), p50Ms: at(50) };
}

function bareFastify(port: number): string {
  return `const f=require('fastify')();f.get('/ready',async()=>({status:true,message:'Ready',data:{database:'postgres'}}));f.listen({port:${port},host:'127.0.0.1'})`;
}

function gzipKb(buffer: Buffer): number {
  return gzipSync(buffer).length / 1024;
}

async function bundleSizes(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sanad-bench-web-'));
  const port = 3295;
  const server = spawn(process.execPath, [SERVER_MAIN], { cwd: REPO_ROOT, env: serverEnv(port, dataDir), stdio: 'ignore', detached: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    await waitForUrl(`http://127.0.0.1:${port}/api/ready`, 60_000);
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.set(response.url(), gzipKb(await response.body()));
    });
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
    const loginKb = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    await page.getByLabel('Email or username').fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Total actions' }).waitFor();
    await page.waitForLoadState('networkidle');
    const shellKb = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    // Package internals are not exported; locate each package folder through its package.json.
    const packageFile = (name: string, file: string) => path.join(path.dirname(require.resolve(`${name}/package.json`)), file);
    const reactFloor = gzipKb(
      Buffer.concat(
        [
          packageFile('react', 'cjs/react.production.js'),
          packageFile('react-dom', 'cjs/react-dom-client.production.js'),
          packageFile('scheduler', 'cjs/scheduler.production.js'),
        ].map((file) => readFileSync(file)),
      ),
    );
    report('JavaScript loaded by the login page (gzip)', loginKb, 'KB', { baseline: reactFloor, target: '≤ 200 KB' });
    report('JavaScript loaded by the signed-in shell (gzip, login included)', shellKb, 'KB', { baseline: reactFloor, target: '≤ 300 KB' });
    return {
      loginPageGzipKb: round(loginKb),
      signedInShellGzipKb: round(shellKb),
      reactAndReactDomGzipKb: round(reactFloor),
      scripts: scripts.size,
    };
  } finally {
    await browser.close();
    await stop(server, 'server for the bundle sizes');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** BENCH_PLATFORM_PARTS narrows the run (e.g. `load`); by default all three parts run. */
const parts = new Set((process.env.BENCH_PLATFORM_PARTS ?? 'start,load,bundles').split(',').map((part) => part.trim()));
const buildScript = parts.has('start') || parts.has('bundles') ? 'build' : 'build:server';

// "An existing install" is a built one: build now so that npm start below measures starting only.
console.log(`Building (npm run ${buildScript})...`);
if (spawnSync('npm', ['run', '--silent', buildScript], { cwd: REPO_ROOT, stdio: 'ignore' }).status !== 0 || !existsSync(SERVER_MAIN)) {
  console.error(`npm run ${buildScript} failed`);
  process.exit(1);
}

const start = parts.has('start') ? await startTime() : { skipped: 'not in BENCH_PLATFORM_PARTS' };
const loadFigures = parts.has('load') ? await loadTest() : { skipped: 'not in BENCH_PLATFORM_PARTS' };
const bundles = parts.has('bundles') ? await bundleSizes() : { skipped: 'not in BENCH_PLATFORM_PARTS' };
// A partial run writes a file of its own, leaving the full run's figures as they were.
const resultName = parts.size === 3 ? 'platform-bench' : `platform-bench-${[...parts].toSorted().join('-')}`;
console.log(`written to ${writeResult(resultName, { start, load: loadFigures, bundles, forcedStops })}`);
