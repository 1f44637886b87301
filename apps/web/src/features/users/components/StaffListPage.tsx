import { Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { filterText } from '@sanad/contracts/status-labels';
import { USER_ORIGIN_LABELS, USER_STATUSES, USER_STATUS_CHANGES, type TStaffUserRow } from '@sanad/contracts/users';
import type { Column } from '../../../components/data-table/DataTable';
import { formatDate } from '../../../lib/format';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { resendInvitation } from '../api/resend-invitation';
import { STAFF_LISTS, saveStaffUser, type StaffKind } from '../api/save-staff-user';
import { staffPayload, staffFormFrom } from '../staff-form';
import { RoleFilter } from './RoleFilter';
import { RowActions, confirmationStatus } from './RowActions';
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

/** The status change the row offers: pending and active accounts archive, archived ones activate. */
function statusChangeOf(row: TStaffUserRow): 'archived' | 'active' | null {
  const [change] = USER_STATUS_CHANGES[row.status];
  return change === 'archived' || change === 'active' ? change : null;
}

/** Who invited the account, or how it came to be when nobody did. */
export function invitedByText(row: Pick<TStaffUserRow, 'invitedBy' | 'origin'>): string {
  if (row.invitedBy) return row.invitedBy.fullName || row.invitedBy.firstName;
  return row.origin && row.origin !== 'invitation' ? USER_ORIGIN_LABELS[row.origin] : '-';
}

const nowrap = (text: string) => (
  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
    {text}
  </Text>
);

/**
 * The system user list and the team member list: profile picture, full name, role title, invited
 * by, ref, e-mail, phone number, company name, join date, status and action.
 */
export function StaffListPage({ kind }: { kind: StaffKind }) {
  const user = useSessionUser();
  const text = TEXT[kind];
  const list = useUsersList(STAFF_LISTS[kind]);
  const canManage = Boolean(user?.scopes.includes(text.manage));

  const actions = (row: TStaffUserRow) => (
    <RowActions
      label={row.fullName}
      statusChange={statusChangeOf(row)}
      onEdit={() => list.openForm(row)}
      onChangeStatus={() => list.select(row)}
      {...(row.status === 'pending' ? { onResendInvitation: () => void onResend(row) } : {})}
    />
  );

  const columns: Column<TStaffUserRow>[] = [
    { key: 'avatar', title: 'Profile picture', sortable: false, render: (row) => <StaffAvatar row={row} /> },
    {
      key: 'fullName',
      title: 'Full name',
      render: (row) => (
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {row.fullName}
        </Text>
      ),
    },
    { key: 'roleTitle', title: 'Role', render: (row) => filterText(row.roleTitle) },
    { key: 'invitedBy', title: 'Invited by', render: (row) => invitedByText(row) },
    { key: 'ref', title: 'Ref', render: (row) => filterText(row.ref) },
    // Long addresses wrap rather than push status and action out of view.
    {
      key: 'email',
      title: 'Email',
      render: (row) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.email}
        </Text>
      ),
    },
    { key: 'phoneNumber', title: 'Phone number', sortable: false, render: (row) => nowrap(filterText(row.phoneNumber)) },
    { key: 'companyName', title: 'Company name', sortable: false, render: (row) => filterText(row.companyName) },
    { key: 'createdAt', title: 'Join date', render: (row) => formatDate(row.createdAt) },
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
      filters={<RoleFilter kind={kind} value={list.state.roleId ?? null} onChange={(roleId) => list.update({ roleId })} />}
      searchPlaceholder="Search name, e-mail or role"
      add={canManage ? { label: text.add, icon: <IconUserPlus size={16} /> } : null}
      statusItem={(row) => ({ _id: row._id, title: row.fullName, status: confirmationStatus(statusChangeOf(row) ?? 'archived') })}
      saveStatus={(row, status) =>
        saveStaffUser(kind, { ...staffPayload(kind, staffFormFrom(row), row), status: status === 'archived' ? 'archived' : 'active' })
      }
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
