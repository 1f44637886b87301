import { Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { filterText } from '@sanad/contracts/status-labels';
import { USER_STATUSES, type TStaffUserRow } from '@sanad/contracts/staff-users';
import type { Column } from '../../../components/data-table/DataTable';
import { formatDate } from '../../../lib/format';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { resendInvitation } from '../api/resend-invitation';
import { STAFF_PATHS, saveStaffUser, type StaffKind } from '../api/save-staff-user';
import { RowActions } from './RowActions';
import { StaffAvatar } from './StaffAvatar';
import { StaffFormModal } from './StaffFormModal';
import { useUsersList } from './use-users-list';
import { UsersListLayout } from './UsersListLayout';

const TEXT: Record<StaffKind, { heading: string; caption: string; add: string; manage: 'manage-users' | 'manage-team-members' }> = {
  system: { heading: 'System Users', caption: 'System users', add: 'Add user', manage: 'manage-users' },
  team: { heading: 'Team Members', caption: 'Team members', add: 'Add team member', manage: 'manage-team-members' },
};

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
  const list = useUsersList<TStaffUserRow>(STAFF_PATHS[kind]);
  const canManage = Boolean(user?.scopes.includes(text.manage));

  const actions = (row: TStaffUserRow) => (
    <RowActions
      label={row.fullName}
      status={row.status}
      onEdit={() => list.openForm(row)}
      onToggleStatus={() => list.select(row)}
      {...(row.status === 'pending' ? { onResendInvitation: () => void onResend(row) } : {})}
    />
  );

  const columns: Column<TStaffUserRow>[] = [
    { key: 'avatar', title: 'Profile picture', sortable: false, render: (row) => <StaffAvatar row={row} /> },
    {
      key: 'fullName',
      title: 'Full name',
      render: (row) => (
        <Text size="sm" fw={600}>
          {row.fullName}
        </Text>
      ),
    },
    { key: 'roleTitle', title: 'Role', render: (row) => filterText(row.roleTitle) },
    { key: 'invitedBy', title: 'Invited by', render: (row) => filterText(row.invitedBy?.firstName) },
    { key: 'ref', title: 'Ref', render: (row) => filterText(row.ref) },
    { key: 'email', title: 'Email', render: (row) => row.email },
    { key: 'phoneNumber', title: 'Phone number', sortable: false, render: (row) => filterText(row.phoneNumber) },
    { key: 'companyName', title: 'Company name', sortable: false, render: (row) => filterText(row.companyName) },
    {
      key: 'createdAt',
      title: 'Join date',
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(row.createdAt)}
        </Text>
      ),
    },
  ];

  return (
    <UsersListLayout
      heading={kind === 'system' ? 'Users' : text.heading}
      hasTabs={kind === 'system'}
      caption={text.caption}
      columns={columns}
      renderActions={canManage ? actions : null}
      list={list}
      statuses={USER_STATUSES}
      searchPlaceholder="Search name, e-mail or role and press Enter"
      add={canManage ? { label: text.add, icon: <IconUserPlus size={16} /> } : null}
      statusItem={(row) => ({ _id: row._id, title: row.fullName, status: row.status })}
      saveStatus={(row, status) => saveStaffUser(kind, { ...row, status })}
    >
      {list.form ? (
        <StaffFormModal
          key={list.form.key}
          kind={kind}
          row={list.form.row}
          opened
          isOperator={user?.dataSegmentIds.length === 0}
          onClose={list.closeForm}
        />
      ) : null}
    </UsersListLayout>
  );
}
