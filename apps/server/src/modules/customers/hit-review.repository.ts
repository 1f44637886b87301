import { sql } from 'kysely';
import type { TGoodGuy } from '@sanad/contracts/customer-profile';
import type { TCustomerHit } from '@sanad/contracts/customers';
import type { THitType } from '@sanad/contracts/screening';
import type { HitDetermination } from '@sanad/risk/risk-facts';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';
import { isUuid } from '../../platform/http/id-params';
import { selectCustomerHits } from './customer.repository';
import type { DecidedHit, RememberedDecision } from './hit-memory';

export interface StoredHit {
  hit: TCustomerHit;
  listKey: string;
  entityId: string;
  entity: unknown;
  explanation: unknown;
  decidedByName: string;
  decidedAt: string | null;
}

/** One hit of the customer (the customer has been checked to be in scope); null for another customer's hit. */
export async function findHit(db: Queryable, customerId: string, hitId: string, lock = false): Promise<StoredHit | null> {
  if (!isUuid(hitId)) return null;
  const row = await selectCustomerHits(db)
    .select([
      'listKey',
      'entityId',
      sql<unknown>`entity`.as('entity'),
      sql<unknown>`explanation`.as('explanation'),
      'decidedByName',
      'decidedAt',
    ])
    .where('customerId', '=', customerId)
    .where('id', '=', hitId)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!row) return null;
  const { listKey, entityId, entity, explanation, decidedByName, decidedAt, ...hit } = row;
  return { hit, listKey, entityId, entity, explanation, decidedByName, decidedAt };
}

export async function getHit(db: Queryable, hitId: string): Promise<TCustomerHit> {
  return selectCustomerHits(db).where('id', '=', hitId).executeTakeFirstOrThrow();
}

/** Records a reviewer's decision on a hit. */
export async function setHitDetermination(
  tx: Queryable,
  hitId: string,
  determination: HitDetermination,
  comments: string,
  actor: { id: string; name: string } | null,
): Promise<void> {
  const isOpen = determination === 'open';
  await sqlOf(tx)
    .updateTable('customerHits')
    .set({
      hitDetermination: determination,
      comments,
      decidedBy: isOpen ? null : (actor?.id ?? null),
      decidedByName: isOpen ? '' : (actor?.name ?? ''),
      decidedAt: isOpen ? null : sql`now()`,
      updatedAt: sql`now()`,
    })
    .where('id', '=', hitId)
    .execute();
}

/** Every hit of the customer as the risk rating reads them. */
export async function listHitFacts(
  tx: Queryable,
  customerId: string,
): Promise<{ hitType: THitType; score: number; determination: HitDetermination }[]> {
  const rows = await sqlOf(tx)
    .selectFrom('customerHits')
    .select(['hitType', 'score', 'hitDetermination'])
    .where('customerId', '=', customerId)
    .execute();
  return rows.map((row) => ({ hitType: row.hitType, score: row.score, determination: row.hitDetermination as HitDetermination }));
}

/** The hits a reviewer has decided, with their ids: a re-screening keeps or reopens them. */
export async function listDecidedHitRows(tx: Queryable, customerId: string): Promise<DecidedHit[]> {
  const rows = await sqlOf(tx)
    .selectFrom('customerHits')
    .select(['id', 'listKey', 'entityId', 'hitType', 'score', 'hitDetermination'])
    .where('customerId', '=', customerId)
    .where('hitDetermination', '<>', 'open')
    .execute();
  return rows.map((row) => ({ ...row, hitDetermination: row.hitDetermination as DecidedHit['hitDetermination'] }));
}

export async function deleteHitsById(tx: Queryable, customerId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await sqlOf(tx).deleteFrom('customerHits').where('customerId', '=', customerId).where('id', 'in', ids).execute();
}

/** The hit types the customer list filters by. */
export async function setHitTypes(tx: Queryable, customerId: string, hitTypes: readonly THitType[]): Promise<void> {
  await sqlOf(tx)
    .updateTable('customers')
    .set({ hitTypes: [...hitTypes], updatedAt: sql`now()` })
    .where('id', '=', customerId)
    .execute();
}

