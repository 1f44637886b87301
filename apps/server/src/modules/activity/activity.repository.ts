import { sql } from 'kysely';
import type { Queryable } from '../../platform/db/database';
import { inSegments } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import type { TenantScope } from '../../platform/tenancy/scope';

export interface ActivityWindow {
  /**
   * Rows without a segment (installation-wide events) count only for an all-segments scope that
   * asks for no one segment: the tenant filter is 'true' there and names segments everywhere else.
   */
  scope: TenantScope;
  onlySegment: string | null;
  /** UTC instants bounding the local days asked for. */
  fromInstant: Date;
  toInstant: Date;
  /** Minutes to subtract from UTC to get the caller's local time (getTimezoneOffset). */
  timezoneOffset: number;
}

function entriesIn(db: Queryable, window: ActivityWindow) {
  return sqlOf(db)
    .selectFrom('auditLog')
    .where('createdAt', '>=', window.fromInstant.toISOString())
    .where('createdAt', '<', window.toInstant.toISOString())
    .where(inSegments('dataSegmentId', window.scope, window.onlySegment));
}

export async function countActivityByDay(
  db: Queryable,
  window: ActivityWindow,
): Promise<Array<{ day: string; signIns: number; actions: number }>> {
  return entriesIn(db, window)
    .select([
      sql<string>`to_char(created_at at time zone 'UTC' - make_interval(mins => ${window.timezoneOffset}), 'YYYY-MM-DD')`.as('day'),
      sql<number>`count(*) filter (where action = 'logged_in')::int`.as('signIns'),
      sql<number>`count(*)::int`.as('actions'),
    ])
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
}

export async function countActivityByModule(db: Queryable, window: ActivityWindow): Promise<Array<{ module: string; count: number }>> {
  return entriesIn(db, window)
    .select(['module', sql<number>`count(*)::int`.as('count')])
    .groupBy('module')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('module')
    .execute();
}

export async function countActiveUsers(db: Queryable, window: ActivityWindow): Promise<number> {
  const row = await entriesIn(db, window)
    .select(sql<number>`count(distinct actor_id)::int`.as('count'))
    .where('actorId', 'is not', null)
    .executeTakeFirstOrThrow();
  return row.count;
}

const localDay = (column: string, window: ActivityWindow) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC' - make_interval(mins => ${window.timezoneOffset}), 'YYYY-MM-DD')`;

/** Customers created per local day: the segment and the range lead customers_segment_created. */
export async function countOnboardedByDay(db: Queryable, window: ActivityWindow): Promise<Array<{ day: string; count: number }>> {
  return sqlOf(db)
    .selectFrom('customers as c')
    .where(inSegments('c.data_segment_id', window.scope, window.onlySegment))
    .where('c.createdAt', '>=', window.fromInstant.toISOString())
    .where('c.createdAt', '<', window.toInstant.toISOString())
    .select([localDay('c.created_at', window).as('day'), sql<number>`count(*)::int`.as('count')])
    .groupBy(sql`1`)
    .execute();
}

/**
 * Alerts raised (created) and decided (closed by the approver's final decision) per local day, in
 * one query: each alert counts on the day it was raised and, once closed, on the day it was decided.
 */
export async function countAlertsByDay(
  db: Queryable,
  window: ActivityWindow,
): Promise<Array<{ day: string; raised: number; decided: number }>> {
  const from = window.fromInstant.toISOString();
  const to = window.toInstant.toISOString();
  const raised = sqlOf(db)
    .selectFrom('alerts as a')
    .where(inSegments('a.data_segment_id', window.scope, window.onlySegment))
    .where('a.createdAt', '>=', from)
    .where('a.createdAt', '<', to)
    .select([localDay('a.created_at', window).as('day'), sql<number>`1`.as('raised'), sql<number>`0`.as('decided')]);
  const decided = sqlOf(db)
    .selectFrom('alerts as a')
    .where(inSegments('a.data_segment_id', window.scope, window.onlySegment))
    .where('a.state', '=', 'closed')
    .where('a.approverAt', '>=', from)
    .where('a.approverAt', '<', to)
    .select([localDay('a.approver_at', window).as('day'), sql<number>`0`.as('raised'), sql<number>`1`.as('decided')]);
  return sqlOf(db)
    .selectFrom(raised.unionAll(decided).as('e'))
    .select(['e.day', sql<number>`sum(e.raised)::int`.as('raised'), sql<number>`sum(e.decided)::int`.as('decided')])
    .groupBy('e.day')
    .execute();
}
