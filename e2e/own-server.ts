import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PASSWORD, ROOT } from './environment';
import { expectSignedIn } from './support';

/**
 * A Sanad server of one spec's own, on a fresh embedded database, for what the shared test server
 * cannot be (no mail server; a register file imported by the command line before the server holds
 * the database, which admits one process at a time). Built app only (`npm run build`).
 */
export interface OwnServer {
  baseUrl: string;
  dataDir: string;
  /** Runs the built command line against this server's database; answers its output. */
  cli(args: readonly string[]): string;
  /** Starts the server and waits until it is ready. */
  start(): Promise<void>;
  /** What the server printed on standard output so far. */
  output(): string;
  stop(): Promise<void>;
  signInAsAdmin(page: Page): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Prepares the server (`sanad setup` done, not started); `without` names variables it must not see. */
export async function prepareOwnServer(name: string, adminEmail: string, without: readonly string[] = []): Promise<OwnServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `sanad-e2e-${name}-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SANAD_DATA_DIR: dataDir,
    PORT: String(port),
    SANAD_PUBLIC_URL: baseUrl,
    SANAD_ADMIN_EMAIL: adminEmail,
    SANAD_ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
  };
  for (const variable of ['DATABASE_URL', ...without]) delete env[variable];
  let server: ChildProcess | null = null;
  let output = '';

  const cli = (args: readonly string[]): string => {
    const result = spawnSync(process.execPath, [path.join(ROOT, 'apps', 'server', 'dist', 'cli.js'), ...args], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`sanad ${args.join(' ')} failed:\n${result.stderr}${result.stdout}`);
    return result.stdout;
  };
  cli(['setup']);

  return {
    baseUrl,
    dataDir,
    cli,
    async start() {
      server = spawn(process.execPath, [path.join(ROOT, 'apps', 'server', 'dist', 'main.js')], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      server.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      for (let waited = 0; waited < 60_000; waited += 250) {
        const ready = await fetch(`${baseUrl}/api/ready`).then(
          (response) => response.ok,
          () => false,
        );
        if (ready) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`the ${name} test server did not become ready`);
    },
    output: () => output,
    async stop() {
      const running = server;
      if (running?.pid && running.exitCode === null) {
        running.kill('SIGTERM');
        await new Promise((resolve) => running.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
    async signInAsAdmin(page: Page) {
      await page.goto(`${baseUrl}/`);
      await page.getByLabel('Email or username').fill(adminEmail);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expectSignedIn(page);
    },
  };
}
