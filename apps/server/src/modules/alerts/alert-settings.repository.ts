import { sql } from 'kysely';
import { DEFAULT_ALERT_SETTINGS, ZAlertSettings, type TAlertSettings } from '@sanad/contracts/alert-settings';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';

/** The only SQL on `alert_settings` (migration 0114). */

/** A segment's settings, or the defaults when it has saved none (or ones an older version wrote). */
export async function getAlertSettings(db: Queryable, dataSegmentId: string): Promise<TAlertSettings> {
  const row = await sqlOf(db).selectFrom('alertSettings').select('settings').where('dataSegmentId', '=', dataSegmentId).executeTakeFirst();
  const parsed = ZAlertSettings.safeParse(row?.settings);
  return parsed.success ? parsed.data : DEFAULT_ALERT_SETTINGS;
}

export async function saveAlertSettings(tx: Queryable, dataSegmentId: string, settings: TAlertSettings, userId: string): Promise<void> {
  const values = { dataSegmentId, settings: JSON.stringify(settings), updatedBy: userId };
  await sqlOf(tx)
    .insertInto('alertSettings')
    .values(values)
    .onConflict((conflict) =>
      conflict.column('dataSegmentId').doUpdateSet({ settings: values.settings, updatedBy: userId, updatedAt: sql`now()` }),
    )
    .execute();
}
