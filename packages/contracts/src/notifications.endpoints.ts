import { z } from 'zod';
import { SIGNED_IN, endpoint, requireAny } from './endpoint';
import { listEnvelope, successEnvelope } from './http';
import { NOTIFICATION_READ_PERMISSIONS } from './notification-rules';
import { ZMarkNotificationsRead, ZNotification, ZNotificationBroadcast, ZNotificationListQuery, ZUnreadCount } from './notifications';

const tag = 'notifications';

/**
 * The bell needs notification-bar and the /notifications page view-notifications; both read the
 * caller's own notifications, so either permission opens the inbox.
 */
const INBOX_ACCESS = requireAny(...NOTIFICATION_READ_PERMISSIONS);

export const NOTIFICATION_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: 'configurations/notifications',
    tag,
    summary: "The caller's notifications, newest first, with the unread count",
    access: INBOX_ACCESS,
    query: ZNotificationListQuery,
    response: listEnvelope(ZNotification).extend({ unreadCount: z.number().int() }),
  }),
  markRead: endpoint({
    method: 'POST',
    path: 'configurations/notifications',
    tag,
    summary: 'Mark one notification (notificationId) or all of them (markAllRead: true) as read',
    // It changes only the caller's own reading state, never shared data, so no permission (and
    // no view-* one) is asked for: whoever has nothing to read has nothing to mark.
    access: SIGNED_IN,
    body: ZMarkNotificationsRead,
    response: successEnvelope(ZUnreadCount),
  }),
  broadcast: endpoint({
    method: 'POST',
    path: 'configurations/notifications/broadcast',
    tag,
    summary: 'Send an announcement to the users of a data segment who read notifications',
    access: requireAny('manage-notifications'),
    body: ZNotificationBroadcast,
    response: successEnvelope(z.object({ recipients: z.number().int() })),
  }),
};
