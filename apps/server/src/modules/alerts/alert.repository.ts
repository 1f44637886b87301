import { sql, type RawBuilder, type Updateable } from 'kysely';
import type {
  TAlertDetail,
  TAlertIndicator,
  TAlertListItem,
  TAlertListQuery,
  TAlertLogAction,
  TAlertLogEntry,
  TAlertStage,
  TAlertTrigger,
  TReviewLevel,
} from '@sanad/contracts/alerts';
import { DEFAULT_ALERT_SETTINGS } from '@sanad/contracts/alert-settings';
import type { TDocumentStatus } from '@sanad/contracts/customers';
import type { THitType } from '@sanad/contracts/screening';
import type { AlertsTable } from '../../db/schema.generated';
import type { Queryable } from '../../platform/db/database';
import { inSegments, keywordLike, pageOf, sortOf } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import type { Page } from '../../platform/http/envelope';
import { isUuid } from '../../platform/http/id-params';
import type { TenantScope } from '../../platform/tenancy/scope';

/**
 * The only SQL on `alerts` review columns and `alert_log`. Alerts are listed with their customer's
 * name, Sanad ID, KYC status and risk level (read from `customers`, never written here: the KYC
 * status changes through the customer service).
 */

/** The status a list shows, from state, stage and the return flag. */
const STATUS = sql<TAlertListItem['status']>`case
  when a.state = 'closed' then a.decision
  when a.stage = 'checker' then 'pending-checker'
  when a.stage = 'approver' then 'pending-approver'
  when a.is_returned then 'return-alert'
  else 'open' end`;

const person = (id: string, name: string) =>
  sql<{
    _id: string;
    name: string;
  } | null>`case when ${sql.ref(id)} is null then null else json_build_object('_id', ${sql.ref(id)}, 'name', ${sql.ref(name)}) end`;

/**
 * The review SLA of the alert's type in its segment (hours; null: none). Read from the settings
 * when the alert is listed, so a changed SLA applies to open alerts at once; a segment that saved
 * no settings uses the defaults. Needs `alert_settings as s` left-joined on the alert's segment.
 */
const SLA_HOURS = sql<
  number | null
>`(coalesce(s.settings -> 'slaHours', ${JSON.stringify(DEFAULT_ALERT_SETTINGS.slaHours)}::jsonb) ->> a.type)::int`;
const DUE_AT = sql<string | null>`(a.created_at + make_interval(hours => ${SLA_HOURS}))`;
/** Open, with an SLA, and past its due time. */
const IS_OVERDUE = sql<boolean>`(a.state = 'open' and ${SLA_HOURS} is not null and ${DUE_AT} < now())`;

