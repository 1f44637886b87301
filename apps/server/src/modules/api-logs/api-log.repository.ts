import { sql, type ExpressionBuilder } from 'kysely';
import type { TListQuery } from '@sanad/contracts/http';
import type { ApiLogKind, TApiLog } from '@sanad/contracts/api-logs';
import type { DB } from '../../db/schema.generated';
import type { Queryable } from '../../platform/db/database';
import { inSegments, keywordLike, pageOf } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import type { Page } from '../../platform/http/envelope';
import type { TenantScope } from '../../platform/tenancy/scope';

/** One entry as the writer records it; the body is already redacted. */
export interface NewApiLog {
  /** Null only for a call refused for its key (missing, malformed, unknown): it names no segment. */
  dataSegmentId: string | null;
  kind: ApiLogKind;
  method: string;
  endpoint: string;
  status: number | null;
  applicationAccessId?: string | null;
  apiKeyId?: string | null;
  webhookId?: string | null;
  actorName: string;
  sessionId: string;
  durationMs: number | null;
  responseBody: string | null;
  error?: string | null;
}

/** Which entries a list or export covers; the instants bound the caller's local days. */
export interface ApiLogFilter {
  scope: TenantScope;
  onlySegment: string | null;
  kind?: ApiLogKind | undefined;
  /** An exact code, a class such as 4xx, or none. */
  status?: string | undefined;
  method?: string | undefined;
  endpoint?: string | undefined;
  applicationAccessId?: string | undefined;
  fromInstant: Date | null;
  toInstant: Date | null;
}

type Tables = DB & { l: DB['apiLogs']; k: DB['apiKeys'] };

function statusCondition(status: string) {
  if (status === 'none') return sql<boolean>`l.status is null`;
  if (status.endsWith('xx')) {
    const low = Number(status[0]) * 100;
    return sql<boolean>`l.status >= ${low} and l.status < ${low + 100}`;
  }
  return sql<boolean>`l.status = ${Number(status)}`;
}

function matches(filter: ApiLogFilter) {
  return (eb: ExpressionBuilder<Tables, 'l'>) => {
    const conditions = [inSegments('l.dataSegmentId', filter.scope, filter.onlySegment)];
    if (filter.kind) conditions.push(sql<boolean>`l.kind = ${filter.kind}`);
    if (filter.status) conditions.push(statusCondition(filter.status));
    if (filter.method) conditions.push(sql<boolean>`l.method = ${filter.method}`);
    if (filter.endpoint) conditions.push(sql<boolean>`l.endpoint ilike ${keywordLike(filter.endpoint)}`);
    if (filter.applicationAccessId) conditions.push(sql<boolean>`l.application_access_id = ${filter.applicationAccessId}::uuid`);
    if (filter.fromInstant) conditions.push(sql<boolean>`l.created_at >= ${filter.fromInstant}`);
    if (filter.toInstant) conditions.push(sql<boolean>`l.created_at < ${filter.toInstant}`);
    return eb.and(conditions);
  };
}

function selectEntries(db: Queryable) {
  return sqlOf(db)
    .selectFrom('apiLogs as l')
    .leftJoin('apiKeys as k', 'k.id', 'l.apiKeyId')
    .select([
      sql<string>`l.id::text`.as('_id'),
      'l.kind',
      'l.status',
      'l.endpoint',
      'l.method',
      'l.createdAt',
      'l.responseBody',
      'l.error',
      sql<string | null>`coalesce(l.application_access_id, l.webhook_id)::text`.as('userId'),
      sql<string | null>`l.api_key_id::text`.as('keyId'),
      'k.codeKey',
      'l.actorName as userName',
      'l.sessionId',
      'l.durationMs',
      sql<string | null>`l.data_segment_id::text`.as('dataSegmentId'),
    ])
    .$castTo<TApiLog>();
}

export async function insertApiLogs(db: Queryable, entries: readonly NewApiLog[]): Promise<void> {
  if (entries.length === 0) return;
  await sqlOf(db)
    .insertInto('apiLogs')
    .values(
      entries.map((entry) => ({
        dataSegmentId: entry.dataSegmentId,
        kind: entry.kind,
        method: entry.method,
        endpoint: entry.endpoint.slice(0, 2000),
        status: entry.status,
        applicationAccessId: entry.applicationAccessId ?? null,
        apiKeyId: entry.apiKeyId ?? null,
        webhookId: entry.webhookId ?? null,
        actorName: entry.actorName,
        sessionId: entry.sessionId,
        durationMs: entry.durationMs,
        responseBody: entry.responseBody,
        error: entry.error?.slice(0, 500) ?? null,
      })),
    )
    .execute();
}

/** Newest first; ties broken by id so pages never overlap. */
export async function listApiLogs(
  db: Queryable,
  filter: ApiLogFilter,
  query: Pick<TListQuery, 'startAt' | 'perPage' | 'sortOrder'>,
): Promise<Page<TApiLog>> {
  const { limit, offset } = pageOf(query);
  const direction = query.sortOrder ?? 'desc';
  const counted = await sqlOf(db)
    .selectFrom('apiLogs as l')
    .select(sql<number>`count(*)::int`.as('total'))
    .where(matches(filter))
    .executeTakeFirstOrThrow();
  const rows = await selectEntries(db)
    .where(matches(filter))
    .orderBy('l.createdAt', direction)
    .orderBy('l.id', direction)
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: counted.total };
}

/** The next `limit` entries after entry `afterId`, oldest first: an export walks the log by id. */
export async function listApiLogsAfter(db: Queryable, filter: ApiLogFilter, afterId: string | null, limit: number): Promise<TApiLog[]> {
  return selectEntries(db)
    .where(matches(filter))
    .where(sql<boolean>`l.id > ${afterId ?? '0'}::bigint`)
    .orderBy('l.id')
    .limit(limit)
    .execute();
}

/** Deletes entries older than `days` days, in slices so a large backlog never holds one long lock. */
export async function deleteApiLogsOlderThan(db: Queryable, days: number, slice = 10_000): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await sqlOf(db)
      .deleteFrom('apiLogs')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('apiLogs')
          .select('id')
          .where('createdAt', '<', sql<string>`now() - make_interval(days => ${days})`)
          .limit(slice),
      )
      .executeTakeFirst();
    const count = Number(result.numDeletedRows);
    deleted += count;
    if (count < slice) return deleted;
  }
}
