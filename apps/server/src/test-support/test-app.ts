import { afterAll, beforeAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { composeModules, type AppContext } from '../composition';
import { parseConfig, type Config } from '../config';
import { createTokenService } from '../platform/auth/tokens';
import { createCaptchaService } from '../platform/auth/captcha';
import { createLocalBlobStore } from '../platform/storage/local-blob-store';
import { createFileVault } from '../platform/storage/file-vault';
import type { Secrets } from '../platform/crypto/secrets';
import { configureAuditTrail } from '../platform/audit/audit-log';
import { startJobQueue, type JobQueue } from '../platform/jobs/job-queue';
import type { Transports } from '../platform/messaging/transports';
import { ensureFirstAdministrator } from '../modules/setup/first-start.service';
import { createTestDatabase, type TestDatabase } from './test-database';

export const ADMIN_EMAIL = 'admin@sanad.test';
export const ADMIN_PASSWORD = 'Admin123!';

export interface TestApp {
  app: FastifyInstance;
  context: AppContext;
  database: TestDatabase;
  adminSegmentId: string;
  /**
   * Signs in through the API and returns the bearer token. Each sign-in comes from its own loopback
   * address, so a file that signs many users in is not refused by the per-address sign-in limit
   * (the tests of that limit send their own requests).
   */
  login(identifier: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  jobs?: JobQueue | null;
  /**
   * Runs a real job queue on the test database, with every module's workers registered, as a
   * server process does: for tests of work that services hand to jobs.
   */
  startJobs?: boolean;
  transports?: Transports;
  /** Log at the config's LOG_LEVEL into this stream instead of not at all. */
  logStream?: { write(line: string): void };
}

/** The application on a fresh database, with the first administrator created as on first start. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const queue = options.startJobs ? await startJobQueue(database.db, { runWorkers: true, onError: () => undefined }) : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sanad-test-'));
  const config: Config = parseConfig({ SANAD_DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...options.env });
  const secrets: Secrets = {
    masterKey: randomBytes(32),
    tokenSecret: randomBytes(48).toString('base64url'),
    hmacKey: randomBytes(32),
    auditChainKey: randomBytes(32),
    auditCheckpointKey: randomBytes(32),
  };
  configureAuditTrail({ chainKey: secrets.auditChainKey, checkpointKey: secrets.auditCheckpointKey });
  const context: AppContext = {
    config,
    db: database.db,
    secrets,
    tokens: createTokenService(secrets.tokenSecret),
    // A light work factor keeps captcha-solving tests quick; the protocol is the same.
    captcha: createCaptchaService(database.db, secrets.hmacKey, { cost: 10, maxCounter: 50 }),
    vault: createFileVault(database.db, createLocalBlobStore(path.join(dataDir, 'files')), secrets.masterKey),
    jobs: queue ?? options.jobs ?? null,
    transports: options.transports ?? { email: null, sms: null },
  };
  const admin = await ensureFirstAdministrator(database.db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, companyName: 'Test Bank' });
  if (!admin) throw new Error('first administrator was not created');
  const modules = composeModules(context);
  if (queue) await modules.registerJobs(queue);
  const app = await buildApp(context, options.logStream ? { logStream: options.logStream, modules } : { logger: false, modules });
  await app.ready();

  let loginCount = 0;
  return {
    app,
    context,
    database,
    adminSegmentId: admin.dataSegmentId,
    async login(identifier, password) {
      loginCount += 1;
      const remoteAddress = `127.1.${Math.floor(loginCount / 250) % 250}.${(loginCount % 250) + 1}`;
      const response = await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: identifier, password },
        remoteAddress,
      });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      return (response.json() as { data: { accessToken: string } }).data.accessToken;
    },
    async close() {
      await app.close();
      await queue?.stop();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function body<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json() as T;
}

/** An API answer as the tests read it: the status beside the envelope's data, message, code and field errors. */
export interface ApiAnswer<T> {
  status: number;
  data: T;
  message: string;
  code?: string;
  errors?: Record<string, string[]>;
}

/** One call of the API under /api, with the given headers (and client address, for per-address limits). */
export async function callApi<T>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload: unknown,
  headers: Record<string, string>,
  remoteAddress?: string,
): Promise<ApiAnswer<T>> {
  const response = await app.inject({
    method,
    url: `/api/${url}`,
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  const parsed = body<Omit<ApiAnswer<T>, 'status'>>(response);
  return { ...parsed, status: response.statusCode };
}

/** The test app of one test file, and the first administrator's token. */
export interface UsedTestApp extends TestApp {
  adminToken: string;
}

/**
 * Builds the app on a fresh database before the file's tests and closes it after them: what every
 * API test file needs, in one line. Read the properties inside tests or hooks, not at the top level.
 */
export function useTestApp(options: TestAppOptions = {}): UsedTestApp {
  let current: TestApp | null = null;
  let adminToken = '';
  beforeAll(async () => {
    current = await createTestApp(options);
    adminToken = await current.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await current?.close();
  });
  const started = (): TestApp => {
    if (!current) throw new Error('useTestApp: the app starts in beforeAll; use it inside a test or hook');
    return current;
  };
  return {
    get app() {
      return started().app;
    },
    get context() {
      return started().context;
    },
    get database() {
      return started().database;
    },
    get adminSegmentId() {
      return started().adminSegmentId;
    },
    get adminToken() {
      started();
      return adminToken;
    },
    login: (identifier, password) => started().login(identifier, password),
    close: () => started().close(),
  };
}
