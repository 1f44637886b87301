import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../platform/db/database';
import { openPgliteDatabase } from '../platform/db/pglite-database';
import { openPostgresDatabase } from '../platform/db/postgres-database';
import { migrate } from '../platform/db/migrate';
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
    const db = await openPgliteDatabase('memory://');
    await migrate(db);
    return { db, kind: 'pglite', dispose: () => db.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('SANAD_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `sanad_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgresDatabase(url.toString(), 5);
  await migrate(db);
  return {
    db,
    kind: 'postgres',
    async dispose() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
