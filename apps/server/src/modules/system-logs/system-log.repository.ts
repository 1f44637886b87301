import type { TListQuery } from '@sanad/contracts/http';
import type { AuditRowContent } from '../../platform/audit/audit-log';
import type { Queryable } from '../../platform/db/database';
import { keywordPattern, orderByClause, pageClause } from '../../platform/http/list-query';
import { segmentCondition, type TenantScope } from '../../platform/tenancy/scope';

/** Which entries a list, chart or export covers; instants bound the caller's local days. */
export interface LogFilter {
  scope: TenantScope;
  onlySegment: string | null;
  keyword?: string | undefined;
  module?: string | undefined;
  action?: string | undefined;
  fromInstant: Date | null;
  toInstant: Date | null;
}

/** An audit row as the list shows it: the entry, its GDPR fields, and the actor's current e-mail. */
export type SystemLogRow = Pick<
  AuditRowContent,
  | 'created_at'
  | 'actor_id'
  | 'actor_name'
  | 'module'
  | 'action'
  | 'summary'
  | 'purpose_of_processing'
  | 'legal_basis_for_processing'
  | 'categories_of_data_involved'
  | 'recipients'
  | 'retention_period'
  | 'location_of_processing'
  | 'security_measures'
> & { id: string; email: string | null };

const SORTABLE = { createdAt: 'a.created_at', type: 'a.module', action: 'a.action', user: 'a.actor_name' } as const;

const SELECT = `select a.id::text as id, a.created_at, a.actor_id, a.actor_name, u.email, a.module, a.action, a.summary,
       a.purpose_of_processing, a.legal_basis_for_processing, a.categories_of_data_involved, a.recipients,
       a.retention_period, a.location_of_processing, a.security_measures
  from audit_log a left join users u on u.id = a.actor_id`;

/**
 * The WHERE clause of a filter. As on the activity dashboard, entries without a segment
 * (installation-wide events) are visible only to users who see every segment and ask for none.
 */
function whereClause(filter: LogFilter, params: unknown[]): string {
  const conditions = [segmentCondition(filter.scope, 'a.data_segment_id', params, filter.onlySegment)];
  if (filter.module) {
    params.push(filter.module);
    conditions.push(`a.module = $${params.length}`);
  }
  if (filter.action) {
    params.push(filter.action);
    conditions.push(`a.action = $${params.length}`);
  }
  if (filter.fromInstant) {
    params.push(filter.fromInstant);
    conditions.push(`a.created_at >= $${params.length}`);
  }
  if (filter.toInstant) {
    params.push(filter.toInstant);
    conditions.push(`a.created_at < $${params.length}`);
  }
  if (filter.keyword) {
    params.push(keywordPattern(filter.keyword));
    const at = `$${params.length}`;
    conditions.push(`(a.summary ilike ${at} or a.actor_name ilike ${at} or a.action ilike ${at} or u.email ilike ${at})`);
  }
  return conditions.join(' and ');
}

export async function listSystemLogs(
  db: Queryable,
  filter: LogFilter,
  query: TListQuery,
): Promise<{ rows: SystemLogRow[]; total: number }> {
  const params: unknown[] = [];
  const where = whereClause(filter, params);
  const counted = await db.query<{ total: number }>(
    `select count(*)::int as total from audit_log a left join users u on u.id = a.actor_id where ${where}`,
    params,
  );
  const order = orderByClause(query, SORTABLE, { column: 'a.created_at', order: 'desc' }, 'a.id');
  const page = pageClause(query, params);
  const result = await db.query<SystemLogRow>(`${SELECT} where ${where} ${order} ${page}`, params);
  return { rows: result.rows, total: counted.rows[0]?.total ?? 0 };
}

/** Entries per local day, for a browser `timezoneOffset` minutes behind UTC. */
export async function countSystemLogsByDay(
  db: Queryable,
  filter: LogFilter,
  timezoneOffset: number,
): Promise<Array<{ day: string; actions: number }>> {
  const params: unknown[] = [timezoneOffset];
  const where = whereClause(filter, params);
  const result = await db.query<{ day: string; actions: number }>(
    `select to_char(a.created_at at time zone 'UTC' - make_interval(mins => $1), 'YYYY-MM-DD') as day, count(*)::int as actions
       from audit_log a left join users u on u.id = a.actor_id
      where ${where} group by 1 order by 1`,
    params,
  );
  return result.rows;
}

/** The next `limit` entries after entry `afterId`, oldest first: an export walks the log by id. */
export async function listSystemLogsAfter(
  db: Queryable,
  filter: LogFilter,
  afterId: string | null,
  limit: number,
): Promise<SystemLogRow[]> {
  const params: unknown[] = [];
  const where = whereClause(filter, params);
  params.push(afterId ?? '0', limit);
  const result = await db.query<SystemLogRow>(
    `${SELECT} where ${where} and a.id > $${params.length - 1}::bigint order by a.id limit $${params.length}`,
    params,
  );
  return result.rows;
}
