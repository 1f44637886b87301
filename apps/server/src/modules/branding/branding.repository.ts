import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';

/** Display settings of one segment, or of the installation's first segment when none is named. */
export async function findDisplaySettings(db: Queryable, dataSegmentId: string | null): Promise<unknown> {
  const row = await sqlOf(db)
    .selectFrom('dataSegments')
    .select('displaySettings')
    .$if(dataSegmentId !== null, (qb) => qb.where('id', '=', dataSegmentId ?? ''))
    .orderBy('createdAt')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.displaySettings ?? null;
}
