import type { TMarkNotificationsRead, TNotification, TNotificationBroadcast, TNotificationListQuery } from '@sanad/contracts/notifications';
import { NOTIFICATION_READ_PERMISSIONS } from '@sanad/contracts/notification-rules';
import type { Database } from '../../platform/db/database';
import { appendAudit } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { AppError } from '../../platform/http/app-error';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { canSeeSegment, resolveRequestedSegment } from '../../platform/tenancy/scope';
import {
  countUnread,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type InboxFilter,
} from './notification.repository';
import { notifyUsers } from './notify-users';

export const NOTIFICATION_MESSAGES = {
  markedRead: 'Notification marked as read',
  markedAllRead: 'All notifications marked as read',
  sent: (count: number) => `Notification sent to ${count} user${count === 1 ? '' : 's'}`,
} as const;

const inboxOf = (actor: Actor, onlySegment: string | null = null): InboxFilter => ({
  userId: actor.userId,
  scope: actor.segments,
  onlySegment,
});

/**
 * A user's inbox: only their own notifications, ever. Reading state is the user's own and is not
 * written to the audit trail; sending an announcement is.
 */
export function createNotificationService({ db }: { db: Database }) {
  return {
    async list(actor: Actor, query: TNotificationListQuery): Promise<{ page: Page<TNotification>; unreadCount: number }> {
      const filter = inboxOf(actor, resolveRequestedSegment(actor.segments, query.dataSegmentId));
      const [page, unreadCount] = await Promise.all([listNotifications(db, filter, query), countUnread(db, filter)]);
      return { page, unreadCount };
    },

    async markRead(actor: Actor, body: TMarkNotificationsRead): Promise<{ message: string; unreadCount: number }> {
      const filter = inboxOf(actor);
      if (body.markAllRead) {
        await db.transaction((tx) => markAllNotificationsRead(tx, filter));
        return { message: NOTIFICATION_MESSAGES.markedAllRead, unreadCount: await countUnread(db, filter) };
      }
      const found = body.notificationId ? await db.transaction((tx) => markNotificationRead(tx, filter, body.notificationId ?? '')) : false;
      // Someone else's notification is answered as a missing one.
      if (!found) throw AppError.notFound();
      return { message: NOTIFICATION_MESSAGES.markedRead, unreadCount: await countUnread(db, filter) };
    },

    /** An announcement to the users of one segment who can read notifications. */
    async broadcast(actor: Actor, body: TNotificationBroadcast, meta: RequestMeta): Promise<{ message: string; recipients: number }> {
      if (!canSeeSegment(actor.segments, body.dataSegmentId)) throw AppError.forbidden();
      const recipients = await db.transaction(async (tx) => {
        const count = await notifyUsers(tx, {
          dataSegmentId: body.dataSegmentId,
          permission: NOTIFICATION_READ_PERMISSIONS,
          title: body.title,
          description: body.description,
          category: body.category,
          icon: body.category === 'external' ? 'link' : 'megaphone',
        });
        await appendAudit(tx, {
          dataSegmentId: body.dataSegmentId,
          actor: { id: actor.userId, name: actor.name },
          module: 'configuration',
          action: 'sent_notification',
          entityType: 'notification',
          summary: `Sent the notification "${body.title}" to ${count} users`,
          details: { title: body.title, category: body.category, recipients: count },
          ip: meta.ip,
          requestId: meta.requestId,
        });
        return count;
      });
      return { message: NOTIFICATION_MESSAGES.sent(recipients), recipients };
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
