import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';

export interface BrandingRow {
  id: string;
  displaySettings: unknown;
  version: number;
  updatedBy: string | null;
  updatedByName: string;
  updatedAt: string | null;
}

/** The installation's one branding row (the migration creates it). */
export async function findBranding(db: Queryable, forUpdate = false): Promise<BrandingRow | null> {
  const row = await sqlOf(db)
    .selectFrom('branding')
    .select(['id', 'displaySettings', 'version', 'updatedBy', 'updatedByName', 'updatedAt'])
    .$if(forUpdate, (qb) => qb.forUpdate())
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** Writes the branding as the next version (the caller has checked the version it replaces). */
export async function writeBranding(tx: Queryable, id: string, settings: unknown, actor: { id: string; name: string }): Promise<void> {
  await sqlOf(tx)
    .updateTable('branding')
    .set({
      displaySettings: JSON.stringify(settings),
      version: sql`version + 1`,
      updatedBy: actor.id,
      updatedByName: actor.name,
      updatedAt: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export interface LabelRow {
  segmentId: string;
  companyName: string;
  whiteLabelling: boolean;
  displayName: string | null;
  clientLogoFileName: string | null;
  supportEmail: string | null;
  supportPhone: string | null;
  version: number | null;
  updatedBy: string | null;
  updatedByName: string | null;
  updatedAt: string | null;
}

/** A segment with its labeling (null columns when it has none yet); null when the segment does not exist. */
export async function findLabel(db: Queryable, dataSegmentId: string, forUpdate = false): Promise<LabelRow | null> {
  const row = await sqlOf(db)
    .selectFrom('dataSegments as s')
    .leftJoin('dataSegmentLabels as l', 'l.dataSegmentId', 's.id')
    .select([
      's.id as segmentId',
      's.companyName',
      's.whiteLabelling',
      'l.displayName',
      'l.clientLogoFileName',
      'l.supportEmail',
      'l.supportPhone',
      'l.version',
      'l.updatedBy',
      'l.updatedByName',
      'l.updatedAt',
    ])
    .where('s.id', '=', dataSegmentId)
    .$if(forUpdate, (qb) => qb.forUpdate('s'))
    .executeTakeFirst();
  return row ?? null;
}

export interface LabelValues {
  displayName: string;
  clientLogoFileName: string | null;
  supportEmail: string;
  supportPhone: string;
}

/** Writes a segment's labeling as its next version (the caller has checked the version it replaces). */
export async function writeLabel(
  tx: Queryable,
  dataSegmentId: string,
  values: LabelValues,
  actor: { id: string; name: string },
): Promise<void> {
  await sqlOf(tx)
    .insertInto('dataSegmentLabels')
    .values({ dataSegmentId, ...values, updatedBy: actor.id, updatedByName: actor.name })
    .onConflict((conflict) =>
      conflict.column('dataSegmentId').doUpdateSet({
        ...values,
        version: sql`data_segment_labels.version + 1`,
        updatedBy: actor.id,
        updatedByName: actor.name,
        updatedAt: sql`now()`,
      }),
    )
    .execute();
}
