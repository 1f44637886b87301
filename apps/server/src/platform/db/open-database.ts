import type { Config } from '../../config';
import type { Database } from './database';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

export function openDatabase(config: Pick<Config, 'database'>): Promise<Database> {
  const { database } = config;
  return database.kind === 'postgres' ? openPostgresDatabase(database.url, database.poolSize) : openPgliteDatabase(database.dir);
}
