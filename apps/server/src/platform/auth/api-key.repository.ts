import { sql } from 'kysely';
import type { Queryable } from '../db/database';
import { sqlOf } from '../db/query-builder';

/** The key rows an API request is authenticated against (written by modules/developers). */
export interface KeyHolder {
  keyId: string;
  keyHash: string;
  applicationAccessId: string;
  dataSegmentId: string;
  title: string;
  scopes: string[];
  ipAllowList: string[];
  /** Whether the key and its entry work now: active entry, neither expired. */
  isLive: boolean;
  keyLastUsedAt: string | null;
}

export async function findKeyHolder(db: Queryable, codeKey: string): Promise<KeyHolder | null> {
  const row = await sqlOf(db)
    .selectFrom('apiKeys as k')
    .innerJoin('applicationAccess as a', 'a.id', 'k.applicationAccessId')
    .innerJoin('dataSegments as ds', 'ds.id', 'a.dataSegmentId')
    .select([
      'k.id as keyId',
      'k.keyHash',
      'a.id as applicationAccessId',
      'a.dataSegmentId',
      'a.title',
      'a.scopes',
      'a.ipAllowList',
      'k.lastUsedAt as keyLastUsedAt',
      sql<boolean>`a.status = 'active' and ds.status = 'active' and (a.expires_at is null or a.expires_at > now()) and (k.expires_at is null or k.expires_at > now())`.as(
        'isLive',
      ),
    ])
    .where('k.codeKey', '=', codeKey)
    .executeTakeFirst();
  return row ?? null;
}

/** Records a key's use; at most once a minute per key, so busy keys do not write on every call. */
export async function touchKey(db: Queryable, keyId: string, applicationAccessId: string): Promise<void> {
  const touched = await sqlOf(db)
    .updateTable('apiKeys')
    .set({ lastUsedAt: sql`now()` })
    .where('id', '=', keyId)
    .where((eb) => eb.or([eb('lastUsedAt', 'is', null), eb('lastUsedAt', '<', sql<string>`now() - interval '1 minute'`)]))
    .executeTakeFirst();
  if (Number(touched.numUpdatedRows) === 0) return;
  await sqlOf(db)
    .updateTable('applicationAccess')
    .set({ lastUsedAt: sql`now()` })
    .where('id', '=', applicationAccessId)
    .execute();
}
