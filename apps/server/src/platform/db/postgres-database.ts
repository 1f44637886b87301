import pg from 'pg';
import type { Database, QueryResult, Queryable } from './database';

// int8 (counts, sums) as numbers, the same as PGlite returns them; values stay far below 2^53.
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === 20 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format ?? 'text'),
};

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      const result = await client.query(text, params ? [...params] : undefined);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
  };
}

export async function openPostgresDatabase(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const probe = await pool.connect();
  probe.release();
  const outer = wrap(pool);
  return {
    kind: 'postgres',
    query: outer.query,
    exec: outer.exec,
    async raw(text, values) {
      const result: pg.QueryResult | pg.QueryResult[] = await pool.query(text, values ? [...values] : undefined);
      return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
