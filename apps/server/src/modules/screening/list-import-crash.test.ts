import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TBlacklistEntry, TListImport } from '@sanad/contracts/screening';
import { serverRoot } from '../../platform/server-root';
import { fixture } from '../../test-support/screening-helpers';

const ADMIN = { email: 'crash-admin@sanad.test', password: 'Admin123!' };
const dataDir = mkdtempSync(path.join(tmpdir(), 'sanad-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The real server (src/main.ts through tsx) on the test's data directory, as `npm start` runs it. */
async function startServer(env: Record<string, string> = {}) {
  const port = await freePort();
  const { DATABASE_URL: _url, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot(), 'src', 'main.ts')], {
    cwd: path.resolve(serverRoot(), '..', '..'),
    env: {
      ...inherited,
      NODE_ENV: 'test',
      SANAD_DATA_DIR: dataDir,
      PORT: String(port),
      SANAD_ADMIN_EMAIL: ADMIN.email,
      SANAD_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is ready at')) resolve();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => reject(new Error(`the server stopped before it was ready:\n${output}`)));
  });
  const base = `http://127.0.0.1:${port}/api`;
  const login = await fetch(`${base}/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
  const headers = { authorization: `Bearer ${accessToken}` };
  return {
    exited,
    output: () => output,
    async get<T>(url: string): Promise<T> {
      return ((await (await fetch(`${base}/${url}`, { headers })).json()) as { data: T }).data;
    },
    async post(url: string, init: { json?: unknown; form?: FormData }): Promise<Response> {
      return fetch(`${base}/${url}`, {
        method: 'POST',
        headers: init.json === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: init.form ?? JSON.stringify(init.json),
      });
    },
    async stop(): Promise<void> {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe.skipIf(process.env.SANAD_TEST_DB === 'postgres')('a list import across a crash', () => {
  it('still runs and completes after the server dies right after the import was recorded', { timeout: 240_000 }, async () => {
    const first = await startServer({ SANAD_TEST_CRASH_AFTER: 'list-import-commit' });
    const form = new FormData();
    form.set('type', 'screening-list');
    form.set('file', new Blob([fixture('sanad-list', 'black-list.csv')]), 'black-list.csv');
    const uploaded = (await (await first.post('files/', { form })).json()) as { data: { fileName: string } };
    // The process kills itself (SIGKILL) once the import's transaction has committed: no answer comes.
    await expect(first.post('screening-data/import/', { json: { fileName: uploaded.data.fileName } })).rejects.toThrow('fetch failed');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

    const second = await startServer();
    try {
      await expect
        .poll(async () => (await second.get<TListImport[]>('screening-data/imports'))[0]?.status, { timeout: 120_000, interval: 500 })
        .toBe('completed');
      const [done] = await second.get<TListImport[]>('screening-data/imports');
      expect(done).toMatchObject({ status: 'completed', percentage: 100, listKey: 'sanad-list', versionNo: 1 });
      const entries = await second.get<TBlacklistEntry[]>('screening-data/sanad-list?status=active');
      expect(entries.map((entry) => entry.entityId).toSorted()).toEqual(['BL-001', 'BL-002', 'BL-003']);
    } finally {
      await second.stop();
    }
  });
});
