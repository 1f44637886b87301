import { ActionIcon, Indicator } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useNotifications } from '../../features/notifications/api/get-notifications';
import { NotificationsDialog } from '../../features/notifications/components/NotificationsDialog';
import { badgeText } from './header-menu';

const BELL_QUERY = { startAt: 1, perPage: 10 } as const;

/**
 * The header bell (notification-bar scope): the unread count as a badge (99+ above 99), refreshed
 * every 60 seconds; clicking opens the notifications dialog.
 */
export function NotificationBell({ canViewAll }: { canViewAll: boolean }) {
  const [isOpen, { open, close }] = useDisclosure(false);
  const { data, isPending, error } = useNotifications(BELL_QUERY, { isPolling: true });
  const unread = data?.unreadCount ?? 0;

  return (
    <>
      <Indicator label={badgeText(unread)} size={18} color="red" offset={6} disabled={unread === 0} data-testid="notification-count" inline>
        <ActionIcon
          variant="subtle"
          size="lg"
          onClick={open}
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          aria-haspopup="dialog"
        >
          <IconBell size={20} />
        </ActionIcon>
      </Indicator>
      <NotificationsDialog opened={isOpen} onClose={close} page={data} isLoading={isPending} error={error} canViewAll={canViewAll} />
    </>
  );
}
