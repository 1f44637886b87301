import { sql } from 'kysely';
import type {
  TWebhookDeliveryListQuery,
  TWebhookDeliveryRow,
  TWebhookListQuery,
  TWebhookRow,
  WebhookTriggerPoint,
} from '@sanad/contracts/developers';
import type { Queryable } from '../../platform/db/database';
import { inSegments, keywordLike, pageOf, sortOf, totalRows } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import type { Page } from '../../platform/http/envelope';
import { isUuid } from '../../platform/http/id-params';
import type { TenantScope } from '../../platform/tenancy/scope';

export interface WebhookFields {
  title: string;
  endpointUrl: string;
  triggerPoint: WebhookTriggerPoint;
  description: string;
  status: 'active' | 'archived' | 'disabled';
}

const secretHint = sql<string>`coalesce((select s.hint from webhook_secrets s where s.webhook_id = w.id order by s.created_at desc limit 1), '')`;

function selectRows(db: Queryable) {
  return sqlOf(db)
    .selectFrom('webhookEndpoints as w')
    .select([
      'w.id as _id',
      'w.title',
      'w.endpointUrl',
      sql<WebhookTriggerPoint>`w.trigger_point`.as('triggerPoint'),
      'w.description',
      sql<'active' | 'archived' | 'disabled'>`w.status`.as('status'),
      'w.disabledReason',
      secretHint.as('secretHint'),
      'w.lastDeliveryAt',
      'w.dataSegmentId',
      'w.createdAt',
    ]);
}

const SORT = {
  title: sql`lower(w.title)`,
  endpointUrl: sql`w.endpoint_url`,
  triggerPoint: sql`w.trigger_point`,
  status: sql`w.status`,
  lastDeliveryAt: sql`w.last_delivery_at`,
  createdAt: sql`w.created_at`,
};

