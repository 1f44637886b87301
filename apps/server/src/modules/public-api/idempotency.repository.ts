import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';

/** How long a key is remembered; a later request with it is a new one. */
export const IDEMPOTENCY_KEY_HOURS = 24;
/** A claim without an answer for this long is taken as abandoned (its process died mid-request). */
export const IDEMPOTENCY_ABANDONED_SECONDS = 60;

export interface IdempotencyRecord {
  operation: string;
  requestHash: string;
  responseStatus: number | null;
  responseBody: unknown;
  isAbandoned: boolean;
}

/**
 * Claims a key for a request: true when this request is the first (or the key had expired), else
 * the record of the request that holds it. Expired keys of the application are dropped first.
 */
export async function claimIdempotencyKey(
  db: Queryable,
  input: { applicationAccessId: string; key: string; operation: string; requestHash: string },
): Promise<true | IdempotencyRecord> {
  await sqlOf(db)
    .deleteFrom('apiIdempotencyKeys')
    .where('applicationAccessId', '=', input.applicationAccessId)
    .where('createdAt', '<', sql<string>`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`)
    .execute();
  const inserted = await sqlOf(db)
    .insertInto('apiIdempotencyKeys')
    .values({
      applicationAccessId: input.applicationAccessId,
      idempotencyKey: input.key,
      operation: input.operation,
      requestHash: input.requestHash,
    })
    .onConflict((conflict) => conflict.columns(['applicationAccessId', 'idempotencyKey']).doNothing())
    .returning('idempotencyKey')
    .executeTakeFirst();
  if (inserted) return true;
  const existing = await sqlOf(db)
    .selectFrom('apiIdempotencyKeys')
    .select([
      'operation',
      'requestHash',
      'responseStatus',
      'responseBody',
      sql<boolean>`response_status is null and created_at < now() - make_interval(secs => ${IDEMPOTENCY_ABANDONED_SECONDS})`.as(
        'isAbandoned',
      ),
    ])
    .where('applicationAccessId', '=', input.applicationAccessId)
    .where('idempotencyKey', '=', input.key)
    .executeTakeFirst();
  // Deleted between the two statements (expired just now): the caller may go ahead as the first.
  return existing ?? true;
}

/** Takes over an abandoned claim, restarting its clock; false when another request took it first. */
export async function retakeIdempotencyKey(db: Queryable, applicationAccessId: string, key: string): Promise<boolean> {
  const row = await sqlOf(db)
    .updateTable('apiIdempotencyKeys')
    .set({ createdAt: sql`now()` })
    .where('applicationAccessId', '=', applicationAccessId)
    .where('idempotencyKey', '=', key)
    .where('responseStatus', 'is', null)
    .where('createdAt', '<', sql<string>`now() - make_interval(secs => ${IDEMPOTENCY_ABANDONED_SECONDS})`)
    .returning('idempotencyKey')
    .executeTakeFirst();
  return row !== undefined;
}

export async function storeIdempotentAnswer(
  db: Queryable,
  applicationAccessId: string,
  key: string,
  answer: { status: number; body: unknown },
): Promise<void> {
  await sqlOf(db)
    .updateTable('apiIdempotencyKeys')
    .set({ responseStatus: answer.status, responseBody: JSON.stringify(answer.body) })
    .where('applicationAccessId', '=', applicationAccessId)
    .where('idempotencyKey', '=', key)
    .execute();
}

/** Forgets a claim whose request failed, so the caller may retry it under the same key. */
export async function releaseIdempotencyKey(db: Queryable, applicationAccessId: string, key: string): Promise<void> {
  await sqlOf(db)
    .deleteFrom('apiIdempotencyKeys')
    .where('applicationAccessId', '=', applicationAccessId)
    .where('idempotencyKey', '=', key)
    .where('responseStatus', 'is', null)
    .execute();
}
