import {
  CamelCasePlugin,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { DB } from '../../db/schema.generated';
import type { Queryable } from './database';

/**
 * Rows cross into the application in their API form: timestamps as ISO strings (what every contract
 * carries), so repositories return rows without a hand-written mapper.
 */
function toApiValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

function toApiRow<R>(row: R): R {
  if (row === null || typeof row !== 'object') return row;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = toApiValue(value);
  return out as R;
}

class QueryableConnection implements DatabaseConnection {
  constructor(private readonly target: Queryable) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.target.query<R>(compiled.sql, compiled.parameters);
    return { rows: result.rows.map(toApiRow), numAffectedRows: BigInt(result.rowCount) };
  }

  // oxlint-disable-next-line require-yield -- Streaming is never used: lists are paged in SQL.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported');
  }
}

/**
 * Kysely runs its statements on whatever it is handed (the database or an open transaction), so a
 * repository builds typed queries inside the caller's transaction. Transactions themselves are
 * opened by services through `Database.transaction`, never through Kysely.
 */
class QueryableDriver implements Driver {
  private readonly connection: QueryableConnection;
  constructor(target: Queryable) {
    this.connection = new QueryableConnection(target);
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('Open transactions with Database.transaction, not through the query builder');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

/** camelCase in TypeScript, snake_case in SQL; a leading underscore (`_id`) is kept as it is. */
class SanadCasePlugin extends CamelCasePlugin {
  protected override camelCase(text: string): string {
    return text.startsWith('_') ? `_${super.camelCase(text.slice(1))}` : super.camelCase(text);
  }
  protected override snakeCase(text: string): string {
    return text.startsWith('_') ? `_${super.snakeCase(text.slice(1))}` : super.snakeCase(text);
  }
}

const builders = new WeakMap<Queryable, Kysely<DB>>();

/** The typed query builder over a database or transaction (one per target, created on first use). */
export function sqlOf(target: Queryable): Kysely<DB> {
  let builder = builders.get(target);
  if (!builder) {
    builder = new Kysely<DB>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new QueryableDriver(target),
        createIntrospector: (db) => new PostgresIntrospector(db),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
      plugins: [new SanadCasePlugin()],
    });
    builders.set(target, builder);
  }
  return builder;
}
