import { DEFAULT_IDV_SETTINGS, ZIdvSettings, type TIdvSettings } from '@sanad/contracts/idv';
import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';

/** A segment's settings, or the defaults when it has saved none (or saved ones an older version wrote). */
export async function getIdvSettings(db: Queryable, dataSegmentId: string): Promise<TIdvSettings> {
  const row = await queryOne<{ settings: unknown }>(db, 'select settings from idv_settings where data_segment_id = $1', [dataSegmentId]);
  const parsed = ZIdvSettings.safeParse(row?.settings);
  return parsed.success ? parsed.data : DEFAULT_IDV_SETTINGS;
}

export async function saveIdvSettings(tx: Queryable, dataSegmentId: string, settings: TIdvSettings, userId: string): Promise<void> {
  await tx.query(
    `insert into idv_settings (data_segment_id, settings, updated_by) values ($1, $2::jsonb, $3)
     on conflict (data_segment_id) do update set settings = excluded.settings, updated_by = excluded.updated_by, updated_at = now()`,
    [dataSegmentId, JSON.stringify(settings), userId],
  );
}
