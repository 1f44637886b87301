import { DEFAULT_THRESHOLDS } from '@sanad/screening/matching/thresholds';
import type { Thresholds } from '@sanad/screening/matching/screening-types';
import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';

/** A segment's thresholds per hit type; each one it has not set keeps the engine's default. */
export async function getScreeningThresholds(db: Queryable, dataSegmentId: string): Promise<Thresholds> {
  const row = await sqlOf(db)
    .selectFrom('screeningSettings')
    .select(sql<Partial<Record<keyof Thresholds, number>>>`thresholds`.as('thresholds'))
    .where('dataSegmentId', '=', dataSegmentId)
    .executeTakeFirst();
  return { ...DEFAULT_THRESHOLDS, ...row?.thresholds };
}

export async function saveScreeningThresholds(tx: Queryable, dataSegmentId: string, thresholds: Thresholds): Promise<void> {
  const json = JSON.stringify(thresholds);
  await sqlOf(tx)
    .insertInto('screeningSettings')
    .values({ dataSegmentId, thresholds: json })
    .onConflict((conflict) => conflict.column('dataSegmentId').doUpdateSet({ thresholds: json, updatedAt: sql`now()` }))
    .execute();
}