function selectItems(db: Queryable) {
  return sqlOf(db)
    .selectFrom('alerts as a')
    .innerJoin('customers as c', 'c.id', 'a.customerId')
    .leftJoin('alertSettings as s', 's.dataSegmentId', 'a.dataSegmentId')
    .select([
      'a.id as _id',
      'a.dataSegmentId',
      sql<TAlertListItem['type']>`a.type`.as('type'),
      'a.reason',
      sql<TAlertListItem['state']>`a.state`.as('state'),
      sql<TAlertStage>`a.stage`.as('stage'),
      STATUS.as('status'),
      'a.isReturned',
      sql<TAlertListItem['decision']>`a.decision`.as('decision'),
      'a.indicators',
      person('a.locked_by', 'a.locked_by_name').as('lockedBy'),
      'a.lockedAt',
      sql<
        TAlertListItem['customer']
      >`json_build_object('_id', c.id, 'sanadId', c.sanad_id, 'fullName', c.full_name, 'kycStatus', c.kyc_status, 'riskLevel', c.risk_level)`.as(
        'customer',
      ),
      person('a.created_by', 'a.created_by_name').as('createdBy'),
      'a.createdAt',
      'a.updatedAt',
      sql<string | null>`to_char(${DUE_AT} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('dueAt'),
      sql<boolean>`coalesce(${IS_OVERDUE}, false)`.as('isOverdue'),
    ]);
}

const SORTABLE: Readonly<Record<string, RawBuilder<unknown>>> = {
  createdAt: sql`a.created_at`,
  updatedAt: sql`a.updated_at`,
  type: sql`a.type`,
  status: STATUS,
  fullName: sql`c.full_name_normalised`,
  sanadId: sql`c.sanad_id`,
};
const DEFAULT_SORT = { expression: sql`a.created_at`, direction: 'desc' as const };

/** The SQL condition for one list status. */
function statusCondition(status: TAlertListItem['status']): RawBuilder<boolean> {
  switch (status) {
    case 'approved':
    case 'rejected':
      return sql<boolean>`(a.state = 'closed' and a.decision = ${status})`;
    case 'pending-checker':
      return sql<boolean>`(a.state = 'open' and a.stage = 'checker')`;
    case 'pending-approver':
      return sql<boolean>`(a.state = 'open' and a.stage = 'approver')`;
    case 'return-alert':
      return sql<boolean>`(a.state = 'open' and a.stage = 'maker' and a.is_returned)`;
    case 'open':
      return sql<boolean>`(a.state = 'open' and a.stage = 'maker' and not a.is_returned)`;
  }
}

function filtered(db: Queryable, scope: TenantScope, dataSegmentId: string, query: TAlertListQuery, actorId: string) {
  let qb = selectItems(db).where(inSegments('a.data_segment_id', scope, dataSegmentId));
  if (query.keyword) qb = qb.where(sql<boolean>`c.search_text like ${keywordLike(query.keyword.toLowerCase())}`);
  if (query.type?.length) qb = qb.where('a.type', 'in', query.type);
  if (query.status?.length) {
    const conditions = query.status.map(statusCondition);
    qb = qb.where(sql<boolean>`(${sql.join(conditions, sql` or `)})`);
  }
  if (query.indicator?.length) qb = qb.where(sql<boolean>`a.indicators && ${query.indicator}::text[]`);
  if (query.assignee === 'me') qb = qb.where('a.lockedBy', '=', actorId);
  else if (query.assignee === 'none') qb = qb.where('a.lockedBy', 'is', null);
  else if (query.assignee) qb = qb.where('a.lockedBy', '=', query.assignee);
  if (query.minAgeDays !== undefined) qb = qb.where(sql<boolean>`a.created_at <= now() - make_interval(days => ${query.minAgeDays})`);
  if (query.customerId) qb = qb.where('a.customerId', '=', query.customerId);
  if (query.overdue === 'true') qb = qb.where(sql<boolean>`coalesce(${IS_OVERDUE}, false)`);
  else if (query.overdue === 'false') qb = qb.where(sql<boolean>`not coalesce(${IS_OVERDUE}, false)`);
  return qb;
}

export async function listAlerts(
  db: Queryable,
  scope: TenantScope,
  dataSegmentId: string,
  query: TAlertListQuery,
  actorId: string,
): Promise<Page<TAlertListItem>> {
  const sort = sortOf(query, SORTABLE, DEFAULT_SORT);
  const { limit, offset } = pageOf(query);
  const rows = await filtered(db, scope, dataSegmentId, query, actorId)
    .select(sql<number>`count(*) over ()::int`.as('total'))
    .orderBy(sql`${sort.expression} ${sql.raw(sort.direction)}`)
    .orderBy('a.id', sort.direction)
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

/**
 * A cursor page of the public API: alerts after `afterId` (newest first by creation, then id),
 * read from that alert's own position in the segment, so pages never overlap or skip while alerts are raised.
 */
export async function listAlertsAfter(
  db: Queryable,
  scope: TenantScope,
  dataSegmentId: string,
  query: TAlertListQuery,
  afterId: string | null,
  limit: number,
): Promise<TAlertListItem[]> {
  let qb = filtered(db, scope, dataSegmentId, query, '');
  if (afterId) {
    qb = qb.where(
      sql<boolean>`(a.created_at, a.id) < (select p.created_at, p.id from alerts p where p.id = ${afterId}::uuid and p.data_segment_id = ${dataSegmentId}::uuid)`,
    );
  }
  return qb
    .orderBy(sql`a.created_at desc`)
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Open alerts of a segment, and those waiting for `level` that `actorId` may take: not locked by
 * someone else, and not already acted on by them at another level.
 */
export async function countAlerts(
  db: Queryable,
  dataSegmentId: string,
  level: TReviewLevel | null,
  actorId: string,
): Promise<{ open: number; awaitingMe: number }> {
  const row = await sqlOf(db)
    .selectFrom('alerts as a')
    .select([
      sql<number>`count(*)::int`.as('open'),
      sql<number>`count(*) filter (where a.stage = ${level ?? ''} and (a.locked_by is null or a.locked_by = ${actorId}::uuid)
        and not exists (select 1 from alert_log l where l.alert_id = a.id and l.actor_id = ${actorId}::uuid
          and l.level is not null and l.level <> a.stage))::int`.as('awaitingMe'),
    ])
    .where('a.dataSegmentId', '=', dataSegmentId)
    .where('a.state', '=', 'open')
    .executeTakeFirst();
  return { open: row?.open ?? 0, awaitingMe: row?.awaitingMe ?? 0 };
}

const decisionOf = (prefix: 'maker' | 'checker' | 'approver') =>
  sql<TAlertDetail['maker']>`case when ${sql.ref(`a.${prefix}_decision`)} is null then null else json_build_object(
    'decision', ${sql.ref(`a.${prefix}_decision`)}, 'reason', ${sql.ref(`a.${prefix}_reason`)},
    'by', json_build_object('_id', ${sql.ref(`a.${prefix}_id`)}, 'name', ${sql.ref(`a.${prefix}_name`)}),
    'at', to_char(${sql.ref(`a.${prefix}_at`)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) end`;

export type AlertRow = Omit<TAlertDetail, 'hits' | 'log'> & { customerId: string };

/** One alert the scope may see, with each level's decision; null for a malformed id or another segment's alert. */
export async function findAlert(db: Queryable, scope: TenantScope, id: string): Promise<AlertRow | null> {
  if (!isUuid(id)) return null;
  const row = await selectItems(db)
    .select([
      'a.customerId',
      decisionOf('maker').as('maker'),
      decisionOf('checker').as('checker'),
      decisionOf('approver').as('approver'),
      sql<TAlertTrigger | null>`a.trigger`.as('trigger'),
    ])
    .where('a.id', '=', id)
    .where(inSegments('a.data_segment_id', scope))
    .executeTakeFirst();
  return row ?? null;
}

export interface LockedAlert {
  id: string;
  dataSegmentId: string;
  customerId: string;
  sanadId: string;
  type: TAlertListItem['type'];
  state: 'open' | 'closed';
  stage: TAlertStage;
  lockedBy: string | null;
  lockedByName: string;
}

/**
 * The alert's review columns, its row locked until the transaction ends: two reviewers acting on one
 * alert at the same moment run one after the other, and the second sees what the first did.
 */
export async function lockAlert(tx: Queryable, scope: TenantScope, id: string): Promise<LockedAlert | null> {
  if (!isUuid(id)) return null;
  const row = await sqlOf(tx)
    .selectFrom('alerts as a')
    .innerJoin('customers as c', 'c.id', 'a.customerId')
    .select([
      'a.id',
      'a.dataSegmentId',
      'a.customerId',
      'c.sanadId',
      sql<LockedAlert['type']>`a.type`.as('type'),
      sql<LockedAlert['state']>`a.state`.as('state'),
      sql<TAlertStage>`a.stage`.as('stage'),
      'a.lockedBy',
      'a.lockedByName',
    ])
    .where('a.id', '=', id)
    .where(inSegments('a.data_segment_id', scope))
    .forUpdate('a')
    .executeTakeFirst();
  return row ?? null;
}

/** The review levels at which a person has locked or decided this alert. */
export async function levelsActedBy(tx: Queryable, alertId: string, userId: string): Promise<TReviewLevel[]> {
  const rows = await sqlOf(tx)
    .selectFrom('alertLog')
    .select(sql<TReviewLevel>`level`.as('level'))
    .distinct()
    .where('alertId', '=', alertId)
    .where('actorId', '=', userId)
    .where('level', 'is not', null)
    .execute();
  return rows.map((row) => row.level);
}

export interface AlertPatch {
  state?: 'open' | 'closed';
  stage?: TAlertStage;
  isReturned?: boolean;
  decision?: 'approved' | 'rejected';
  lock?: { id: string; name: string } | null;
  levelDecision?: { level: TReviewLevel; decision: string; reason: string; by: { id: string; name: string } };
}

type AlertChanges = Updateable<AlertsTable>;

/** The columns of one level's decision (the decision is one that level may take; the service checked it). */
function levelColumns({ level, decision, reason, by }: NonNullable<AlertPatch['levelDecision']>): AlertChanges {
  const at = new Date();
  switch (level) {
    case 'maker':
      return {
        makerDecision: decision as AlertsTable['makerDecision'],
        makerReason: reason,
        makerId: by.id,
        makerName: by.name,
        makerAt: at,
      };
    case 'checker':
      return {
        checkerDecision: decision as AlertsTable['checkerDecision'],
        checkerReason: reason,
        checkerId: by.id,
        checkerName: by.name,
        checkerAt: at,
      };
    case 'approver':
      return {
        approverDecision: decision as AlertsTable['approverDecision'],
        approverReason: reason,
        approverId: by.id,
        approverName: by.name,
        approverAt: at,
      };
  }
}

export async function updateAlert(tx: Queryable, id: string, patch: AlertPatch): Promise<void> {
  const changes: AlertChanges = { updatedAt: new Date() };
  if (patch.state) changes.state = patch.state;
  if (patch.stage) changes.stage = patch.stage;
  if (patch.isReturned !== undefined) changes.isReturned = patch.isReturned;
  if (patch.decision) changes.decision = patch.decision;
  if (patch.lock === null) Object.assign(changes, { lockedBy: null, lockedByName: '', lockedAt: null });
  else if (patch.lock) Object.assign(changes, { lockedBy: patch.lock.id, lockedByName: patch.lock.name, lockedAt: new Date() });
  if (patch.levelDecision) Object.assign(changes, levelColumns(patch.levelDecision));
  await sqlOf(tx).updateTable('alerts').set(changes).where('id', '=', id).execute();
}

export async function insertLog(
  tx: Queryable,
  entry: {
    dataSegmentId: string;
    alertId: string;
    action: TAlertLogAction;
    level: TReviewLevel | null;
    reason?: string;
    actor: { id: string; name: string } | null;
  },
): Promise<void> {
  await sqlOf(tx)
    .insertInto('alertLog')
    .values({
      dataSegmentId: entry.dataSegmentId,
      alertId: entry.alertId,
      action: entry.action,
      level: entry.level,
      reason: entry.reason ?? '',
      actorId: entry.actor?.id ?? null,
      actorName: entry.actor?.name ?? 'System',
    })
    .execute();
}

/** The log of one alert, oldest step first. */
export async function listLog(db: Queryable, alertId: string): Promise<TAlertLogEntry[]> {
  return sqlOf(db)
    .selectFrom('alertLog')
    .select([
      'id as _id',
      sql<TAlertLogAction>`action`.as('action'),
      sql<TReviewLevel | null>`level`.as('level'),
      'reason',
      sql<TAlertLogEntry['actor']>`json_build_object('_id', actor_id, 'name', actor_name)`.as('actor'),
      'createdAt',
    ])
    .where('alertId', '=', alertId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** The screening hits of the alert's customer, strongest first: why it was raised. */
export async function listAlertHits(db: Queryable, customerId: string): Promise<TAlertDetail['hits']> {
  return sqlOf(db)
    .selectFrom('customerHits')
    .select([
      'id as _id',
      'fullName',
      sql<THitType>`hit_type`.as('hitType'),
      'score',
      'sourceList',
      'hitDetermination',
      sql<boolean>`delisted_at is not null`.as('isDelisted'),
    ])
    .where('customerId', '=', customerId)
    .orderBy('score', 'desc')
    .orderBy('id')
    .execute();
}

export interface CustomerFacts {
  id: string;
  dataSegmentId: string;
  sanadId: string;
  fullName: string;
  hitTypes: THitType[];
  riskLevel: string | null;
  documentStatuses: TDocumentStatus[];
}

/**
 * The facts a manual alert is raised with, the customer row locked until the transaction ends (the
 * lock edit profile takes too), so two alerts are never opened on one customer at once.
 */
export async function lockCustomerFacts(tx: Queryable, scope: TenantScope, customerId: string): Promise<CustomerFacts | null> {
  const row = await sqlOf(tx)
    .selectFrom('customers as c')
    .select([
      'c.id',
      'c.dataSegmentId',
      'c.sanadId',
      'c.fullName',
      sql<THitType[]>`c.hit_types`.as('hitTypes'),
      'c.riskLevel',
      sql<TDocumentStatus[]>`c.document_statuses`.as('documentStatuses'),
    ])
    .where('c.id', '=', customerId)
    .where(inSegments('c.data_segment_id', scope))
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

export async function hasOpenAlert(tx: Queryable, customerId: string): Promise<boolean> {
  const row = await sqlOf(tx)
    .selectFrom('alerts')
    .select('id')
    .where('customerId', '=', customerId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertManualAlert(
  tx: Queryable,
  row: {
    dataSegmentId: string;
    customerId: string;
    reason: string;
    indicators: TAlertIndicator[];
    createdBy: { id: string; name: string };
  },
): Promise<string> {
  const inserted = await sqlOf(tx)
    .insertInto('alerts')
    .values({
      dataSegmentId: row.dataSegmentId,
      customerId: row.customerId,
      type: 'manual',
      reason: row.reason,
      indicators: row.indicators,
      createdBy: row.createdBy.id,
      createdByName: row.createdBy.name,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export interface OverdueAlert {
  id: string;
  dataSegmentId: string;
  type: string;
  stage: TAlertStage;
  lockedBy: string | null;
  sanadId: string;
  dueAt: string;
}

/**
 * Marks up to `limit` open alerts that are past their SLA and not yet notified, and answers them;
 * in the caller's transaction, so the mark and the notifications commit together. Rows another
 * worker holds are skipped, not waited for.
 */
export async function claimOverdueAlerts(tx: Queryable, limit: number): Promise<OverdueAlert[]> {
  const result = await sql<OverdueAlert>`
    with due as (
      select a.id, to_char(${DUE_AT} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as due_at
      from alerts a left join alert_settings s on s.data_segment_id = a.data_segment_id
      where a.state = 'open' and a.overdue_notified_at is null and ${IS_OVERDUE}
      order by a.created_at, a.id
      limit ${limit}
      for update of a skip locked
    )
    update alerts u set overdue_notified_at = now()
    from due, customers c
    where u.id = due.id and c.id = u.customer_id
    returning u.id, u.data_segment_id as "dataSegmentId", u.type, u.stage, u.locked_by as "lockedBy", c.sanad_id as "sanadId",
      due.due_at as "dueAt"`.execute(sqlOf(tx));
  return result.rows;
}
