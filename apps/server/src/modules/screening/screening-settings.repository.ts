import { DEFAULT_THRESHOLDS } from '@sanad/screening/matching/thresholds';
import type { Thresholds } from '@sanad/screening/matching/screening-types';
import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';

/** A segment's thresholds per hit type; each one it has not set keeps the engine's default. */
export async function getScreeningThresholds(db: Queryable, dataSegmentId: string): Promise<Thresholds> {
  const row = await queryOne<{ thresholds: Partial<Record<keyof Thresholds, number>> }>(
    db,
    'select thresholds from screening_settings where data_segment_id = $1',
    [dataSegmentId],
  );
  return { ...DEFAULT_THRESHOLDS, ...row?.thresholds };
}

export async function saveScreeningThresholds(tx: Queryable, dataSegmentId: string, thresholds: Thresholds): Promise<void> {
  await tx.query(
    `insert into screening_settings (data_segment_id, thresholds) values ($1, $2::jsonb)
     on conflict (data_segment_id) do update set thresholds = excluded.thresholds, updated_at = now()`,
    [dataSegmentId, JSON.stringify(thresholds)],
  );
}
