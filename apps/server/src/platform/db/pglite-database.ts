import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { beginAfterCommit, endAfterCommit } from './after-commit';
import type { Database, QueryResult, Queryable } from './database';
import { lockDataDirectory, type DirectoryLock } from './pglite-lock';
import { DATE_OID } from './database';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<T>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      const result = await target.query<T>(text, params ? [...params] : undefined);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
  };
}

export interface PgliteOptions {
  /** Starts from this data directory (a tarball from `pgliteImage`) instead of an empty one. */
  loadDataDir?: Blob;
}

/**
 * Embedded PostgreSQL (PGlite, WASM) under the data directory, or in memory for tests
 * (`memory://`). One connection: PGlite queues statements, and a transaction holds it until done.
 */
export async function openPgliteDatabase(dir: string, options: PgliteOptions = {}): Promise<Database> {
  return (await openPglite(dir, options)).database;
}

/**
 * The data directory of a new in-memory database once `prepare` has run on it (migrations), as
 * the tarball `loadDataDir` starts another database from.
 */
export async function pgliteImage(prepare: (db: Database) => Promise<unknown>): Promise<Blob> {
  const { pg, database } = await openPglite('memory://', {});
  try {
    await prepare(database);
    return await pg.dumpDataDir('none');
  } finally {
    await database.close();
  }
}

async function openPglite(dir: string, options: PgliteOptions): Promise<{ pg: PGlite; database: Database }> {
  let lock: DirectoryLock | null = null;
  if (!dir.startsWith('memory://')) {
    mkdirSync(dir, { recursive: true });
    lock = await lockDataDirectory(dir);
  }
  let pg: PGlite;
  try {
    // pg_trgm: the customer list's keyword search is served by a trigram index, as on PostgreSQL.
    pg = await PGlite.create(dir, {
      parsers: { [DATE_OID]: (value: string) => value },
      extensions: { pg_trgm },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const outer = wrap(pg);
  const database: Database = {
    kind: 'pglite',
    query: outer.query,
    exec: outer.exec,
    async transaction(fn) {
      let tx: Queryable | null = null;
      let committed = false;
      try {
        const result = await pg.transaction((open) => {
          tx = wrap(open);
          beginAfterCommit(tx);
          return fn(tx);
        });
        committed = true;
        return result;
      } finally {
        if (tx) endAfterCommit(tx, committed);
      }
    },
    async listen(channel, handler) {
      const unsubscribe = await pg.listen(channel, handler);
      return unsubscribe;
    },
    async raw(text, values) {
      if (values && values.length > 0) return pg.query(text, [...values]);
      const results = await pg.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
    async close() {
      try {
        await pg.close();
      } finally {
        lock?.release();
      }
    },
  };
  return { pg, database };
}
