import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../db/database';

/**
 * How long a long job rests between two batches on the embedded database. PGlite runs one statement
 * at a time for the whole process, so requests that arrived during a batch queue behind the job's
 * next statement unless the job leaves them a moment to be read and sent.
 */
export const EMBEDDED_BATCH_PAUSE_MS = 5;

/**
 * Called by jobs between batches (each batch its own short transaction): lets the event loop serve
 * waiting requests before the next batch. On PostgreSQL requests have connections of their own, so a
 * turn of the event loop is enough.
 */
export async function pauseBetweenBatches(db: Pick<Database, 'kind'>): Promise<void> {
  if (db.kind === 'pglite') await sleep(EMBEDDED_BATCH_PAUSE_MS);
  else await nextTurn();
}
