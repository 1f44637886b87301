import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NOTIFICATIONS_KEY } from './get-notifications';

export interface SendNotificationInput {
  dataSegmentId: string;
  title: string;
  description: string;
  category: 'general' | 'external';
}

/** POST configurations/notifications/broadcast: an announcement to the segment's readers. */
export async function sendNotification(input: SendNotificationInput): Promise<{ message: string; recipients: number }> {
  const { message, data } = await api.post<{ recipients: number }>('configurations/notifications/broadcast', input);
  return { message, recipients: data.recipients };
}

export function useSendNotification() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendNotification, onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }) });
}
