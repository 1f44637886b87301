import { sql } from 'kysely';
import { alertIndicatorsOf, type TAlertIndicator } from '@sanad/contracts/alerts';
import type { TCustomerAlert, TDocumentStatus } from '@sanad/contracts/customers';
import type { THitType } from '@sanad/contracts/screening';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';
import type { NewHitRow } from './customer.repository';

/**
 * The SQL of ongoing monitoring: the re-screening runs and their checkpoints (migration 0106),
 * the monitored customers read in keyed batches, the hits a list change touches, and alerts raised
 * by the system once per trigger key.
 */

export interface MonitoringRun {
  id: string;
  versionId: string;
  status: 'queued' | 'running' | 'completed';
  checkpointCustomerId: string | null;
  batches: number;
  customersScreened: number;
  alertsRaised: number;
}

const RUN_COLUMNS = ['id', 'versionId', 'status', 'checkpointCustomerId', 'batches', 'customersScreened', 'alertsRaised'] as const;

/** The run of a list version, created on first sight; a second request for the same version finds the first. */
export async function ensureRun(db: Queryable, versionId: string): Promise<MonitoringRun | null> {
  await sql`insert into monitoring_runs (list_id, version_id)
    select list_id, id from list_versions where id = ${versionId}::uuid
    on conflict (version_id) do nothing`.execute(sqlOf(db));
  return getRun(db, versionId);
}

export async function getRun(db: Queryable, versionId: string, forUpdate = false): Promise<MonitoringRun | null> {
  let query = sqlOf(db).selectFrom('monitoringRuns').select(RUN_COLUMNS).where('versionId', '=', versionId);
  if (forUpdate) query = query.forUpdate();
  return (await query.executeTakeFirst()) ?? null;
}

export async function startRun(
  db: Queryable,
  versionId: string,
  facts: { previousVersionId: string | null; changed: number; removed: number },
): Promise<void> {
  await sqlOf(db)
    .updateTable('monitoringRuns')
    .set({ status: 'running', previousVersionId: facts.previousVersionId, changedEntities: facts.changed, removedEntities: facts.removed })
    .where('versionId', '=', versionId)
    .where('status', '=', 'queued')
    .execute();
}

/** Moves the checkpoint past a committed batch; runs in the batch's transaction. */
export async function advanceRun(
  tx: Queryable,
  versionId: string,
  step: { lastCustomerId: string; screened: number; alerts: number },
): Promise<void> {
  await sqlOf(tx)
    .updateTable('monitoringRuns')
    .set((eb) => ({
      checkpointCustomerId: step.lastCustomerId,
      batches: eb('batches', '+', 1),
      customersScreened: eb('customersScreened', '+', step.screened),
      alertsRaised: eb('alertsRaised', '+', step.alerts),
    }))
    .where('versionId', '=', versionId)
    .execute();
}

export async function completeRun(tx: Queryable, versionId: string): Promise<void> {
  await sqlOf(tx)
    .updateTable('monitoringRuns')
    .set({ status: 'completed', finishedAt: sql`now()` })
    .where('versionId', '=', versionId)
    .execute();
}

export interface MonitoredCustomer {
  id: string;
  dataSegmentId: string;
  sanadId: string;
  fullName: string;
  dateOfBirth: string | null;
  nationalityId: string | null;
  countryOfResidenceId: string | null;
  idNumber: string | null;
  gender: string | null;
  fatherName: string | null;
}

/** The next batch of monitored (not archived) customers of the segments, after `afterId` in id order. */
export async function nextCustomerBatch(
  db: Queryable,
  segmentIds: readonly string[],
  afterId: string | null,
  limit: number,
): Promise<MonitoredCustomer[]> {
  if (segmentIds.length === 0) return [];
  let query = sqlOf(db)
    .selectFrom('customers as c')
    .select([
      'c.id',
      'c.dataSegmentId',
      'c.sanadId',
      'c.fullName',
      sql<string | null>`to_char(c.date_of_birth, 'YYYY-MM-DD')`.as('dateOfBirth'),
      'c.nationalityId',
      'c.countryOfResidenceId',
      'c.idNumber',
      sql<string | null>`c.record #>> '{basicInfo,gender}'`.as('gender'),
      sql<string | null>`c.record #>> '{basicInfo,fatherName}'`.as('fatherName'),
    ])
    .where('c.dataSegmentId', 'in', [...segmentIds])
    .where('c.isMonitored', '=', true)
    .where('c.archivedAt', 'is', null)
    .orderBy('c.id')
    .limit(limit);
  if (afterId) query = query.where('c.id', '>', afterId);
  return query.execute();
}

