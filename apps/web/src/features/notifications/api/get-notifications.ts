import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPagination } from '@sanad/contracts/http';
import type { TNotification, TNotificationListQuery } from '@sanad/contracts/notifications';
import { NOTIFICATION_ENDPOINTS } from '@sanad/contracts/notifications.endpoints';
import { NOTIFICATION_POLL_INTERVAL_MS } from '@sanad/contracts/notification-rules';
import { api } from '../../../lib/api';
import { readPagination } from '../../../lib/list-api';

export type NotificationQuery = Pick<TNotificationListQuery, 'startAt' | 'perPage'> &
  Partial<Pick<TNotificationListQuery, 'keyword' | 'status' | 'sortOrder'>> & { sortBy?: 'title' | 'createdAt' | 'read' };

export interface NotificationPage {
  rows: TNotification[];
  pagination: TPagination;
  unreadCount: number;
}

/** GET configurations/notifications: the caller's own notifications, across their segments. */
export async function getNotifications(query: NotificationQuery, signal?: AbortSignal): Promise<NotificationPage> {
  const envelope = await api(NOTIFICATION_ENDPOINTS.list, { query }, { signal });
  return { rows: envelope.data, pagination: readPagination(envelope.pagination, envelope.data.length), unreadCount: envelope.unreadCount };
}

export const NOTIFICATIONS_KEY = ['notifications'] as const;

export const notificationsQuery = (query: NotificationQuery) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, query],
    queryFn: ({ signal }) => getNotifications(query, signal),
    placeholderData: keepPreviousData,
  });

/** With `isPolling`, the list (and its unread count) refreshes every 60 seconds, also in the background. */
export function useNotifications(query: NotificationQuery, options: { isPolling?: boolean; isEnabled?: boolean } = {}) {
  return useQuery({
    ...notificationsQuery(query),
    enabled: options.isEnabled ?? true,
    refetchInterval: options.isPolling ? NOTIFICATION_POLL_INTERVAL_MS : false,
    staleTime: 0,
  });
}
