import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPagination } from '@sanad/contracts/http';
import type { TNotification } from '@sanad/contracts/notifications';
import { NOTIFICATION_POLL_INTERVAL_MS } from '@sanad/contracts/notification-rules';
import { send, type Envelope } from '../../../lib/api-client';

export interface NotificationQuery {
  startAt: number;
  perPage: number;
  keyword?: string;
  status?: 'read' | 'unread';
  sortBy?: 'title' | 'createdAt' | 'read';
  sortOrder?: 'asc' | 'desc';
}

export interface NotificationPage {
  rows: TNotification[];
  pagination: TPagination;
  unreadCount: number;
}

/** GET /configurations/notifications (001 §7): the caller's own notifications, across their segments. */
export async function getNotifications(query: NotificationQuery, signal?: AbortSignal): Promise<NotificationPage> {
  const response = await send('GET', 'configurations/notifications', {
    query: { ...query },
    signal,
  });
  const envelope = (await response.json()) as Envelope<TNotification[]> & { unreadCount: number };
  return {
    rows: envelope.data,
    pagination: envelope.pagination ?? { total: envelope.data.length, current: 1, next: null, perPage: query.perPage },
    unreadCount: envelope.unreadCount,
  };
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
