import { Anchor, Button, Group, Modal, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { Link } from 'react-router';
import { NoRecords } from '../../../components/NoRecords';
import { toastError, toastSuccess } from '../../../lib/toast';
import type { NotificationPage } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { NotificationDetail } from './NotificationDetail';
import { NotificationItem } from './NotificationItem';
import { useOpenNotification } from './use-open-notification';
import { ErrorAlert } from '../../../components/form/ErrorAlert';

interface NotificationsDialogProps {
  opened: boolean;
  onClose: () => void;
  page: NotificationPage | undefined;
  isLoading: boolean;
  error: Error | null;
  /** The full list page needs view-notifications; the bell alone needs notification-bar. */
  canViewAll: boolean;
}

/** The bell's list of the newest notifications, with mark-all-read and a detail popup. */
export function NotificationsDialog({ opened, onClose, page, isLoading, error, canViewAll }: NotificationsDialogProps) {
  const detail = useOpenNotification();
  const markAll = useMarkNotificationsRead();
  const unread = page?.unreadCount ?? 0;

  function onMarkAll(): void {
    markAll.mutate(
      { markAllRead: true },
      { onSuccess: ({ message }) => toastSuccess(message), onError: (caught) => toastError(caught.message) },
    );
  }

  return (
    <>
      <Modal
        opened={opened}
        onClose={onClose}
        title={unread > 0 ? `Notifications (${unread} unread)` : 'Notifications'}
        size="md"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Newest first
            </Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconChecks size={14} />}
              onClick={onMarkAll}
              loading={markAll.isPending}
              disabled={unread === 0}
            >
              Mark all as read
            </Button>
          </Group>
          <ErrorAlert message={error?.message} />
          <ScrollArea.Autosize mah={420} type="auto">
            {isLoading && !page ? (
              <Stack gap="xs" aria-busy>
                {[1, 2, 3].map((key) => (
                  <Skeleton key={key} h={56} radius="md" />
                ))}
              </Stack>
            ) : page && page.rows.length > 0 ? (
              <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Notifications">
                {page.rows.map((notification) => (
                  <li key={notification._id}>
                    <NotificationItem notification={notification} onOpen={detail.open} />
                  </li>
                ))}
              </Stack>
            ) : error ? null : (
              <NoRecords message="No notifications yet" />
            )}
          </ScrollArea.Autosize>
          {canViewAll ? (
            <Anchor component={Link} to="/notifications" size="sm" ta="center" onClick={onClose}>
              View all notifications
            </Anchor>
          ) : null}
        </Stack>
      </Modal>
      <NotificationDetail notification={detail.opened} onClose={detail.close} />
    </>
  );
}
