import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../db/database';

/** The shortest and longest rest of a long job between two batches on the embedded database. */
export const EMBEDDED_BATCH_PAUSE_MS = { min: 5, max: 250 } as const;

/**
 * Called by long jobs between batches (each batch its own short transaction), with how long the batch
 * kept the process busy.
 *
 * On the embedded database PGlite runs one statement at a time for the whole process, so requests
 * that arrived during a batch wait behind it: the job then rests as long as the batch took (within
 * bounds), so that it uses at most about half of the database's time and waiting requests go first.
 * On PostgreSQL requests have connections of their own; a turn of the event loop is enough.
 */
export async function pauseBetweenBatches(db: Pick<Database, 'kind'>, busyMs = 0): Promise<void> {
  if (db.kind !== 'pglite') {
    await nextTurn();
    return;
  }
  await sleep(Math.min(EMBEDDED_BATCH_PAUSE_MS.max, Math.max(EMBEDDED_BATCH_PAUSE_MS.min, busyMs)));
}
