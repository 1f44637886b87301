import pg from 'pg';
import { beginAfterCommit, endAfterCommit } from './after-commit';
import { DATE_OID, type Database, type QueryResult, type Queryable } from './database';
import { createStatementNames } from './statement-names';

type StatementNames = ReturnType<typeof createStatementNames>;

// int8 (counts, sums) as numbers, the same as PGlite returns them; values stay far below 2^53.
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === 20
      ? (value: string) => Number(value)
      : oid === DATE_OID
        ? (value: string) => value
        : pg.types.getTypeParser(oid, format ?? 'text'),
};

function wrap(client: pg.Pool | pg.PoolClient, statements: StatementNames): Queryable {
  return {
    async query<T>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      // Only statements with parameters go through the extended protocol, where a name prepares them.
      const name = params ? statements.nameFor(text) : undefined;
      const result = await client.query(
        name ? { name, text, values: [...(params ?? [])] } : { text, values: params ? [...params] : undefined },
      );
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
  const statements = createStatementNames();
  const outer = wrap(pool, statements);
  return {
    kind: 'postgres',
    query: outer.query,
    exec: outer.exec,
    async listen(channel, handler) {
      // LISTEN holds its connection while it listens: a dedicated client outside the pool, which
      // reconnects after a drop and then calls the handler once, since notifications may have been missed.
      let client: pg.Client | null = null;
      let isStopped = false;
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: url, types });
        next.on('notification', (message) => {
          if (message.channel === channel) handler(message.payload ?? '');
        });
        next.on('error', () => undefined);
        next.on('end', () => {
          if (isStopped) return;
          setTimeout(() => {
            connect().then(
              () => handler(''),
              () => next.emit('end'),
            );
          }, 1000).unref();
        });
        await next.connect();
        await next.query(`listen ${next.escapeIdentifier(channel)}`);
        client = next;
      };
      await connect();
      return async () => {
        isStopped = true;
        await client?.end().catch(() => undefined);
      };
    },
    async raw(text, values) {
      const result: pg.QueryResult | pg.QueryResult[] = await pool.query(text, values ? [...values] : undefined);
      return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
    },
    async transaction(fn) {
      const client = await pool.connect();
      const tx = wrap(client, statements);
      beginAfterCommit(tx);
      let committed = false;
      try {
        await client.query('begin');
        const result = await fn(tx);
        await client.query('commit');
        committed = true;
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
        endAfterCommit(tx, committed);
      }
    },
    async close() {
      await pool.end();
    },
  };
}
