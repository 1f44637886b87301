import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppContext } from '../src/app';
import { parseConfig, type Config } from '../src/config';
import { createTokenService } from '../src/platform/auth/tokens';
import { createCaptchaService } from '../src/platform/auth/captcha';
import { createLocalBlobStore } from '../src/platform/storage/local-blob-store';
import { createFileVault } from '../src/platform/storage/file-vault';
import type { Secrets } from '../src/platform/crypto/secrets';
import type { JobQueue } from '../src/platform/jobs/job-queue';
import type { Transports } from '../src/platform/messaging/transports';
import { ensureFirstAdministrator } from '../src/modules/setup/first-start.service';
import { createTestDatabase, type TestDatabase } from './test-database';

export const ADMIN_EMAIL = 'admin@sanad.test';
export const ADMIN_PASSWORD = 'Admin123!';

export interface TestApp {
  app: FastifyInstance;
  context: AppContext;
  database: TestDatabase;
  adminSegmentId: string;
  /** Signs in through the API and returns the bearer token. */
  login(identifier: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  jobs?: JobQueue | null;
  transports?: Transports;
}

/** The application on a fresh database, with the first administrator created as on first start. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sanad-test-'));
  const config: Config = parseConfig({ SANAD_DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...options.env });
  const secrets: Secrets = {
    masterKey: randomBytes(32),
    tokenSecret: randomBytes(48).toString('base64url'),
    hmacKey: randomBytes(32),
  };
  const context: AppContext = {
    config,
    db: database.db,
    secrets,
    tokens: createTokenService(secrets.tokenSecret),
    // A light work factor keeps captcha-solving tests quick; the protocol is the same.
    captcha: createCaptchaService(database.db, secrets.hmacKey, { cost: 10, maxCounter: 50 }),
    vault: createFileVault(database.db, createLocalBlobStore(path.join(dataDir, 'files')), secrets.masterKey),
    jobs: options.jobs ?? null,
    transports: options.transports ?? { email: null, sms: null },
  };
  const admin = await ensureFirstAdministrator(database.db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, companyName: 'Test Bank' });
  if (!admin) throw new Error('first administrator was not created');
  const app = await buildApp(context, { logger: false });
  await app.ready();

  return {
    app,
    context,
    database,
    adminSegmentId: admin.dataSegmentId,
    async login(identifier, password) {
      const response = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email: identifier, password } });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      return (response.json() as { data: { accessToken: string } }).data.accessToken;
    },
    async close() {
      await app.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function body<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json() as T;
}