export async function listWebhooks(
  db: Queryable,
  filter: { scope: TenantScope; onlySegment: string | null },
  query: TWebhookListQuery,
): Promise<Page<TWebhookRow>> {
  const sort = sortOf(query, SORT, { expression: SORT.createdAt, direction: 'desc' });
  const { limit, offset } = pageOf(query);
  const keyword = query.keyword ? keywordLike(query.keyword) : null;
  const rows = await selectRows(db)
    .select(totalRows())
    .where(inSegments('w.dataSegmentId', filter.scope, filter.onlySegment))
    .$if(query.status !== undefined, (qb) => qb.where('w.status', '=', query.status ?? 'active'))
    .$if(keyword !== null, (qb) =>
      qb.where((eb) => eb.or([eb('w.title', 'ilike', keyword ?? ''), eb('w.endpointUrl', 'ilike', keyword ?? '')])),
    )
    .orderBy(sql`${sort.expression} ${sql.raw(sort.direction)} nulls last`)
    .orderBy('w.id', sort.direction)
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

export async function getWebhookRow(db: Queryable, scope: TenantScope, id: string): Promise<TWebhookRow | null> {
  if (!isUuid(id)) return null;
  return (await selectRows(db).where('w.id', '=', id).where(inSegments('w.dataSegmentId', scope)).executeTakeFirst()) ?? null;
}

/** Endpoints that receive or may be re-activated by Sanad's managers: archived ones do not count. */
export async function countWebhooks(db: Queryable, dataSegmentId: string): Promise<number> {
  const row = await sqlOf(db)
    .selectFrom('webhookEndpoints')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('dataSegmentId', '=', dataSegmentId)
    .where('status', '<>', 'archived')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function isWebhookTitleTaken(db: Queryable, dataSegmentId: string, title: string, exceptId: string | null): Promise<boolean> {
  const row = await sqlOf(db)
    .selectFrom('webhookEndpoints')
    .select('id')
    .where('dataSegmentId', '=', dataSegmentId)
    .where(sql<boolean>`lower(title) = lower(${title})`)
    .$if(exceptId !== null, (qb) => qb.where('id', '<>', exceptId ?? ''))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertWebhook(
  tx: Queryable,
  input: WebhookFields & { id: string; dataSegmentId: string; createdBy: string },
): Promise<void> {
  await sqlOf(tx)
    .insertInto('webhookEndpoints')
    .values({
      id: input.id,
      dataSegmentId: input.dataSegmentId,
      title: input.title,
      endpointUrl: input.endpointUrl,
      triggerPoint: input.triggerPoint,
      description: input.description,
      status: input.status,
      createdBy: input.createdBy,
    })
    .execute();
}

/** Saves the fields; activating clears the reason Sanad disabled it and its failure streak. */
export async function updateWebhook(tx: Queryable, id: string, input: WebhookFields): Promise<void> {
  await sqlOf(tx)
    .updateTable('webhookEndpoints')
    .set({
      title: input.title,
      endpointUrl: input.endpointUrl,
      triggerPoint: input.triggerPoint,
      description: input.description,
      status: input.status,
      ...(input.status === 'active' ? { disabledReason: null, failingSince: null } : {}),
      updatedAt: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function insertWebhookSecret(tx: Queryable, webhookId: string, secret: { sealed: Buffer; hint: string }): Promise<void> {
  await sqlOf(tx).insertInto('webhookSecrets').values({ webhookId, sealedSecret: secret.sealed, hint: secret.hint }).execute();
}

/** Secrets that still sign stop signing after `hours` (those already ending sooner keep their end). */
export async function expireWebhookSecretsAfter(tx: Queryable, webhookId: string, hours: number): Promise<void> {
  await sqlOf(tx)
    .updateTable('webhookSecrets')
    .set({ expiresAt: sql`least(coalesce(expires_at, 'infinity'::timestamptz), now() + make_interval(hours => ${hours}))` })
    .where('webhookId', '=', webhookId)
    .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', sql<string>`now()`)]))
    .execute();
}

/** The sealed secrets that sign now, newest first. */
export async function liveWebhookSecrets(db: Queryable, webhookId: string): Promise<Buffer[]> {
  const rows = await sqlOf(db)
    .selectFrom('webhookSecrets')
    .select('sealedSecret')
    .where('webhookId', '=', webhookId)
    .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', sql<string>`now()`)]))
    .orderBy('createdAt', 'desc')
    .execute();
  return rows.map((row) => row.sealedSecret);
}

// ── Outbox of deliveries ───────────────────────────────────────────────────────────────────────

/** Active endpoints of a segment that take this event type. */
export async function subscribedWebhookIds(tx: Queryable, dataSegmentId: string, eventType: string): Promise<string[]> {
  const rows = await sqlOf(tx)
    .selectFrom('webhookEndpoints')
    .select('id')
    .where('dataSegmentId', '=', dataSegmentId)
    .where('status', '=', 'active')
    .where('triggerPoint', 'in', [eventType, 'all'])
    .execute();
  return rows.map((row) => row.id);
}

export interface NewDelivery {
  webhookId: string;
  dataSegmentId: string;
  messageId: string;
  eventType: string;
  payload: string;
}

/** Writes deliveries; one per endpoint and message, so writing the same event twice sends it once. */
export async function insertDeliveries(tx: Queryable, deliveries: readonly NewDelivery[]): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const rows = await sqlOf(tx)
    .insertInto('webhookDeliveries')
    .values(deliveries.map((delivery) => ({ ...delivery })))
    .onConflict((conflict) => conflict.columns(['webhookId', 'messageId']).doNothing())
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export interface LeasedDelivery {
  id: string;
  webhookId: string;
  dataSegmentId: string;
  messageId: string;
  eventType: string;
  payload: string;
  attempts: number;
  endpointUrl: string;
  webhookStatus: string;
  webhookTitle: string;
}

/**
 * Takes due deliveries: each is leased by pushing its next attempt past the time one attempt can
 * take, in the statement that picks it (skip locked), so two workers never send the same one and a
 * crash mid-send only delays it. The attempt is counted when it is taken.
 */
export async function leaseDueDeliveries(db: Queryable, limit: number, leaseSeconds: number): Promise<LeasedDelivery[]> {
  const leased = await sqlOf(db)
    .updateTable('webhookDeliveries')
    .set({
      attempts: sql`attempts + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
      lastAttemptAt: sql`now()`,
    })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhookDeliveries')
        .select('id')
        .where('status', '=', 'pending')
        .where('nextAttemptAt', '<=', sql<string>`now()`)
        .orderBy('nextAttemptAt')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'webhookId', 'dataSegmentId', 'messageId', 'eventType', 'payload', 'attempts'])
    .execute();
  if (leased.length === 0) return [];
  const endpoints = await sqlOf(db)
    .selectFrom('webhookEndpoints')
    .select(['id', 'endpointUrl', 'status', 'title'])
    .where(
      'id',
      'in',
      leased.map((row) => row.webhookId),
    )
    .execute();
  const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
  return leased.map((row) => {
    const endpoint = byId.get(row.webhookId);
    return {
      ...row,
      endpointUrl: endpoint?.endpointUrl ?? '',
      webhookStatus: endpoint?.status ?? 'archived',
      webhookTitle: endpoint?.title ?? '',
    };
  });
}

export interface AttemptOutcome {
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number | null;
}

export async function recordSuccess(db: Queryable, delivery: LeasedDelivery, outcome: AttemptOutcome): Promise<void> {
  await sqlOf(db)
    .updateTable('webhookDeliveries')
    .set({ status: 'succeeded', ...outcome })
    .where('id', '=', delivery.id)
    .execute();
  await sqlOf(db)
    .updateTable('webhookEndpoints')
    .set({ failingSince: null, lastDeliveryAt: sql`now()` })
    .where('id', '=', delivery.webhookId)
    .execute();
}

/**
 * Records a failed attempt: the next one after `retryInSeconds`, or none (failed) when null.
 * Answers whether the endpoint has now failed for at least `disableAfterHours` with this delivery
 * out of attempts: the caller then disables it.
 */
export async function recordFailure(
  db: Queryable,
  delivery: LeasedDelivery,
  outcome: AttemptOutcome,
  retryInSeconds: number | null,
  disableAfterHours: number,
): Promise<{ shouldDisable: boolean }> {
  await sqlOf(db)
    .updateTable('webhookDeliveries')
    .set({
      ...outcome,
      ...(retryInSeconds === null ? { status: 'failed' } : { nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})` }),
    })
    .where('id', '=', delivery.id)
    .execute();
  const endpoint = await sqlOf(db)
    .updateTable('webhookEndpoints')
    .set({ failingSince: sql`coalesce(failing_since, now())`, lastDeliveryAt: sql`now()` })
    .where('id', '=', delivery.webhookId)
    .returning(sql<boolean>`failing_since <= now() - make_interval(hours => ${disableAfterHours})`.as('isLongFailing'))
    .executeTakeFirst();
  return { shouldDisable: retryInSeconds === null && Boolean(endpoint?.isLongFailing) };
}

/** Disables an active endpoint; false when it was not active any more (another worker, a user). */
export async function disableWebhook(
  tx: Queryable,
  webhookId: string,
  reason: string,
): Promise<{ dataSegmentId: string; title: string } | null> {
  const row = await sqlOf(tx)
    .updateTable('webhookEndpoints')
    .set({ status: 'disabled', disabledReason: reason, updatedAt: sql`now()` })
    .where('id', '=', webhookId)
    .where('status', '=', 'active')
    .returning(['dataSegmentId', 'title'])
    .executeTakeFirst();
  return row ?? null;
}

/** Deliveries of an endpoint that is not active end as failed: nothing is sent to it. */
export async function failDelivery(db: Queryable, deliveryId: string, error: string): Promise<void> {
  await sqlOf(db).updateTable('webhookDeliveries').set({ status: 'failed', error }).where('id', '=', deliveryId).execute();
}

function selectDeliveryRows(db: Queryable) {
  return sqlOf(db)
    .selectFrom('webhookDeliveries as d')
    .select([
      'd.id as _id',
      'd.messageId',
      'd.eventType',
      sql<'pending' | 'succeeded' | 'failed'>`d.status`.as('status'),
      'd.attempts',
      'd.payload as requestBody',
      'd.responseStatus',
      'd.responseBody',
      'd.error',
      'd.durationMs',
      'd.lastAttemptAt',
      sql<string | null>`case when d.status = 'pending' then d.next_attempt_at end`.as('nextAttemptAt'),
      'd.createdAt',
    ]);
}

export async function listDeliveries(
  db: Queryable,
  webhookId: string,
  query: TWebhookDeliveryListQuery,
): Promise<Page<TWebhookDeliveryRow>> {
  const { limit, offset } = pageOf(query);
  const rows = await selectDeliveryRows(db)
    .select(totalRows())
    .where('d.webhookId', '=', webhookId)
    .$if(query.status !== undefined, (qb) => qb.where('d.status', '=', query.status ?? 'pending'))
    .$if(Boolean(query.keyword), (qb) =>
      qb.where((eb) =>
        eb.or([eb('d.eventType', 'ilike', keywordLike(query.keyword ?? '')), eb('d.messageId', 'ilike', keywordLike(query.keyword ?? ''))]),
      ),
    )
    .orderBy('d.createdAt', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

export async function getDeliveryRow(db: Queryable, webhookId: string, deliveryId: string): Promise<TWebhookDeliveryRow | null> {
  if (!isUuid(deliveryId)) return null;
  return (await selectDeliveryRows(db).where('d.id', '=', deliveryId).where('d.webhookId', '=', webhookId).executeTakeFirst()) ?? null;
}

/** A manual resend: the delivery is due now with a fresh set of attempts, under the same webhook-id. */
export async function requeueDelivery(tx: Queryable, deliveryId: string): Promise<void> {
  await sqlOf(tx)
    .updateTable('webhookDeliveries')
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
    .where('id', '=', deliveryId)
    .execute();
}

/** Deletes deliveries older than the retention period that are no longer pending. */
export async function deleteOldDeliveries(db: Queryable, retentionDays: number): Promise<number> {
  const result = await sqlOf(db)
    .deleteFrom('webhookDeliveries')
    .where('status', '<>', 'pending')
    .where('createdAt', '<', sql<string>`now() - make_interval(days => ${retentionDays})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
