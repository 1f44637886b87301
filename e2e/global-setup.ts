import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNTS, BASE_URL, E2E_PORT, PASSWORD, ROOT, STATE_FILE, SUPPORT_EMAIL } from './environment';
import { startE2eIdentityProvider } from './identity-provider';
import { startSmtpSink } from '@sanad/test-support/smtp-sink';
import { MAIL_DIR } from './mail-sink';

/**
 * Refuses to start when another process holds the port: the tests would otherwise run against that
 * process (another checkout's e2e server, a developer's own server) and fail in confusing ways.
 */
async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(new Error(`port ${port} is already in use: stop what listens there or set SANAD_E2E_PORT to a free port`)),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

async function waitForReady(timeoutMs: number, hasExited: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error('the Sanad server stopped before it became ready (its output is above)');
    try {
      const response = await fetch(`${BASE_URL}/api/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the Sanad server did not become ready on ${BASE_URL}`);
}

/**
 * Starts the built app on a fresh embedded database: first the mail sink, then the CLI sets up the
 * administrator and the test accounts (the embedded database allows one process at a time), then
 * the server.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  await assertPortFree(E2E_PORT);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sanad-e2e-'));
  const identityProvider = await startE2eIdentityProvider();
  // The app's e-mails (one-time codes, invitations) go to a loopback sink the tests read.
  const mail = await startSmtpSink({ mailDir: MAIL_DIR });
  const env = {
    ...process.env,
    ...identityProvider.env,
    SANAD_DATA_DIR: dataDir,
    PORT: String(E2E_PORT),
    SANAD_ADMIN_EMAIL: ACCOUNTS.admin.email,
    SANAD_ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
    // Browser tests sign in many times from one address.
    RATE_LIMIT_PER_MINUTE: '100000',
    SMTP_URL: mail.url,
    SANAD_SUPPORT_EMAIL: SUPPORT_EMAIL,
    // The sign-up tests need the installation to take public sign-ups, which is off by default.
    SANAD_PUBLIC_SIGNUP: 'true',
    // The webhook tests run a receiver on loopback, which the address guard refuses unless named here.
    SANAD_WEBHOOK_ALLOWED_ADDRESSES: '127.0.0.1',
  };
  const cli = path.join(ROOT, 'apps', 'server', 'dist', 'cli.js');
  const run = (args: string[]) => {
    const result = spawnSync(process.execPath, [cli, ...args], { cwd: ROOT, env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`sanad ${args.join(' ')} failed:\n${result.stderr}${result.stdout}`);
  };
  run(['setup']);
  for (const account of Object.values(ACCOUNTS)) {
    if (account.email === ACCOUNTS.admin.email) continue;
    run([
      'user:create',
      '--email',
      account.email,
      '--password',
      PASSWORD,
      '--permissions',
      account.permissions,
      '--first-name',
      'E2E',
      '--last-name',
      account.email.split('@')[0] ?? 'User',
      ...account.flags,
    ]);
  }
  const server = spawn(process.execPath, [path.join(ROOT, 'apps', 'server', 'dist', 'main.js')], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
    detached: false,
  });
  let hasExited = false;
  server.once('exit', () => {
    hasExited = true;
  });
  mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  writeFileSync(STATE_FILE, JSON.stringify({ pid: server.pid, dataDir }));
  await waitForReady(60_000, () => hasExited);
  // Playwright calls what global setup returns as a teardown, after the tests.
  return async () => {
    await identityProvider.close();
    await mail.close();
  };
}
