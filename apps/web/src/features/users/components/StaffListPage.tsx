import { useState } from 'react';
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { filterText } from '@sanad/contracts/status-labels';
import { USER_STATUSES, type TStaffUserRow } from '@sanad/contracts/staff-users';
import { ConfirmStatusDialog, type StatusItem } from '../../../components/ConfirmStatusDialog';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { toListQuery, useListState } from '../../../components/data-table/use-list-state';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatFilterDate } from '../../../lib/format';
import { useList } from '../../../lib/list-api';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSaveFlow } from '../../../lib/use-save-flow';
import { resendInvitation } from '../api/resend-invitation';
import { STAFF_PATHS, saveStaffUser, type StaffKind } from '../api/save-staff-user';
import { RowActions } from './RowActions';
import { StaffAvatar } from './StaffAvatar';
import { StaffFormModal } from './StaffFormModal';
import { UsersTabs } from './UsersTabs';

const TEXT: Record<StaffKind, { heading: string; caption: string; add: string; manage: 'manage-users' | 'manage-team-members' }> = {
  system: { heading: 'System Users', caption: 'System users', add: 'Add user', manage: 'manage-users' },
  team: { heading: 'Team Members', caption: 'Team members', add: 'Add team member', manage: 'manage-team-members' },
};

const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...USER_STATUSES.map((status) => ({ value: status, label: status.charAt(0).toUpperCase() + status.slice(1) }))];

/** Sends a pending account a new set-password link. */
async function onResend(row: TStaffUserRow): Promise<void> {
  try {
    toastSuccess((await resendInvitation(row._id)).message);
  } catch (error) {
    toastError(error instanceof Error ? error.message : 'There is something wrong');
  }
}

/**
 * The system user list (001 §3) and the team member list: profile picture, full name, role title,
 * invited by, ref, e-mail, phone number, company name, join date, status and action.
 */
export function StaffListPage({ kind }: { kind: StaffKind }) {
  const user = useSessionUser();
  const text = TEXT[kind];
  const path = STAFF_PATHS[kind];
  const { state, update } = useListState();
  const list = useList<TStaffUserRow>(path, toListQuery(state));
  const canManage = Boolean(user?.scopes.includes(text.manage));
  const [form, setForm] = useState<{ row: TStaffUserRow | null; key: number } | null>(null);
  const [selected, setSelected] = useState<TStaffUserRow | null>(null);
  const toggle = useSaveFlow({ listPath: path, onClose: () => setSelected(null) });

  const columns: Column<TStaffUserRow>[] = [
    { key: 'avatar', title: 'Profile picture', sortable: false, render: (row) => <StaffAvatar row={row} /> },
    { key: 'fullName', title: 'Full name', render: (row) => <Text size="sm" fw={600}>{row.fullName}</Text> },
    { key: 'roleTitle', title: 'Role', render: (row) => filterText(row.roleTitle) },
    { key: 'invitedBy', title: 'Invited by', render: (row) => filterText(row.invitedBy?.firstName) },
    { key: 'ref', title: 'Ref', render: (row) => filterText(row.ref) },
    { key: 'email', title: 'Email', render: (row) => row.email },
    { key: 'phoneNumber', title: 'Phone number', sortable: false, render: (row) => filterText(row.phoneNumber) },
    { key: 'companyName', title: 'Company name', sortable: false, render: (row) => filterText(row.companyName) },
    { key: 'createdAt', title: 'Join date', render: (row) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatFilterDate(row.createdAt)}</Text> },
    { key: 'status', title: 'Status', render: (row) => <StatusBadge status={row.status} /> },
    {
      key: 'action',
      title: 'Action',
      sortable: false,
      render: (row) =>
        canManage ? (
          <RowActions
            label={row.fullName}
            status={row.status}
            onEdit={() => setForm({ row, key: Date.now() })}
            onToggleStatus={() => setSelected(row)}
            {...(row.status === 'pending' ? { onResendInvitation: () => void onResend(row) } : {})}
          />
        ) : (
          '-'
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {kind === 'system' ? 'Users' : text.heading}
      </Title>
      {kind === 'system' ? <UsersTabs /> : null}
      <DataTable
        caption={text.caption}
        columns={columns}
        rows={list.error ? [] : list.data?.rows}
        rowKey={(row) => row._id}
        total={list.error ? 0 : (list.data?.pagination.total ?? 0)}
        state={state}
        onStateChange={update}
        isLoading={list.isPending}
        error={list.error}
        searchPlaceholder="Search name, e-mail or role and press Enter"
        toolbar={
          <Group gap="sm">
            <Select aria-label="Status" data={STATUS_OPTIONS} value={state.status ?? ''} onChange={(value) => update({ status: value || null })} allowDeselect={false} w={150} />
            {canManage ? (
              <Button leftSection={<IconUserPlus size={16} />} onClick={() => setForm({ row: null, key: Date.now() })}>
                {text.add}
              </Button>
            ) : null}
          </Group>
        }
      />
      {form ? (
        <StaffFormModal key={form.key} kind={kind} row={form.row} opened isOperator={user?.dataSegmentIds.length === 0} onClose={() => setForm(null)} />
      ) : null}
      <ConfirmStatusDialog
        item={selected ? ({ _id: selected._id, title: selected.fullName, status: selected.status } satisfies StatusItem) : null}
        isSaving={toggle.isSaving}
        onCancel={() => setSelected(null)}
        onConfirm={(item) => {
          if (selected) void toggle.run(() => saveStaffUser(kind, { ...selected, status: item.status }));
        }}
      />
    </Stack>
  );
}
