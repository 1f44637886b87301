export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/** Anything that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Several statements without parameters (migrations, fixtures). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; every statement inside must go through `tx`, never the outer db. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Driver-level access for libraries that bring their own SQL (pg-boss): several statements
   * when there are no parameters, answering with the rows of the last one.
   */
  raw(text: string, values?: readonly unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Calls `handler` on every NOTIFY on `channel`, from this or any other process on the same
   * database; resolves to a function that stops listening.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export async function queryOne<T>(db: Queryable, text: string, params?: readonly unknown[]): Promise<T | null> {
  const result = await db.query<T>(text, params);
  return result.rows[0] ?? null;
}

/** `date` columns are read as their 'YYYY-MM-DD' text: a calendar day has no time zone to shift it. */
export const DATE_OID = 1082;
