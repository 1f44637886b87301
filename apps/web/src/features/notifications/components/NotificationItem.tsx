import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import type { TNotification } from '@sanad/contracts/notifications';
import { formatNotificationTime } from '../../../lib/format';
import { NotificationIcon } from './NotificationIcon';
import classes from './notifications.module.css';

/** One row of the notifications list; an unread one is bold and marked with a dot. */
export function NotificationItem({ notification, onOpen }: { notification: TNotification; onOpen: (notification: TNotification) => void }) {
  const isUnread = !notification.read;
  return (
    <UnstyledButton
      className={classes.item}
      data-unread={isUnread || undefined}
      onClick={() => onOpen(notification)}
      aria-label={`${isUnread ? 'Unread: ' : ''}${notification.title}`}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <NotificationIcon icon={notification.icon} isRead={!isUnread} />
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={isUnread ? 700 : 500} lineClamp={1}>
            {notification.title}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {notification.description}
          </Text>
          <Text size="xs" c="dimmed" mt={2}>
            <time dateTime={notification.createdAt}>{formatNotificationTime(notification.createdAt)}</time>
          </Text>
        </Box>
        {isUnread ? <span className={classes.dot} aria-hidden /> : null}
      </Group>
    </UnstyledButton>
  );
}
