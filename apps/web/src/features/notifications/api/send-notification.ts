import { api } from '../../../lib/api-client';

export interface SendNotificationInput {
  dataSegmentId: string;
  title: string;
  description: string;
  category: 'general' | 'external';
}

/** POST configurations/notifications/broadcast: an announcement to the segment's readers (manage-notifications). */
export async function sendNotification(input: SendNotificationInput): Promise<{ message: string; recipients: number }> {
  const { message, data } = await api.post<{ recipients: number }>('configurations/notifications/broadcast', input);
  return { message, recipients: data.recipients };
}
