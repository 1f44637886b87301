import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './database';
import { serverRoot } from '../server-root';

export const MIGRATIONS_DIR = path.join(serverRoot(), 'src', 'db', 'migrations');

interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .toSorted()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

// Any constant works; it only has to be the same for every replica that starts at once.
const MIGRATION_LOCK = 727_274_001;

/**
 * Applies every migration not yet applied, each in its own transaction, under an advisory
 * lock so that replicas starting together do not race. A landed migration whose file has since
 * changed stops the start: migrations are never edited once applied.
 */
export async function migrate(db: Database, migrations = readMigrations()): Promise<string[]> {
  await db.exec(`create table if not exists schema_migrations (
    name text primary key,
    checksum text not null,
    applied_at timestamptz not null default now()
  )`);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const applied = new Map(
      (await tx.query<{ name: string; checksum: string }>('select name, checksum from schema_migrations')).rows.map((row) => [
        row.name,
        row.checksum,
      ]),
    );
    const done: string[] = [];
    for (const migration of migrations) {
      const checksum = applied.get(migration.name);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was edited after it was applied; add a new migration instead`);
        }
        continue;
      }
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (name, checksum) values ($1, $2)', [migration.name, migration.checksum]);
      done.push(migration.name);
    }
    return done;
  });
}
