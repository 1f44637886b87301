import type { z } from 'zod';
import type { ZNotificationBroadcast } from '@sanad/contracts/notifications';
import { NOTIFICATION_ENDPOINTS } from '@sanad/contracts/notifications.endpoints';
import { api } from '../../../lib/api';

export type SendNotificationInput = z.input<typeof ZNotificationBroadcast>;

/** POST configurations/notifications/broadcast: an announcement to the segment's readers (manage-notifications). */
export async function sendNotification(input: SendNotificationInput): Promise<{ message: string; recipients: number }> {
  const { message, data } = await api(NOTIFICATION_ENDPOINTS.broadcast, { body: input });
  return { message, recipients: data.recipients };
}
