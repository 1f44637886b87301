import { useState } from 'react';
import { Box, Button, Group, Select, Text } from '@mantine/core';
import { IconArchive, IconKey, IconList, IconPencil, IconPlus, IconRefresh, IconSend } from '@tabler/icons-react';
import { WEBHOOK_STATUSES, WEBHOOK_TRIGGER_LABELS, type TWebhookIssued, type TWebhookRow } from '@sanad/contracts/developers';
import { WEBHOOK_ENDPOINTS } from '@sanad/contracts/developers.endpoints';
import { ConfirmStatusDialog } from '../../components/ConfirmStatusDialog';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateTime } from '../../lib/format';
import { useSaveFlow } from '../../lib/use-save-flow';
import { rotateWebhookSecret, saveWebhook, sendTestEvent } from './api/developers-api';
import { DeliveryLogDrawer } from './components/DeliveryLogDrawer';
import { DevelopersLayout } from './components/DevelopersLayout';
import { RowMenu } from './components/RowMenu';
import { SecretReveal } from './components/SecretReveal';
import { useItemList } from './components/use-item-list';
import { WebhookFormModal } from './components/WebhookFormModal';

const statusOptions = [
  { value: '', label: 'All statuses' },
  ...WEBHOOK_STATUSES.map((status) => ({ value: status, label: status.charAt(0).toUpperCase() + status.slice(1) })),
];

/** Webhooks of the active segment: where events go, their status, and each one's delivery log. */
export default function WebhooksPage() {
  const list = useItemList(WEBHOOK_ENDPOINTS.list);
  const [issued, setIssued] = useState<TWebhookIssued | null>(null);
  const [logOf, setLogOf] = useState<TWebhookRow | null>(null);
  const action = useSaveFlow({ listPath: WEBHOOK_ENDPOINTS.list.path });

  const columns: Column<TWebhookRow>[] = [
    {
      key: 'title',
      title: 'Title',
      render: (row) => (
        <Text size="sm" fw={600}>
          {row.title}
        </Text>
      ),
    },
    {
      key: 'endpointUrl',
      title: 'Endpoint URL',
      render: (row) => (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {row.endpointUrl}
        </Text>
      ),
    },
    { key: 'triggerPoint', title: 'Trigger point', render: (row) => WEBHOOK_TRIGGER_LABELS[row.triggerPoint] },
    {
      key: 'description',
      title: 'Description',
      sortable: false,
      render: (row) => (
        <Box>
          <Text size="sm">{row.description || '-'}</Text>
          {row.disabledReason ? (
            <Text size="xs" c="red">
              {row.disabledReason}
            </Text>
          ) : null}
        </Box>
      ),
    },
    { key: 'lastDeliveryAt', title: 'Last delivery', render: (row) => (row.lastDeliveryAt ? formatDateTime(row.lastDeliveryAt) : 'Never') },
    {
      key: 'status',
      title: 'Status',
      render: (row) => (
        <Box miw="max-content">
          <StatusBadge status={row.status} />
        </Box>
      ),
    },
    {
      key: 'action',
      title: 'Action',
      sortable: false,
      render: (row) => (
        <RowMenu
          label={row.title}
          items={[
            { label: 'Delivery log', icon: <IconList size={16} />, onClick: () => setLogOf(row) },
            ...(row.status === 'active'
              ? [{ label: 'Send test event', icon: <IconSend size={16} />, onClick: () => void action.run(() => sendTestEvent(row._id)) }]
              : []),
            { label: 'Edit', icon: <IconPencil size={16} />, onClick: () => list.openForm(row) },
            {
              label: 'Rotate signing secret',
              icon: <IconKey size={16} />,
              onClick: () =>
                void action.run(async () => {
                  const answer = await rotateWebhookSecret(row._id);
                  setIssued(answer.data);
                  return answer;
                }),
            },
            row.status === 'active'
              ? { label: 'Archive', icon: <IconArchive size={16} />, color: 'red', onClick: () => list.select(row) }
              : { label: 'Activate', icon: <IconRefresh size={16} />, onClick: () => list.select(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <DevelopersLayout>
      <DataTable
        caption="Webhooks"
        columns={columns}
        rows={list.query.data?.rows}
        rowKey={(row) => row._id}
        total={list.query.data?.pagination.total ?? 0}
        state={list.state}
        onStateChange={list.update}
        isLoading={list.query.isPending}
        // A failed load shows the raw error.
        error={list.query.error}
        searchPlaceholder="Search titles and URLs"
        toolbar={
          <Group gap="sm">
            <Select
              aria-label="Status"
              data={statusOptions}
              value={list.state.status ?? ''}
              onChange={(value) => list.update({ status: value || null })}
              allowDeselect={false}
              w={150}
            />
            <Button leftSection={<IconPlus size={16} />} onClick={() => list.openForm(null)}>
              Add webhook
            </Button>
          </Group>
        }
      />
      {list.form ? <WebhookFormModal key={list.form.key} webhook={list.form.row} onClose={list.closeForm} onIssued={setIssued} /> : null}
      <SecretReveal
        title={issued ? `Signing secret of ${issued.title}` : ''}
        label="signing secret"
        value={issued?.signingSecret ?? null}
        onClose={() => setIssued(null)}
      />
      <DeliveryLogDrawer webhook={logOf} onClose={() => setLogOf(null)} />
      <ConfirmStatusDialog
        item={list.selected}
        isSaving={list.toggle.isSaving}
        onCancel={() => list.select(null)}
        onConfirm={(item) => {
          const row = list.selected;
          if (!row) return;
          void list.toggle.run(() =>
            saveWebhook({
              _id: row._id,
              title: row.title,
              endpointUrl: row.endpointUrl,
              triggerPoint: row.triggerPoint,
              description: row.description,
              status: item.status === 'archived' ? 'archived' : 'active',
            }),
          );
        }}
      />
    </DevelopersLayout>
  );
}
