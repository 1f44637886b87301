import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { serverRoot } from '../platform/server-root';

export const CRASH_TEST_ADMIN = { email: 'crash-admin@sanad.test', password: 'Admin123!' };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface ServerProcess {
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
  get<T>(url: string): Promise<T>;
  post(url: string, init: { json?: unknown; form?: FormData }): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * The real server (src/main.ts through tsx) on the embedded database in `dataDir`, as `npm start`
 * runs it, signed in as the first administrator. The crash tests arm SANAD_TEST_CRASH_AFTER in `env`.
 */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const { DATABASE_URL: _url, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot(), 'src', 'main.ts')], {
    cwd: path.resolve(serverRoot(), '..', '..'),
    env: {
      ...inherited,
      NODE_ENV: 'test',
      SANAD_DATA_DIR: dataDir,
      PORT: String(port),
      SANAD_ADMIN_EMAIL: CRASH_TEST_ADMIN.email,
      SANAD_ADMIN_PASSWORD: CRASH_TEST_ADMIN.password,
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
    body: JSON.stringify(CRASH_TEST_ADMIN),
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
