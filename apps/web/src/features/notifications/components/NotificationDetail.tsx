import { Anchor, Badge, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { TNotification } from '@sanad/contracts/notifications';
import { formatNotificationTime } from '../../../lib/format';
import { externalLinkOf } from '../external-link';
import { NotificationIcon } from './NotificationIcon';

/** Height of the detail popup's scrollable pane. */
export const DETAIL_PANE_HEIGHT = 260;

/** The detail popup: the whole text in a fixed-height scrollable pane; an external one as a link. */
export function NotificationDetail({ notification, onClose }: { notification: TNotification | null; onClose: () => void }) {
  const link = notification ? externalLinkOf(notification) : null;
  return (
    <Modal
      opened={notification !== null}
      onClose={onClose}
      title="Notification"
      size="lg"
      centered
      zIndex={300}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {notification ? (
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <NotificationIcon icon={notification.icon} isRead />
            <div>
              <Text fw={700} size="lg" component="h2" m={0}>
                {notification.title}
              </Text>
              <Text size="xs" c="dimmed">
                <time dateTime={notification.createdAt}>{formatNotificationTime(notification.createdAt)}</time>
              </Text>
            </div>
            {link ? (
              <Badge variant="light" ml="auto" leftSection={<IconExternalLink size={12} />}>
                Link
              </Badge>
            ) : null}
          </Group>
          <ScrollArea h={DETAIL_PANE_HEIGHT} type="auto" offsetScrollbars data-testid="notification-detail-pane">
            {link ? (
              <Anchor href={link} target="_blank" rel="noopener noreferrer" style={{ wordBreak: 'break-all' }}>
                {link}
              </Anchor>
            ) : (
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{notification.description}</Text>
            )}
          </ScrollArea>
        </Stack>
      ) : null}
    </Modal>
  );
}
