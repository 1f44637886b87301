import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';

/** Display settings of one segment, or of the installation's first segment when none is named. */
export async function findDisplaySettings(db: Queryable, dataSegmentId: string | null): Promise<unknown> {
  const row = dataSegmentId
    ? await queryOne<{ display_settings: unknown }>(db, 'select display_settings from data_segments where id = $1', [dataSegmentId])
    : await queryOne<{ display_settings: unknown }>(db, 'select display_settings from data_segments order by created_at, id limit 1');
  return row?.display_settings ?? null;
}
