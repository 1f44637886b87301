import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../platform/db/database';
import { openPgliteDatabase, pgliteImage } from '../platform/db/pglite-database';
import { openPostgresDatabase } from '../platform/db/postgres-database';
import { migrate, readMigrations } from '../platform/db/migrate';
import { configureAuditTrail } from '../platform/audit/audit-log';

export interface TestDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Closes the connection and, on PostgreSQL, drops the throw-away database. */
  dispose(): Promise<void>;
}

/** Which engine this test run uses; the root vitest config sets SANAD_TEST_DB per project. */
export const testDatabaseKind = (): 'pglite' | 'postgres' => (process.env.SANAD_TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server of TEST_DATABASE_URL, created here and dropped by dispose().
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  // Entries written straight to a test database are keyed like a server's; the test app sets its own keys.
  configureAuditTrail({ chainKey: randomBytes(32), checkpointKey: randomBytes(32) });
  if (testDatabaseKind() === 'pglite') {
    const db = await openPgliteDatabase('memory://', { loadDataDir: await migratedImage() });
    return { db, kind: 'pglite', dispose: () => db.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('SANAD_TEST_DB=postgres needs TEST_DATABASE_URL');
  const template = await migratedTemplate(adminUrl);
  const name = `sanad_test_${randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, (admin) => admin.query(`create database ${name} template ${template}`));
  const db = await openPostgresDatabase(databaseUrl(adminUrl, name), 5);
  return {
    db,
    kind: 'postgres',
    async dispose() {
      await db.close();
      await onServer(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

let image: Promise<Blob> | null = null;

/**
 * The data directory of a migrated PGlite, as a tarball each in-memory test database starts
 * from: migrated once per test worker instead of once per test file.
 */
function migratedImage(): Promise<Blob> {
  image ??= pgliteImage((db) => migrate(db));
  return image;
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

// Any constant: it only has to be the same for every test worker building the template at once.
const TEMPLATE_LOCK = 727_274_002;

/**
 * A database migrated to the current migrations, named by their checksums, that each test file's
 * database is copied from (CREATE DATABASE … TEMPLATE): one migration run per change of the
 * migrations instead of one per test file. Workers starting together build it once, under an
 * advisory lock; a template of older migrations is dropped when a new one is built.
 */
async function migratedTemplate(adminUrl: string): Promise<string> {
  const migrations = readMigrations();
  const digest = createHash('sha256')
    .update(migrations.map((migration) => `${migration.name}:${migration.checksum}`).join('\n'))
    .digest('hex')
    .slice(0, 16);
  const template = `sanad_template_${digest}`;
  return onServer(adminUrl, async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (found.rowCount === 0) {
        const stale = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'sanad\\_template\\_%'`);
        for (const { datname } of stale.rows) await admin.query(`drop database if exists ${datname} with (force)`);
        const building = `${template}_building`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const db = await openPostgresDatabase(databaseUrl(adminUrl, building), 1);
        try {
          await migrate(db, migrations);
        } finally {
          await db.close();
        }
        await admin.query(`alter database ${building} rename to ${template}`);
      }
      return template;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}
