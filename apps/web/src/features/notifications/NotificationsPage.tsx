import { Anchor, Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChecks, IconSend } from '@tabler/icons-react';
import type { TNotification } from '@sanad/contracts/notifications';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { useListState } from '../../components/data-table/use-list-state';
import { formatNotificationTime } from '../../lib/format';
import { useSessionUser } from '../../lib/session';
import { toastError, toastSuccess } from '../../lib/toast';
import { useNotifications } from './api/get-notifications';
import { useMarkNotificationsRead } from './api/mark-notifications-read';
import { NotificationDetail } from './components/NotificationDetail';
import { NotificationIcon } from './components/NotificationIcon';
import { SendNotificationDialog } from './components/SendNotificationDialog';
import { useOpenNotification } from './components/use-open-notification';
import { externalLinkOf } from './external-link';

const SORTABLE = ['title', 'createdAt', 'read'] as const;

const STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
];

/** /notifications (view-notifications): every notification of the user, newest first. */
export default function NotificationsPage() {
  const user = useSessionUser();
  const { state, update } = useListState();
  const status = state.status === 'read' || state.status === 'unread' ? state.status : undefined;
  const sortBy = SORTABLE.find((key) => key === state.sortBy);
  const { data, isPending, error } = useNotifications({
    startAt: state.startAt,
    perPage: state.perPage,
    keyword: state.keyword || undefined,
    status,
    ...(sortBy ? { sortBy, sortOrder: state.sortOrder } : {}),
  });
  const markAll = useMarkNotificationsRead();
  const detail = useOpenNotification();
  const [isSendOpen, sendDialog] = useDisclosure(false);
  const canSend = Boolean(user?.scopes.includes('manage-notifications'));
  const unread = data?.unreadCount ?? 0;

  const columns: Column<TNotification>[] = [
    {
      key: 'title',
      title: 'Notification',
      render: (item) => (
        <Group gap="sm" wrap="nowrap">
          <NotificationIcon icon={item.icon} isRead={item.read} />
          <Text size="sm" fw={item.read ? 500 : 700}>
            {item.title}
          </Text>
        </Group>
      ),
    },
    {
      key: 'description',
      title: 'Details',
      sortable: false,
      render: (item) => {
        const link = externalLinkOf(item);
        return link ? (
          <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
            {link}
          </Anchor>
        ) : (
          <Text size="sm" lineClamp={2} maw={420}>
            {item.description}
          </Text>
        );
      },
    },
    {
      key: 'createdAt',
      title: 'Received',
      render: (item) => (
        <Text size="sm" c="dimmed">
          <time dateTime={item.createdAt}>{formatNotificationTime(item.createdAt)}</time>
        </Text>
      ),
    },
    {
      key: 'read',
      title: 'Status',
      render: (item) => (
        <Badge variant="light" color={item.read ? 'gray' : 'brand'} tt="none">
          {item.read ? 'Read' : 'Unread'}
        </Badge>
      ),
    },
    {
      key: 'action',
      title: 'Action',
      sortable: false,
      render: (item) => (
        <Button size="xs" variant="subtle" onClick={() => detail.open(item)} aria-label={`Open ${item.title}`}>
          Open
        </Button>
      ),
    },
  ];

  function onMarkAll(): void {
    markAll.mutate(
      { markAllRead: true },
      { onSuccess: ({ message }) => toastSuccess(message), onError: (caught) => toastError(caught.message) },
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Notifications
          </Title>
          <Text c="dimmed" size="sm">
            {unread > 0 ? `${unread} unread` : 'All caught up'}
          </Text>
        </div>
        <Group gap="sm">
          {canSend ? (
            <Button variant="default" leftSection={<IconSend size={16} />} onClick={sendDialog.open}>
              Send notification
            </Button>
          ) : null}
          <Button leftSection={<IconChecks size={16} />} onClick={onMarkAll} loading={markAll.isPending} disabled={unread === 0}>
            Mark all as read
          </Button>
        </Group>
      </Group>
      <DataTable
        caption="Notifications"
        columns={columns}
        rows={data?.rows}
        rowKey={(item) => item._id}
        total={data?.pagination.total ?? 0}
        state={state}
        onStateChange={update}
        isLoading={isPending}
        error={error}
        emptyMessage="No notifications yet"
        toolbar={
          <Select
            aria-label="Show"
            data={STATUS_FILTERS}
            value={status ?? 'all'}
            onChange={(value) => update({ status: value && value !== 'all' ? value : null })}
            allowDeselect={false}
            w={130}
          />
        }
      />
      <NotificationDetail notification={detail.opened} onClose={detail.close} />
      {canSend ? <SendNotificationDialog opened={isSendOpen} onClose={sendDialog.close} /> : null}
    </Stack>
  );
}
