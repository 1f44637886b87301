import { sql, type ExpressionBuilder } from 'kysely';
import type { TNotification, TNotificationListQuery } from '@sanad/contracts/notifications';
import type { DB } from '../../db/schema.generated';
import type { Queryable } from '../../platform/db/database';
import { inSegments, keywordLike, pageOf, sortOf } from '../../platform/db/list-sql';
import { sqlOf } from '../../platform/db/query-builder';
import type { Page } from '../../platform/http/envelope';
import type { TenantScope } from '../../platform/tenancy/scope';

/**
 * A user's own notifications, limited to rows of segments they may still see (or of no segment),
 * optionally to one requested segment.
 */
export interface InboxFilter {
  userId: string;
  scope: TenantScope;
  onlySegment: string | null;
}

function inInbox(filter: InboxFilter) {
  return (eb: ExpressionBuilder<DB, 'notifications'>) =>
    eb.and([
      eb('notifications.userId', '=', filter.userId),
      eb.or([eb('notifications.dataSegmentId', 'is', null), inSegments('notifications.dataSegmentId', filter.scope, filter.onlySegment)]),
    ]);
}

const NOTIFICATION_SORT = {
  createdAt: sql`created_at`,
  title: sql`lower(title)`,
  read: sql`(read_at is not null)`,
};

function inboxQuery(db: Queryable, filter: InboxFilter, query: TNotificationListQuery) {
  return sqlOf(db)
    .selectFrom('notifications')
    .where(inInbox(filter))
    .$if(query.status === 'read', (qb) => qb.where('readAt', 'is not', null))
    .$if(query.status === 'unread', (qb) => qb.where('readAt', 'is', null))
    .$if(Boolean(query.keyword), (qb) => {
      const pattern = keywordLike(query.keyword ?? '');
      return qb.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('description', 'ilike', pattern)]));
    });
}

/** Newest first (the later written first when two share an instant) unless another sort is asked for. */
export async function listNotifications(db: Queryable, filter: InboxFilter, query: TNotificationListQuery): Promise<Page<TNotification>> {
  const sort = sortOf(query, NOTIFICATION_SORT, { expression: NOTIFICATION_SORT.createdAt, direction: 'desc' });
  const { limit, offset } = pageOf(query);
  const rows = await inboxQuery(db, filter, query)
    .select([
      'id as _id',
      'title',
      'description',
      'category',
      'icon',
      sql<boolean>`read_at is not null`.as('read'),
      'createdAt',
      sql<number>`count(*) over ()::int`.as('total'),
    ])
    .orderBy(sql`${sort.expression} ${sql.raw(sort.direction)}`)
    .orderBy('seq', sort.direction)
    .limit(limit)
    .offset(offset)
    .execute();
  const first = rows[0];
  if (first || query.startAt === 1) return { rows: rows.map(({ total: _total, ...row }) => row), total: first?.total ?? 0 };
  // A page past the end has no row to carry the total.
  const counted = await inboxQuery(db, filter, query)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows: [], total: Number(counted.count) };
}

export async function countUnread(db: Queryable, filter: InboxFilter): Promise<number> {
  const row = await sqlOf(db)
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(inInbox(filter))
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** True when the notification is the caller's (read already or not); false when there is no such one. */
export async function markNotificationRead(tx: Queryable, filter: InboxFilter, notificationId: string): Promise<boolean> {
  const rows = await sqlOf(tx)
    .updateTable('notifications')
    .set({ readAt: sql`coalesce(read_at, now())` })
    .where('id', '=', notificationId)
    .where(inInbox(filter))
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function markAllNotificationsRead(tx: Queryable, filter: InboxFilter): Promise<void> {
  await sqlOf(tx)
    .updateTable('notifications')
    .set({ readAt: sql`now()` })
    .where(inInbox(filter))
    .where('readAt', 'is', null)
    .execute();
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
 * list is empty (they see every segment). Their role must be active too.
 */
export async function findPermissionHolderIds(tx: Queryable, dataSegmentId: string, permissions: readonly string[]): Promise<string[]> {
  if (permissions.length === 0) return [];
  const rows = await sqlOf(tx)
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.roleId')
    .select('u.id')
    .where('u.status', '=', 'active')
    .where('r.status', '=', 'active')
    .where(sql<boolean>`(${dataSegmentId}::uuid = any(u.data_segment_ids) or cardinality(u.data_segment_ids) = 0)`)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('rolePermissions as rp')
          .select('rp.roleId')
          .whereRef('rp.roleId', '=', 'r.id')
          .where('rp.permission', 'in', [...permissions]),
      ),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** Active users who hold one role. */
export async function findRoleHolderIds(tx: Queryable, roleId: string): Promise<string[]> {
  const rows = await sqlOf(tx).selectFrom('users').select('id').where('roleId', '=', roleId).where('status', '=', 'active').execute();
  return rows.map((row) => row.id);
}

/** One row per recipient, in the caller's transaction. */
export async function insertNotifications(tx: Queryable, userIds: readonly string[], content: NotificationContent): Promise<number> {
  if (userIds.length === 0) return 0;
  const rows = await sqlOf(tx)
    .insertInto('notifications')
    .values(userIds.map((userId) => ({ userId, ...content })))
    .returning('id')
    .execute();
  return rows.length;
}

/** The e-mail addresses of active users among `userIds` (an e-mail copy of a notification). */
export async function findActiveEmails(tx: Queryable, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await sqlOf(tx)
    .selectFrom('users')
    .select('email')
    .where('id', 'in', [...userIds])
    .where('status', '=', 'active')
    .execute();
  return rows.map((row) => row.email).filter((email) => email !== '');
}
