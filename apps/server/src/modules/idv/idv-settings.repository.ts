import { sql } from 'kysely';
import { DEFAULT_IDV_SETTINGS, ZIdvSettings, type TIdvSettings } from '@sanad/contracts/idv';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';

/** A segment's settings, or the defaults when it has saved none (or saved ones an older version wrote). */
export async function getIdvSettings(db: Queryable, dataSegmentId: string): Promise<TIdvSettings> {
  const row = await sqlOf(db).selectFrom('idvSettings').select('settings').where('dataSegmentId', '=', dataSegmentId).executeTakeFirst();
  const parsed = ZIdvSettings.safeParse(row?.settings);
  return parsed.success ? parsed.data : DEFAULT_IDV_SETTINGS;
}

export async function saveIdvSettings(tx: Queryable, dataSegmentId: string, settings: TIdvSettings, userId: string): Promise<void> {
  const values = { dataSegmentId, settings: JSON.stringify(settings), updatedBy: userId };
  await sqlOf(tx)
    .insertInto('idvSettings')
    .values(values)
    .onConflict((conflict) =>
      conflict.column('dataSegmentId').doUpdateSet({ settings: values.settings, updatedBy: userId, updatedAt: sql`now()` }),
    )
    .execute();
}
