import { useState } from 'react';
import { Badge, Box, Button, Code, Group, Select, Text } from '@mantine/core';
import { IconArchive, IconKey, IconPencil, IconPlus, IconRefresh } from '@tabler/icons-react';
import {
  APPLICATION_DEVICE_LABELS,
  ITEM_STATUSES,
  type TApplicationAccessIssued,
  type TApplicationAccessRow,
} from '@sanad/contracts/developers';
import { APPLICATION_ACCESS_ENDPOINTS } from '@sanad/contracts/developers.endpoints';
import { ConfirmStatusDialog } from '../../components/ConfirmStatusDialog';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateTime } from '../../lib/format';
import { saveApplicationAccess } from './api/developers-api';
import { ApplicationAccessFormModal } from './components/ApplicationAccessFormModal';
import { DevelopersLayout } from './components/DevelopersLayout';
import { RotateKeyModal } from './components/RotateKeyModal';
import { RowMenu } from './components/RowMenu';
import { SecretReveal } from './components/SecretReveal';
import { useItemList } from './components/use-item-list';

const statusOptions = [
  { value: '', label: 'All statuses' },
  ...ITEM_STATUSES.map((status) => ({ value: status, label: status.charAt(0).toUpperCase() + status.slice(1) })),
];

/** Application access: the apps that call the API, the public part of each one's key, its scopes and use. */
export default function ApplicationAccessPage() {
  const list = useItemList(APPLICATION_ACCESS_ENDPOINTS.list);
  const [issued, setIssued] = useState<TApplicationAccessIssued | null>(null);
  const [rotating, setRotating] = useState<TApplicationAccessRow | null>(null);

  const columns: Column<TApplicationAccessRow>[] = [
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
      key: 'bundleId',
      title: 'Bundle ID',
      render: (row) => (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {row.bundleId}
        </Text>
      ),
    },
    { key: 'device', title: 'Device', render: (row) => APPLICATION_DEVICE_LABELS[row.device] },
    {
      key: 'codeKey',
      title: 'Code key',
      sortable: false,
      render: (row) => (
        <Box>
          <Code>{row.codeKey}</Code>
          {row.previousKeyExpiresAt ? (
            <Text size="xs" c="dimmed">
              Previous key works until {formatDateTime(row.previousKeyExpiresAt)}
            </Text>
          ) : null}
        </Box>
      ),
    },
    {
      key: 'scopes',
      title: 'Scopes',
      sortable: false,
      render: (row) => (
        <Group gap={4}>
          {row.scopes.map((scope) => (
            <Badge key={scope} variant="outline" color="gray" tt="none" radius="sm">
              {scope}
            </Badge>
          ))}
        </Group>
      ),
    },
    { key: 'expiresAt', title: 'Expires', sortable: false, render: (row) => (row.expiresAt ? formatDateTime(row.expiresAt) : 'Never') },
    { key: 'lastUsedAt', title: 'Last used', render: (row) => (row.lastUsedAt ? formatDateTime(row.lastUsedAt) : 'Never') },
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
            { label: 'Edit', icon: <IconPencil size={16} />, onClick: () => list.openForm(row) },
            ...(row.status === 'active' ? [{ label: 'Rotate key', icon: <IconKey size={16} />, onClick: () => setRotating(row) }] : []),
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
        caption="Application access"
        columns={columns}
        rows={list.query.data?.rows}
        rowKey={(row) => row._id}
        total={list.query.data?.pagination.total ?? 0}
        state={list.state}
        onStateChange={list.update}
        isLoading={list.query.isPending}
        // A failed load shows the raw error.
        error={list.query.error}
        searchPlaceholder="Search titles and bundle IDs"
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
              Add application access
            </Button>
          </Group>
        }
      />
      {list.form ? (
        <ApplicationAccessFormModal key={list.form.key} entry={list.form.row} onClose={list.closeForm} onIssued={setIssued} />
      ) : null}
      {rotating ? <RotateKeyModal entry={rotating} onClose={() => setRotating(null)} onIssued={setIssued} /> : null}
      <SecretReveal
        title={issued ? `API key of ${issued.title}` : ''}
        label="API key"
        value={issued?.apiKey ?? null}
        onClose={() => setIssued(null)}
      />
      <ConfirmStatusDialog
        item={list.selected}
        isSaving={list.toggle.isSaving}
        onCancel={() => list.select(null)}
        onConfirm={(item) => {
          const row = list.selected;
          if (!row) return;
          void list.toggle.run(() =>
            saveApplicationAccess({
              _id: row._id,
              title: row.title,
              bundleId: row.bundleId,
              device: row.device,
              scopes: row.scopes,
              expiresAt: row.expiresAt,
              ipAllowList: row.ipAllowList,
              status: item.status === 'archived' ? 'archived' : 'active',
            }),
          );
        }}
      />
    </DevelopersLayout>
  );
}
