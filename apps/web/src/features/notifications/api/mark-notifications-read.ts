import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZMarkNotificationsRead } from '@sanad/contracts/notifications';
import { NOTIFICATION_ENDPOINTS } from '@sanad/contracts/notifications.endpoints';
import { api } from '../../../lib/api';
import { NOTIFICATIONS_KEY } from './get-notifications';

export type MarkReadInput = z.input<typeof ZMarkNotificationsRead>;

/** POST configurations/notifications: opening one sends its id, the action markAllRead. */
export async function markNotificationsRead(input: MarkReadInput): Promise<{ message: string; unreadCount: number }> {
  const body = input.markAllRead ? { markAllRead: true } : { notificationId: input.notificationId, markAllRead: false };
  const { message, data } = await api(NOTIFICATION_ENDPOINTS.markRead, { body });
  return { message, unreadCount: data.unreadCount };
}

/** Every notification list (bell, dialog, page) reloads after a change. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
