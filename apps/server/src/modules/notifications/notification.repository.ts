import type { TNotification, TNotificationListQuery } from '@sanad/contracts/notifications';
import type { Queryable } from '../../platform/db/database';
import { queryOne } from '../../platform/db/database';
import type { Page } from '../../platform/http/envelope';
import { keywordPattern, orderByClause, pageClause } from '../../platform/http/list-query';
import { segmentCondition, type TenantScope } from '../../platform/tenancy/scope';

/**
 * A user's own notifications, limited to rows of segments they may still see (or of no segment),
 * optionally to one requested segment. `params` receives the parameters.
 */
export interface InboxFilter {
  userId: string;
  scope: TenantScope;
  onlySegment: string | null;
}

function inboxCondition(filter: InboxFilter, params: unknown[]): string {
  params.push(filter.userId);
  const user = `user_id = $${params.length}::uuid`;
  const segment = segmentCondition(filter.scope, 'data_segment_id', params, filter.onlySegment);
  return `${user} and (data_segment_id is null or ${segment})`;
}

interface NotificationRow {
  id: string;
  title: string;
  description: string;
  category: string;
  icon: string;
  read_at: Date | null;
  created_at: Date;
  total: number;
}

const toNotification = (row: NotificationRow): TNotification => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  category: row.category,
  icon: row.icon,
  read: row.read_at !== null,
  createdAt: row.created_at.toISOString(),
});

const SORTABLE = { createdAt: 'created_at', title: 'lower(title)', read: '(read_at is not null)' } as const;

function listConditions(filter: InboxFilter, query: TNotificationListQuery, params: unknown[]): string {
  const conditions = [inboxCondition(filter, params)];
  if (query.status) conditions.push(query.status === 'read' ? 'read_at is not null' : 'read_at is null');
  if (query.keyword) {
    params.push(keywordPattern(query.keyword));
    conditions.push(`(title ilike $${params.length} or description ilike $${params.length})`);
  }
  return conditions.join(' and ');
}

/** Newest first (the later written first when two share an instant) unless another sort is asked for. */
export async function listNotifications(db: Queryable, filter: InboxFilter, query: TNotificationListQuery): Promise<Page<TNotification>> {
  const params: unknown[] = [];
  const where = listConditions(filter, query, params);
  const order = orderByClause(query, SORTABLE, { column: 'created_at', order: 'desc' }, 'seq');
  const result = await db.query<NotificationRow>(
    `select id, title, description, category, icon, read_at, created_at, count(*) over ()::int as total
       from notifications where ${where} ${order} ${pageClause(query, params)}`,
    params,
  );
  const first = result.rows[0];
  if (first || query.startAt === 1) return { rows: result.rows.map(toNotification), total: first?.total ?? 0 };
  // A page past the end has no row to carry the total.
  const countParams: unknown[] = [];
  const row = await queryOne<{ count: number }>(
    db,
    `select count(*)::int as count from notifications where ${listConditions(filter, query, countParams)}`,
    countParams,
  );
  return { rows: [], total: row?.count ?? 0 };
}

export async function countUnread(db: Queryable, filter: InboxFilter): Promise<number> {
  const params: unknown[] = [];
  const row = await queryOne<{ count: number }>(
    db,
    `select count(*)::int as count from notifications where ${inboxCondition(filter, params)} and read_at is null`,
    params,
  );
  return row?.count ?? 0;
}

/** True when the notification is the caller's (read already or not); false when there is no such one. */
export async function markNotificationRead(tx: Queryable, filter: InboxFilter, notificationId: string): Promise<boolean> {
  const params: unknown[] = [notificationId];
  const result = await tx.query<{ id: string }>(
    `update notifications set read_at = coalesce(read_at, now())
      where id = $1::uuid and ${inboxCondition(filter, params)} returning id`,
    params,
  );
  return result.rowCount > 0;
}

export async function markAllNotificationsRead(tx: Queryable, filter: InboxFilter): Promise<number> {
  const params: unknown[] = [];
  const result = await tx.query(
    `update notifications set read_at = now() where ${inboxCondition(filter, params)} and read_at is null`,
    params,
  );
  return result.rowCount;
}

export interface NotificationContent {
  dataSegmentId: string | null;
  title: string;
  description: string;
  category: string;
  icon: string;
}

/**
 * Active users holding any of `permissions` who work in the segment: it is in their list, or their
 * list is empty (they see every segment, 001 §4). Their role must be active too.
 */
export async function findPermissionHolderIds(tx: Queryable, dataSegmentId: string, permissions: readonly string[]): Promise<string[]> {
  const result = await tx.query<{ id: string }>(
    `select u.id from users u join roles r on r.id = u.role_id
      where u.status = 'active' and r.status = 'active'
        and ($1::uuid = any(u.data_segment_ids) or cardinality(u.data_segment_ids) = 0)
        and exists (select 1 from role_permissions rp where rp.role_id = r.id and rp.permission = any($2::text[]))`,
    [dataSegmentId, [...permissions]],
  );
  return result.rows.map((row) => row.id);
}

/** Active users who hold one role. */
export async function findRoleHolderIds(tx: Queryable, roleId: string): Promise<string[]> {
  const result = await tx.query<{ id: string }>(`select id from users where role_id = $1::uuid and status = 'active'`, [roleId]);
  return result.rows.map((row) => row.id);
}

/** One row per recipient, in the caller's transaction. */
export async function insertNotifications(tx: Queryable, userIds: readonly string[], content: NotificationContent): Promise<number> {
  if (userIds.length === 0) return 0;
  const result = await tx.query(
    `insert into notifications (user_id, data_segment_id, title, description, category, icon)
     select recipient, $2, $3, $4, $5, $6 from unnest($1::uuid[]) as recipient`,
    [[...userIds], content.dataSegmentId, content.title, content.description, content.category, content.icon],
  );
  return result.rowCount;
}
