import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NOTIFICATIONS_KEY } from './get-notifications';

export type MarkReadInput = { notificationId: string; markAllRead?: false } | { markAllRead: true };

/** POST configurations/notifications (001 §7): opening one sends its id, the action markAllRead. */
export async function markNotificationsRead(input: MarkReadInput): Promise<{ message: string; unreadCount: number }> {
  const body = input.markAllRead ? { markAllRead: true } : { notificationId: input.notificationId, markAllRead: false };
  const { message, data } = await api.post<{ unreadCount: number }>('configurations/notifications', body);
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
