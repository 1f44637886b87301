import {
  NOTIFICATION_MESSAGES,
  type TMarkNotificationsRead,
  type TNotification,
  type TNotificationBroadcast,
  type TNotificationListQuery,
} from '@sanad/contracts/notifications';
import { NOTIFICATION_READ_PERMISSIONS } from '@sanad/contracts/notification-rules';
import type { Database } from '../../platform/db/database';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
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
import type { DataSegmentService } from '../data-segments/data-segment.service';
import { notifyUsers } from './notification.events';

const inboxOf = (actor: Actor, onlySegment: string | null = null): InboxFilter => ({
  userId: actor.userId,
  scope: actor.segments,
  onlySegment,
});

/**
 * A user's inbox: only their own notifications, ever. Reading state is the user's own and is not
 * written to the audit trail; sending an announcement is.
 */
export interface NotificationServiceDeps {
  db: Database;
  segments: Pick<DataSegmentService, 'exists'>;
}

export function createNotificationService({ db, segments }: NotificationServiceDeps) {
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
      // An operator sees every segment, including ids that name none: those are answered as missing.
      if (!(await segments.exists(body.dataSegmentId))) throw AppError.notFound();
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
          source: auditSource(actor, meta),
          module: 'configuration',
          action: 'sent_notification',
          entityType: 'notification',
          summary: `Sent the notification "${body.title}" to ${count} users`,
          details: { title: body.title, category: body.category, recipients: count },
        });
        return count;
      });
      return { message: NOTIFICATION_MESSAGES.sent(recipients), recipients };
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