/** Locks a customer for its re-screening; null when it was archived meanwhile. */
export async function lockMonitoredCustomer(tx: Queryable, id: string): Promise<{ id: string } | null> {
  const row = await sqlOf(tx)
    .selectFrom('customers')
    .select('id')
    .where('id', '=', id)
    .where('isMonitored', '=', true)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

export interface ExistingHit {
  id: string;
  entityId: string;
  score: number;
  hitType: THitType;
  hitDetermination: 'open' | 'genuine' | 'false-positive';
}

/** The customer's hits on these entities of one list. */
export async function hitsOnEntities(
  tx: Queryable,
  customerId: string,
  listKey: string,
  entityIds: readonly string[],
): Promise<ExistingHit[]> {
  if (entityIds.length === 0) return [];
  return sqlOf(tx)
    .selectFrom('customerHits')
    .select([
      'id',
      'entityId',
      'score',
      sql<THitType>`hit_type`.as('hitType'),
      sql<ExistingHit['hitDetermination']>`hit_determination`.as('hitDetermination'),
    ])
    .where('customerId', '=', customerId)
    .where('listKey', '=', listKey)
    .where('entityId', 'in', [...entityIds])
    .execute();
}

/** The 'not relevant' decisions the customer holds on these entities, with the fingerprint decided on. */
export async function goodGuysOnEntities(
  tx: Queryable,
  customerId: string,
  listKey: string,
  entityIds: readonly string[],
): Promise<{ entityId: string; entityFingerprint: string }[]> {
  if (entityIds.length === 0) return [];
  return sqlOf(tx)
    .selectFrom('customerGoodGuys')
    .select(['entityId', 'entityFingerprint'])
    .where('customerId', '=', customerId)
    .where('listKey', '=', listKey)
    .where('entityId', 'in', [...entityIds])
    .execute();
}

/** An open hit found again with the entity as listed now (a changed entity, maybe a stronger score). */
export async function refreshHit(tx: Queryable, hitId: string, hit: NewHitRow): Promise<void> {
  await sqlOf(tx)
    .updateTable('customerHits')
    .set({
      ...hit,
      explanation: JSON.stringify(hit.explanation),
      entity: JSON.stringify(hit.entity),
      delistedAt: null,
      updatedAt: sql`now()`,
    })
    .where('id', '=', hitId)
    .execute();
}

/**
 * Flags the hits on entities a list no longer holds, in the segments that screen against it. The
 * hits and their alerts stay open: a reviewer closes them, the system never does silently.
 */
export async function flagDelistedHits(
  db: Queryable,
  segmentIds: readonly string[],
  listKey: string,
  removedIds: readonly string[],
): Promise<number> {
  if (segmentIds.length === 0 || removedIds.length === 0) return 0;
  const result = await sqlOf(db)
    .updateTable('customerHits')
    .set({ delistedAt: sql`now()` })
    .where('dataSegmentId', 'in', [...segmentIds])
    .where('listKey', '=', listKey)
    .where('entityId', 'in', [...removedIds])
    .where('delistedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** An entity listed again: its earlier hits lose the removed flag. */
export async function clearDelistedFlag(
  db: Queryable,
  segmentIds: readonly string[],
  listKey: string,
  entityIds: readonly string[],
): Promise<void> {
  if (segmentIds.length === 0 || entityIds.length === 0) return;
  await sqlOf(db)
    .updateTable('customerHits')
    .set({ delistedAt: null })
    .where('dataSegmentId', 'in', [...segmentIds])
    .where('listKey', '=', listKey)
    .where('entityId', 'in', [...entityIds])
    .where('delistedAt', 'is not', null)
    .execute();
}

/**
 * An alert raised by the system for one trigger (a list version, a review due date, a document
 * expiry date). The unique
 * index on (customer, trigger key) is the last guard: a second raise for the same trigger inserts
 * nothing and answers null.
 */
export async function insertTriggeredAlert(
  tx: Queryable,
  row: {
    dataSegmentId: string;
    customerId: string;
    type: Extract<TCustomerAlert['type'], 'triggered' | 'periodic' | 'expiry'>;
    reason: string;
    triggerKey: string;
    trigger: unknown;
    extraIndicators?: readonly TAlertIndicator[];
  },
): Promise<string | null> {
  const facts = await sqlOf(tx)
    .selectFrom('customers')
    .select(['hitTypes', 'riskLevel', 'documentStatuses'])
    .where('id', '=', row.customerId)
    .executeTakeFirst();
  const indicators = facts
    ? alertIndicatorsOf({
        hitTypes: facts.hitTypes as THitType[],
        riskLevel: facts.riskLevel,
        documentStatuses: facts.documentStatuses as TDocumentStatus[],
      })
    : [];
  const inserted = await sqlOf(tx)
    .insertInto('alerts')
    .values({
      dataSegmentId: row.dataSegmentId,
      customerId: row.customerId,
      type: row.type,
      reason: row.reason,
      indicators: [...new Set([...indicators, ...(row.extraIndicators ?? [])])],
      triggerKey: row.triggerKey,
      trigger: JSON.stringify(row.trigger),
    })
    .onConflict((conflict) => conflict.columns(['customerId', 'triggerKey']).where('triggerKey', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  await sqlOf(tx)
    .insertInto('alertLog')
    .values({ dataSegmentId: row.dataSegmentId, alertId: inserted.id, action: 'raised', actorName: 'System' })
    .execute();
  return inserted.id;
}

export interface DueCustomer {
  id: string;
  dataSegmentId: string;
  sanadId: string;
  fullName: string;
  riskLevel: string | null;
  dueDate: string;
}

/**
 * Monitored customers whose periodic review is due on or before `today`, after `afterId` in id
 * order. A customer without a date from its rating (not rated yet) is due its segment's default
 * interval after it was registered.
 */
export async function nextDueCustomers(db: Queryable, today: string, afterId: string | null, limit: number): Promise<DueCustomer[]> {
  const due = sql<string>`coalesce(c.next_review_date, (c.created_at + make_interval(years => s.next_review_years))::date)`;
  let query = sqlOf(db)
    .selectFrom('customers as c')
    .innerJoin('dataSegments as s', 's.id', 'c.dataSegmentId')
    .select(['c.id', 'c.dataSegmentId', 'c.sanadId', 'c.fullName', 'c.riskLevel', sql<string>`to_char(${due}, 'YYYY-MM-DD')`.as('dueDate')])
    .where('c.isMonitored', '=', true)
    .where('c.archivedAt', 'is', null)
    .where(
      sql<boolean>`(c.next_review_date <= ${today}::date or (c.next_review_date is null and c.risk_level is distinct from 'sanction' and s.next_review_years > 0 and ${due} <= ${today}::date))`,
    )
    .orderBy('c.id')
    .limit(limit);
  if (afterId) query = query.where('c.id', '>', afterId);
  return query.execute();
}

/** Sets the next periodic review date (a final decision on a periodic alert). */
export async function setNextReviewDate(tx: Queryable, customerId: string, date: string | null): Promise<void> {
  await sqlOf(tx)
    .updateTable('customers')
    .set({ nextReviewDate: date, updatedAt: sql`now()` })
    .where('id', '=', customerId)
    .execute();
}

/** The customer's risk level and segment default interval, for the next review date. */
export async function reviewFactsOf(
  tx: Queryable,
  customerId: string,
): Promise<{ dataSegmentId: string; riskLevel: string | null; segmentYears: number } | null> {
  const row = await sqlOf(tx)
    .selectFrom('customers as c')
    .innerJoin('dataSegments as s', 's.id', 'c.dataSegmentId')
    .select(['c.dataSegmentId', 'c.riskLevel', 's.nextReviewYears as segmentYears'])
    .where('c.id', '=', customerId)
    .executeTakeFirst();
  return row ?? null;
}
