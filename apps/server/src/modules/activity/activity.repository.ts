import type { Queryable } from '../../platform/db/database';
import { segmentCondition, type TenantScope } from '../../platform/tenancy/scope';

export interface ActivityWindow {
  /**
   * Rows without a segment (installation-wide events) count only for an all-segments scope that
   * asks for no one segment: segmentCondition is 'true' there and names segments everywhere else.
   */
  scope: TenantScope;
  onlySegment: string | null;
  /** UTC instants bounding the local days asked for. */
  fromInstant: Date;
  toInstant: Date;
  /** Minutes to subtract from UTC to get the caller's local time (getTimezoneOffset). */
  timezoneOffset: number;
}

export async function countActivityByDay(
  db: Queryable,
  window: ActivityWindow,
): Promise<Array<{ day: string; sign_ins: number; actions: number }>> {
  const params: unknown[] = [window.fromInstant, window.toInstant, window.timezoneOffset];
  const scope = segmentCondition(window.scope, 'data_segment_id', params, window.onlySegment);
  const result = await db.query<{ day: string; sign_ins: number; actions: number }>(
    `select to_char(created_at at time zone 'UTC' - make_interval(mins => $3), 'YYYY-MM-DD') as day,
            count(*) filter (where action = 'logged_in')::int as sign_ins,
            count(*)::int as actions
       from audit_log
      where created_at >= $1 and created_at < $2 and ${scope}
      group by 1 order by 1`,
    params,
  );
  return result.rows;
}

export async function countActivityByModule(db: Queryable, window: ActivityWindow): Promise<Array<{ module: string; count: number }>> {
  const params: unknown[] = [window.fromInstant, window.toInstant];
  const scope = segmentCondition(window.scope, 'data_segment_id', params, window.onlySegment);
  const result = await db.query<{ module: string; count: number }>(
    `select module, count(*)::int as count from audit_log
      where created_at >= $1 and created_at < $2 and ${scope}
      group by module order by count desc, module`,
    params,
  );
  return result.rows;
}

export async function countActiveUsers(db: Queryable, window: ActivityWindow): Promise<number> {
  const params: unknown[] = [window.fromInstant, window.toInstant];
  const scope = segmentCondition(window.scope, 'data_segment_id', params, window.onlySegment);
  const result = await db.query<{ count: number }>(
    `select count(distinct actor_id)::int as count from audit_log
      where created_at >= $1 and created_at < $2 and actor_id is not null and ${scope}`,
    params,
  );
  return result.rows[0]?.count ?? 0;
}
