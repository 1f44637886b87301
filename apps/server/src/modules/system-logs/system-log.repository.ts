import { sql, type ExpressionBuilder } from 'kysely';
import type { TListQuery } from '@sanad/contracts/http';
import type { TSystemLog } from '@sanad/contracts/system-logs';
import type { DB } from '../../db/schema.generated';
import type { Queryable } from '../../platform/db/database';
import { inSegments, keywordLike, pageOf, sortOf } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import type { Page } from '../../platform/http/envelope';
import type { TenantScope } from '../../platform/tenancy/scope';

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

type LogTables = DB & { a: DB['auditLog']; u: DB['users'] };

/**
 * The conditions of a filter. As on the activity dashboard, entries without a segment
 * (installation-wide events) are visible only to users who see every segment and ask for none.
 */
function matches(filter: LogFilter) {
  return (eb: ExpressionBuilder<LogTables, 'a' | 'u'>) => {
    const conditions = [inSegments('a.dataSegmentId', filter.scope, filter.onlySegment)];
    if (filter.module) conditions.push(sql<boolean>`a.module = ${filter.module}`);
    if (filter.action) conditions.push(sql<boolean>`a.action = ${filter.action}`);
    if (filter.fromInstant) conditions.push(sql<boolean>`a.created_at >= ${filter.fromInstant}`);
    if (filter.toInstant) conditions.push(sql<boolean>`a.created_at < ${filter.toInstant}`);
    if (filter.keyword) {
      const pattern = keywordLike(filter.keyword);
      conditions.push(
        sql<boolean>`(a.summary ilike ${pattern} or a.actor_name ilike ${pattern} or a.action ilike ${pattern} or u.email ilike ${pattern})`,
      );
    }
    return eb.and(conditions);
  };
}

/** An entry as the list shows it: the entry, its GDPR fields, and the actor with their current e-mail. */
function selectEntries(db: Queryable) {
  return sqlOf(db)
    .selectFrom('auditLog as a')
    .leftJoin('users as u', 'u.id', 'a.actorId')
    .select([
      sql<string>`a.id::text`.as('_id'),
      sql<
        TSystemLog['user']
      >`case when a.actor_id is not null or a.actor_name <> '' then json_build_object('name', a.actor_name, 'email', u.email) end`.as(
        'user',
      ),
      'a.module as type',
      'a.action',
      'a.summary',
      'a.createdAt',
      'a.purposeOfProcessing',
      'a.legalBasisForProcessing',
      'a.categoriesOfDataInvolved',
      'a.recipients',
      'a.retentionPeriod',
      'a.locationOfProcessing',
      'a.securityMeasures',
    ]);
}

const SORTABLE = { createdAt: sql`a.created_at`, type: sql`a.module`, action: sql`a.action`, user: sql`a.actor_name` };

export async function listSystemLogs(db: Queryable, filter: LogFilter, query: TListQuery): Promise<Page<TSystemLog>> {
  const sort = sortOf(query, SORTABLE, { expression: SORTABLE.createdAt, direction: 'desc' });
  const { limit, offset } = pageOf(query);
  const counted = await sqlOf(db)
    .selectFrom('auditLog as a')
    .leftJoin('users as u', 'u.id', 'a.actorId')
    .select(sql<number>`count(*)::int`.as('total'))
    .where(matches(filter))
    .executeTakeFirstOrThrow();
  const rows = await selectEntries(db)
    .where(matches(filter))
    .orderBy(sql`${sort.expression} ${sql.raw(sort.direction)} nulls last`)
    .orderBy('a.id', sort.direction)
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: counted.total };
}

/** Entries per local day, for a browser `timezoneOffset` minutes behind UTC. */
export async function countSystemLogsByDay(
  db: Queryable,
  filter: LogFilter,
  timezoneOffset: number,
): Promise<Array<{ day: string; actions: number }>> {
  return sqlOf(db)
    .selectFrom('auditLog as a')
    .leftJoin('users as u', 'u.id', 'a.actorId')
    .select([
      sql<string>`to_char(a.created_at at time zone 'UTC' - make_interval(mins => ${timezoneOffset}), 'YYYY-MM-DD')`.as('day'),
      sql<number>`count(*)::int`.as('actions'),
    ])
    .where(matches(filter))
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
}

/** The next `limit` entries after entry `afterId`, oldest first: an export walks the log by id. */
export async function listSystemLogsAfter(db: Queryable, filter: LogFilter, afterId: string | null, limit: number): Promise<TSystemLog[]> {
  return selectEntries(db)
    .where(matches(filter))
    .where(sql<boolean>`a.id > ${afterId ?? '0'}::bigint`)
    .orderBy('a.id')
    .limit(limit)
    .execute();
}
