import { useState } from 'react';
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ROLE_STATUSES, type TRoleRow } from '@sanad/contracts/role-admin';
import { ConfirmStatusDialog } from '../../components/ConfirmStatusDialog';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { toListQuery, useListState } from '../../components/data-table/use-list-state';
import { StatusBadge } from '../../components/StatusBadge';
import { useList } from '../../lib/list-api';
import { useSessionUser } from '../../lib/session';
import { useSaveFlow } from '../../lib/use-save-flow';
import { ROLES_PATH, saveRole } from './api/save-role';
import { RoleEditorModal } from './components/RoleEditorModal';
import { RowActions } from './components/RowActions';
import { UsersTabs } from './components/UsersTabs';

const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...ROLE_STATUSES.map((status) => ({ value: status, label: status === 'active' ? 'Active' : 'Archived' }))];

/** Roles of the active data segment (001 §3): title, associated users count, status and action. */
export default function RolesPage() {
  const user = useSessionUser();
  const { state, update } = useListState();
  const list = useList<TRoleRow>(ROLES_PATH, toListQuery(state));
  const canManage = Boolean(user?.scopes.includes('manage-roles'));
  const [editor, setEditor] = useState<{ role: TRoleRow | null; key: number } | null>(null);
  const [selected, setSelected] = useState<TRoleRow | null>(null);
  const toggle = useSaveFlow({ listPath: ROLES_PATH, onClose: () => setSelected(null) });

  const columns: Column<TRoleRow>[] = [
    { key: 'title', title: 'Title', render: (row) => <Text size="sm" fw={600}>{row.title}</Text> },
    { key: 'usersCount', title: 'Associated users', render: (row) => row.usersCount },
    { key: 'status', title: 'Status', render: (row) => <StatusBadge status={row.status} /> },
    {
      key: 'action',
      title: 'Action',
      sortable: false,
      render: (row) =>
        canManage ? (
          <RowActions label={row.title} status={row.status} onEdit={() => setEditor({ role: row, key: Date.now() })} onToggleStatus={() => setSelected(row)} />
        ) : (
          '-'
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Users
      </Title>
      <UsersTabs />
      <DataTable
        caption="Roles"
        columns={columns}
        rows={list.error ? [] : list.data?.rows}
        rowKey={(row) => row._id}
        total={list.error ? 0 : (list.data?.pagination.total ?? 0)}
        state={state}
        onStateChange={update}
        isLoading={list.isPending}
        // A failed roles load shows the raw error (001 §8, AD-63).
        error={list.error}
        searchPlaceholder="Search titles and press Enter"
        toolbar={
          <Group gap="sm">
            <Select aria-label="Status" data={STATUS_OPTIONS} value={state.status ?? ''} onChange={(value) => update({ status: value || null })} allowDeselect={false} w={150} />
            {canManage ? (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditor({ role: null, key: Date.now() })}>
                Add role
              </Button>
            ) : null}
          </Group>
        }
      />
      {editor ? <RoleEditorModal key={editor.key} role={editor.role} scopes={user?.scopes ?? []} onClose={() => setEditor(null)} /> : null}
      <ConfirmStatusDialog
        item={selected}
        isSaving={toggle.isSaving}
        onCancel={() => setSelected(null)}
        onConfirm={(item) => {
          if (selected) void toggle.run(() => saveRole({ ...selected, status: item.status }));
        }}
      />
    </Stack>
  );
}
