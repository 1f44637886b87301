import type { Database } from '../../platform/db/database';

export const LISTS_CHANGED_CHANNEL = 'sanad_screening_lists';

/**
 * Tells every process (API replicas and workers) that a list version changed, so each rebuilds its
 * in-memory screening index from the database. Called after the change has committed.
 */
export function notifyListsChanged(db: Database): void {
  db.query(`select pg_notify('${LISTS_CHANGED_CHANNEL}', '')`).catch(() => undefined);
}
