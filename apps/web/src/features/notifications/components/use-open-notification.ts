import { useState } from 'react';
import type { TNotification } from '@sanad/contracts/notifications';
import { toastError } from '../../../lib/toast';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';

/** Opening a notification shows its detail and marks it read. */
export function useOpenNotification() {
  const [opened, setOpened] = useState<TNotification | null>(null);
  const markRead = useMarkNotificationsRead();

  function open(notification: TNotification): void {
    setOpened(notification);
    if (!notification.read) {
      markRead.mutate({ notificationId: notification._id }, { onError: (error) => toastError(error.message) });
    }
  }

  return { opened, open, close: () => setOpened(null) };
}
