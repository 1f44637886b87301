import { z } from 'zod';
import { ZListQuery } from './http';
import { safeString } from './safe-text';
import { EXTERNAL_CATEGORY, NOTIFICATION_DESCRIPTION_MAX, NOTIFICATION_TITLE_MAX, isSafeExternalUrl } from './notification-rules';

export const NOTIFICATION_MESSAGES = {
  markedRead: 'Notification marked as read',
  markedAllRead: 'All notifications marked as read',
  sent: (count: number) => `Notification sent to ${count} user${count === 1 ? '' : 's'}`,
} as const;

/** A notification as the bell and the /notifications page read it. */
export const ZNotification = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  icon: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** The list query; `status` may be 'read' or 'unread' to filter. */
export const ZNotificationListQuery = ZListQuery.extend({
  status: z.enum(['read', 'unread'], { error: 'Status must be read or unread' }).optional(),
});
export type TNotificationListQuery = z.infer<typeof ZNotificationListQuery>;

/**
 * POST configurations/notifications: opening one sends its notificationId; the
 * mark-all-read action sends markAllRead true. One of the two is needed.
 */
export const ZMarkNotificationsRead = z
  .object({
    notificationId: z.uuid({ error: 'Choose a valid notification' }).optional(),
    markAllRead: z.boolean({ error: 'markAllRead must be true or false' }).optional(),
  })
  .refine((body) => Boolean(body.notificationId) || body.markAllRead === true, {
    message: 'Choose a notification or mark all as read',
    path: ['notificationId'],
  });
export type TMarkNotificationsRead = z.infer<typeof ZMarkNotificationsRead>;

export const ZUnreadCount = z.object({ unreadCount: z.number().int() });

/**
 * An announcement from a holder of manage-notifications to the users of one data segment who can
 * read notifications. An 'external' announcement's description must be an http(s) link.
 */
export const ZNotificationBroadcast = z
  .object({
    dataSegmentId: z.uuid({ error: 'Choose a data segment' }),
    title: safeString('Title is required')
      .trim()
      .min(1, 'Title is required')
      .max(NOTIFICATION_TITLE_MAX, `Title must be at most ${NOTIFICATION_TITLE_MAX} characters`),
    description: safeString('Description is required')
      .trim()
      .min(1, 'Description is required')
      .max(NOTIFICATION_DESCRIPTION_MAX, `Description must be at most ${NOTIFICATION_DESCRIPTION_MAX} characters`),
    category: z.enum(['general', EXTERNAL_CATEGORY], { error: 'Category must be general or external' }).default('general'),
  })
  .refine((body) => body.category !== EXTERNAL_CATEGORY || isSafeExternalUrl(body.description), {
    message: 'An external notification needs an http or https link as its description',
    path: ['description'],
  });
export type TNotificationBroadcast = z.infer<typeof ZNotificationBroadcast>;
