import { sql } from 'kysely';
import type { GuideEdition } from '@sanad/contracts/user-guide-catalogue';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';

export interface GuideAssetRow {
  asset: string;
  fileName: string;
  originalName: string;
  isDefault: boolean;
}

/**
 * The files of one edition for a segment: its own where it has one, else the installation-wide
 * default (segment null). With no segment, the defaults only.
 */
export async function listGuideAssets(db: Queryable, edition: GuideEdition, dataSegmentId: string | null): Promise<GuideAssetRow[]> {
  return sqlOf(db)
    .selectFrom('userGuideAssets as a')
    .innerJoin('files as f', 'f.fileName', 'a.fileName')
    .distinctOn('a.asset')
    .select(['a.asset', 'a.fileName', 'f.originalName', sql<boolean>`a.data_segment_id is null`.as('isDefault')])
    .where('a.edition', '=', edition)
    .where((eb) =>
      dataSegmentId
        ? eb.or([eb('a.dataSegmentId', 'is', null), eb('a.dataSegmentId', '=', dataSegmentId)])
        : eb('a.dataSegmentId', 'is', null),
    )
    .orderBy('a.asset')
    .orderBy(sql`a.data_segment_id nulls last`)
    .execute();
}

export interface GuideSlot {
  dataSegmentId: string | null;
  edition: GuideEdition;
  asset: string;
}

function inSlot(slot: GuideSlot) {
  return sql<boolean>`edition = ${slot.edition} and asset = ${slot.asset} and data_segment_id is not distinct from ${slot.dataSegmentId}::uuid`;
}

/** Puts a file in a slot and returns the file it replaced, if any (to delete after commit). */
export async function assignGuideAsset(tx: Queryable, slot: GuideSlot, fileName: string, updatedBy: string): Promise<string | null> {
  const db = sqlOf(tx);
  const previous = await db.selectFrom('userGuideAssets').select('fileName').where(inSlot(slot)).forUpdate().executeTakeFirst();
  if (previous) {
    await db
      .updateTable('userGuideAssets')
      .set({ fileName, updatedBy, updatedAt: sql`now()` })
      .where(inSlot(slot))
      .execute();
  } else {
    await db
      .insertInto('userGuideAssets')
      .values({ dataSegmentId: slot.dataSegmentId, edition: slot.edition, asset: slot.asset, fileName, updatedBy })
      .execute();
  }
  return previous?.fileName ?? null;
}

/** Empties a slot and returns the file it held. */
export async function clearGuideAsset(tx: Queryable, slot: GuideSlot): Promise<string | null> {
  const row = await sqlOf(tx).deleteFrom('userGuideAssets').where(inSlot(slot)).returning('fileName').executeTakeFirst();
  return row?.fileName ?? null;
}
