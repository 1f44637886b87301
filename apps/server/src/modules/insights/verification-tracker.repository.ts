import { sql } from 'kysely';
import { TRACKER_EXPIRING_HOURS, type TTrackerJourney, type TTrackerJourneyQuery, type TTrackerStage } from '@sanad/contracts/insights';
import type { Queryable } from '../../platform/db/database';
import { inSegments, keywordLike, pageOf, sortOf, totalRows } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import type { Page } from '../../platform/http/envelope';
import type { TenantScope } from '../../platform/tenancy/scope';

/** One segment's deep-link journeys (temp customers with their links), judged at `now`. */
export interface TrackerSegment {
  scope: TenantScope;
  dataSegmentId: string;
  now: Date;
}

/**
 * Where a journey stands: completed, not opened yet (nothing saved either), or at the furthest step
 * it may open. A journey keeps its stage after its link expires or is revoked: that is where it dropped off.
 */
const STAGE = sql<TTrackerStage>`case
  when t.completed_at is not null then 'completed'
  when t.opened_at is null and t.progressed_at is null then 'not-opened'
  else t.reached_step end`;

export type JourneyOutcome = 'completed' | 'revoked' | 'expired' | 'in-flight';

/** How it ended, or that it has not: a completed registration stays completed after its link would have expired. */
const outcomeAt = (now: Date) => sql<JourneyOutcome>`case
  when t.completed_at is not null then 'completed'
  when l.status = 'revoked' then 'revoked'
  when l.expires_at <= ${now.toISOString()}::timestamptz then 'expired'
  else 'in-flight' end`;

function journeys(db: Queryable, segment: TrackerSegment) {
  return sqlOf(db)
    .selectFrom('tempCustomers as t')
    .innerJoin('onboardingLinks as l', 'l.id', 't.onboardingLinkId')
    .where(inSegments('t.data_segment_id', segment.scope, segment.dataSegmentId));
}

/** Journeys whose link was first sent in the window: the segment and the range lead temp_customers_segment. */
function sentIn(db: Queryable, segment: TrackerSegment, fromInstant: Date, toInstant: Date) {
  return journeys(db, segment).where('t.createdAt', '>=', fromInstant.toISOString()).where('t.createdAt', '<', toInstant.toISOString());
}

/** Journeys in flight at `now`: link live and unexpired, registration not complete. */
function inFlight(db: Queryable, segment: TrackerSegment) {
  return journeys(db, segment)
    .where('t.completedAt', 'is', null)
    .where('l.status', '=', 'active')
    .where('l.expiresAt', '>', segment.now.toISOString());
}

const expiringBefore = (now: Date) => new Date(now.getTime() + TRACKER_EXPIRING_HOURS * 3_600_000).toISOString();

export interface StageOutcomeRow {
  stage: TTrackerStage;
  outcome: JourneyOutcome;
  count: number;
}

/** The journeys of the window counted by stage and outcome, in one grouped query. */
export async function countJourneysByStage(
  db: Queryable,
  segment: TrackerSegment,
  fromInstant: Date,
  toInstant: Date,
): Promise<StageOutcomeRow[]> {
  const outcome = outcomeAt(segment.now);
  return sentIn(db, segment, fromInstant, toInstant)
    .select([STAGE.as('stage'), outcome.as('outcome'), sql<number>`count(*)::int`.as('count')])
    .groupBy([sql`1`, sql`2`])
    .execute();
}

/** How long completed journeys of the window took, from the first sending to completion, in seconds. */
export async function timeToComplete(
  db: Queryable,
  segment: TrackerSegment,
  fromInstant: Date,
  toInstant: Date,
): Promise<{ completed: number; medianSeconds: number | null; p90Seconds: number | null }> {
  const seconds = sql`extract(epoch from t.completed_at - t.created_at)`;
  const row = await sentIn(db, segment, fromInstant, toInstant)
    .where('t.completedAt', 'is not', null)
    .select([
      sql<number>`count(*)::int`.as('completed'),
      sql<number | null>`percentile_cont(0.5) within group (order by ${seconds})::float8`.as('medianSeconds'),
      sql<number | null>`percentile_cont(0.9) within group (order by ${seconds})::float8`.as('p90Seconds'),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

/** Journeys in flight now, and how many of them have a link ending within TRACKER_EXPIRING_HOURS. */
export async function countInFlight(db: Queryable, segment: TrackerSegment): Promise<{ inFlight: number; expiringSoon: number }> {
  return inFlight(db, segment)
    .select([
      sql<number>`count(*)::int`.as('inFlight'),
      sql<number>`(count(*) filter (where l.expires_at <= ${expiringBefore(segment.now)}::timestamptz))::int`.as('expiringSoon'),
    ])
    .executeTakeFirstOrThrow();
}

const FULL_NAME = sql<string>`concat_ws(' ', t.first_name, nullif(t.middle_name, ''), t.last_name)`;

const SORTABLE = {
  expiresAt: sql`l.expires_at`,
  createdAt: sql`t.created_at`,
  lastSentAt: sql`t.last_sent_at`,
  progressedAt: sql`t.progressed_at`,
  fullName: sql`${FULL_NAME}`,
};

/** One page of the journeys in flight now, soonest to expire first unless another sort is asked for. */
export async function listInFlight(db: Queryable, segment: TrackerSegment, query: TTrackerJourneyQuery): Promise<Page<TTrackerJourney>> {
  const sort = sortOf(query, SORTABLE, { expression: SORTABLE.expiresAt, direction: 'asc' });
  const { limit, offset } = pageOf(query);
  const soon = expiringBefore(segment.now);
  const rows = await inFlight(db, segment)
    .select([
      't.id as _id',
      FULL_NAME.as('fullName'),
      sql<TTrackerJourney['channel']>`t.channel`.as('channel'),
      STAGE.as('stage'),
      't.sentCount',
      sql<string>`t.created_at`.as('createdAt'),
      sql<string>`t.last_sent_at`.as('lastSentAt'),
      sql<string | null>`t.opened_at`.as('openedAt'),
      sql<string | null>`t.progressed_at`.as('progressedAt'),
      sql<string>`l.expires_at`.as('expiresAt'),
      sql<boolean>`l.expires_at <= ${soon}::timestamptz`.as('isExpiringSoon'),
      't.createdByName',
      totalRows(),
    ])
    .$if(query.step !== undefined, (qb) => qb.where(sql<boolean>`${STAGE} = ${query.step ?? ''}`))
    .$if(Boolean(query.keyword), (qb) => {
      const pattern = keywordLike(query.keyword ?? '');
      return qb.where(sql<boolean>`(${FULL_NAME} ilike ${pattern} or t.email ilike ${pattern} or t.phone_number ilike ${pattern})`);
    })
    .$if(query.expiringSoon === 'true', (qb) => qb.where(sql<boolean>`l.expires_at <= ${soon}::timestamptz`))
    .orderBy(sql`${sort.expression} ${sql.raw(sort.direction)} nulls last`)
    .orderBy('t.id', sort.direction)
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}
