import type { GuideEdition } from '@sanad/contracts/user-guide-catalogue';
import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';

export interface GuideAssetRow {
  asset: string;
  file_name: string;
  original_name: string;
  is_default: boolean;
}

/**
 * The files of one edition for a segment: its own where it has one, else the installation-wide
 * default (segment null). With no segment, the defaults only.
 */
export async function listGuideAssets(db: Queryable, edition: GuideEdition, dataSegmentId: string | null): Promise<GuideAssetRow[]> {
  const result = await db.query<GuideAssetRow>(
    `select distinct on (a.asset) a.asset, a.file_name, f.original_name, (a.data_segment_id is null) as is_default
       from user_guide_assets a join files f on f.file_name = a.file_name
      where a.edition = $1 and (a.data_segment_id is null or a.data_segment_id = $2::uuid)
      order by a.asset, a.data_segment_id nulls last`,
    [edition, dataSegmentId],
  );
  return result.rows;
}

export interface GuideSlot {
  dataSegmentId: string | null;
  edition: GuideEdition;
  asset: string;
}

const slotCondition = 'edition = $1 and asset = $2 and data_segment_id is not distinct from $3::uuid';

/** Puts a file in a slot and returns the file it replaced, if any (to delete after commit). */
export async function assignGuideAsset(tx: Queryable, slot: GuideSlot, fileName: string, updatedBy: string): Promise<string | null> {
  const previous = await queryOne<{ file_name: string }>(tx, `select file_name from user_guide_assets where ${slotCondition} for update`, [
    slot.edition,
    slot.asset,
    slot.dataSegmentId,
  ]);
  if (previous) {
    await tx.query(`update user_guide_assets set file_name = $4, updated_by = $5, updated_at = now() where ${slotCondition}`, [
      slot.edition,
      slot.asset,
      slot.dataSegmentId,
      fileName,
      updatedBy,
    ]);
  } else {
    await tx.query('insert into user_guide_assets (data_segment_id, edition, asset, file_name, updated_by) values ($3, $1, $2, $4, $5)', [
      slot.edition,
      slot.asset,
      slot.dataSegmentId,
      fileName,
      updatedBy,
    ]);
  }
  return previous?.file_name ?? null;
}

/** Empties a slot and returns the file it held. */
export async function clearGuideAsset(tx: Queryable, slot: GuideSlot): Promise<string | null> {
  const row = await queryOne<{ file_name: string }>(tx, `delete from user_guide_assets where ${slotCondition} returning file_name`, [
    slot.edition,
    slot.asset,
    slot.dataSegmentId,
  ]);
  return row?.file_name ?? null;
}