/* ------------------------------------------------------------------ the good-guy list */

function selectGoodGuy(db: Queryable) {
  return sqlOf(db)
    .selectFrom('customerGoodGuys')
    .select([
      'id as _id',
      'customerId',
      'fullName',
      'sourceList',
      'listKey',
      'entityId',
      'comment',
      'decidedByName as decidedBy',
      'createdAt',
    ]);
}

export async function listGoodGuys(db: Queryable, customerId: string): Promise<TGoodGuy[]> {
  return selectGoodGuy(db).where('customerId', '=', customerId).orderBy('createdAt', 'desc').orderBy('id').execute();
}

export async function findGoodGuy(db: Queryable, customerId: string, goodGuyId: string): Promise<TGoodGuy | null> {
  if (!isUuid(goodGuyId)) return null;
  const row = await selectGoodGuy(db).where('customerId', '=', customerId).where('id', '=', goodGuyId).forUpdate().executeTakeFirst();
  return row ?? null;
}

export async function findGoodGuyFor(db: Queryable, customerId: string, listKey: string, entityId: string): Promise<TGoodGuy | null> {
  const row = await selectGoodGuy(db)
    .where('customerId', '=', customerId)
    .where('listKey', '=', listKey)
    .where('entityId', '=', entityId)
    .executeTakeFirst();
  return row ?? null;
}

export async function listRememberedDecisions(tx: Queryable, customerId: string): Promise<RememberedDecision[]> {
  return sqlOf(tx)
    .selectFrom('customerGoodGuys')
    .select(['listKey', 'entityId', 'entityFingerprint'])
    .where('customerId', '=', customerId)
    .execute();
}

/** Remembers a 'not relevant' decision, replacing an earlier one on the same entity. */
export async function rememberDecision(
  tx: Queryable,
  row: {
    dataSegmentId: string;
    customerId: string;
    listKey: string;
    entityId: string;
    entityFingerprint: string;
    fullName: string;
    sourceList: string;
    comment: string;
    actor: { id: string; name: string } | null;
  },
): Promise<void> {
  const values = {
    dataSegmentId: row.dataSegmentId,
    customerId: row.customerId,
    listKey: row.listKey,
    entityId: row.entityId,
    entityFingerprint: row.entityFingerprint,
    fullName: row.fullName,
    sourceList: row.sourceList,
    comment: row.comment,
    decidedBy: row.actor?.id ?? null,
    decidedByName: row.actor?.name ?? '',
  };
  await sqlOf(tx)
    .insertInto('customerGoodGuys')
    .values(values)
    .onConflict((conflict) =>
      conflict.columns(['customerId', 'listKey', 'entityId']).doUpdateSet({
        entityFingerprint: values.entityFingerprint,
        fullName: values.fullName,
        sourceList: values.sourceList,
        comment: values.comment,
        decidedBy: values.decidedBy,
        decidedByName: values.decidedByName,
        createdAt: sql`now()`,
      }),
    )
    .execute();
}

export async function forgetDecisions(
  tx: Queryable,
  customerId: string,
  entities: readonly { listKey: string; entityId: string }[],
): Promise<void> {
  for (const entity of entities)
    await sqlOf(tx)
      .deleteFrom('customerGoodGuys')
      .where('customerId', '=', customerId)
      .where('listKey', '=', entity.listKey)
      .where('entityId', '=', entity.entityId)
      .execute();
}

/** The hit of a remembered entity, if the customer still has it. */
export async function findHitIdFor(tx: Queryable, customerId: string, listKey: string, entityId: string): Promise<string | null> {
  const row = await sqlOf(tx)
    .selectFrom('customerHits')
    .select('id')
    .where('customerId', '=', customerId)
    .where('listKey', '=', listKey)
    .where('entityId', '=', entityId)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
  return row?.id ?? null;
}
