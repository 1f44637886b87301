import { Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { isPermission } from '@sanad/contracts/permissions';
import { ROLE_STATUSES, type TRoleRow } from '@sanad/contracts/roles';
import type { Column } from '../../components/data-table/DataTable';
import { useSessionUser } from '../../lib/session';
import { ROLE_ENDPOINTS } from '@sanad/contracts/roles.endpoints';
import { saveRole } from './api/save-role';
import { RoleEditorModal } from './components/RoleEditorModal';
import { RowActions } from './components/RowActions';
import { useUsersList } from './components/use-users-list';
import { UsersListLayout } from './components/UsersListLayout';

/** Roles of the active data segment: title, associated users count, status and action. */
export default function RolesPage() {
  const user = useSessionUser();
  const list = useUsersList(ROLE_ENDPOINTS.list);
  const canManage = Boolean(user?.scopes.includes('manage-roles'));

  const columns: Column<TRoleRow>[] = [
    {
      key: 'title',
      title: 'Title',
      render: (row) => (
        <Text size="sm" fw={600}>
          {row.title}
        </Text>
      ),
    },
    { key: 'usersCount', title: 'Associated users', render: (row) => row.usersCount },
  ];

  return (
    <UsersListLayout
      heading="Users"
      hasTabs
      caption="Roles"
      columns={columns}
      renderActions={
        canManage
          ? (row) => (
              <RowActions
                label={row.title}
                statusChange={row.status === 'active' ? 'archived' : 'active'}
                onEdit={() => list.openForm(row)}
                onChangeStatus={() => list.select(row)}
              />
            )
          : null
      }
      list={list}
      statuses={ROLE_STATUSES}
      searchPlaceholder="Search role titles"
      add={canManage ? { label: 'Add role', icon: <IconPlus size={16} /> } : null}
      statusItem={(row) => row}
      saveStatus={(row, status) =>
        saveRole({
          _id: row._id,
          title: row.title,
          permissions: row.permissions.filter(isPermission),
          status: status === 'archived' ? 'archived' : 'active',
        })
      }
    >
      {list.form ? <RoleEditorModal key={list.form.key} role={list.form.row} scopes={user?.scopes ?? []} onClose={list.closeForm} /> : null}
    </UsersListLayout>
  );
}
