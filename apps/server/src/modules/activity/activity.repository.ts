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
