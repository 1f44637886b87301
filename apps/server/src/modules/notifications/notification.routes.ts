import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listEnvelope, successEnvelope } from '@sanad/contracts/http';
import { NOTIFICATION_READ_PERMISSIONS } from '@sanad/contracts/notification-rules';
import {
  ZMarkNotificationsRead,
  ZNotification,
  ZNotificationBroadcast,
  ZNotificationListQuery,
  ZUnreadCount,
} from '@sanad/contracts/notifications';
import { requireAny } from '@sanad/contracts/endpoint';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import type { NotificationService } from './notification.service';

/**
 * The bell needs notification-bar and the /notifications page view-notifications (001 §2); both
 * read and mark the caller's own notifications, so either permission opens these two calls.
 */
const INBOX_ACCESS = requireAny(...NOTIFICATION_READ_PERMISSIONS);

export function notificationRoutes(notifications: NotificationService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/configurations/notifications',
      {
        config: { access: INBOX_ACCESS },
        schema: {
          tags: ['notifications'],
          summary: "The caller's notifications, newest first, with the unread count",
          querystring: ZNotificationListQuery,
          response: { 200: listEnvelope(ZNotification).extend({ unreadCount: z.number().int() }) },
        },
      },
      async (request) => {
        const { page, unreadCount } = await notifications.list(requireActor(request), request.query);
        return { ...okList(page, request.query), unreadCount };
      },
    );

    app.post(
      '/configurations/notifications',
      {
        config: { access: INBOX_ACCESS },
        schema: {
          tags: ['notifications'],
          summary: 'Mark one notification (notificationId) or all of them (markAllRead) as read',
          body: ZMarkNotificationsRead,
          response: { 200: successEnvelope(ZUnreadCount) },
        },
      },
      async (request) => {
        const { message, unreadCount } = await notifications.markRead(requireActor(request), request.body);
        return ok({ unreadCount }, message);
      },
    );

    app.post(
      '/configurations/notifications/broadcast',
      {
        config: { access: requireAny('manage-notifications') },
        schema: {
          tags: ['notifications'],
          summary: 'Send an announcement to the users of a data segment who read notifications',
          body: ZNotificationBroadcast,
          response: { 200: successEnvelope(z.object({ recipients: z.number().int() })) },
        },
      },
      async (request) => {
        const { message, recipients } = await notifications.broadcast(requireActor(request), request.body, requestMeta(request));
        return ok({ recipients }, message);
      },
    );
  };
}
