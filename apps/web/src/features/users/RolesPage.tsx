import { Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ROLE_STATUSES, type TRoleRow } from '@sanad/contracts/role-admin';
import type { Column } from '../../components/data-table/DataTable';
import { useSessionUser } from '../../lib/session';
import { ROLES_PATH, saveRole } from './api/save-role';
import { RoleEditorModal } from './components/RoleEditorModal';
import { RowActions } from './components/RowActions';
import { useUsersList } from './components/use-users-list';
import { UsersListLayout } from './components/UsersListLayout';

/** Roles of the active data segment (001 §3): title, associated users count, status and action. */
export default function RolesPage() {
  const user = useSessionUser();
  const list = useUsersList<TRoleRow>(ROLES_PATH);
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
              <RowActions label={row.title} status={row.status} onEdit={() => list.openForm(row)} onToggleStatus={() => list.select(row)} />
            )
          : null
      }
      list={list}
      statuses={ROLE_STATUSES}
      searchPlaceholder="Search titles and press Enter"
      add={canManage ? { label: 'Add role', icon: <IconPlus size={16} /> } : null}
      statusItem={(row) => row}
      saveStatus={(row, status) => saveRole({ ...row, status })}
    >
      {list.form ? <RoleEditorModal key={list.form.key} role={list.form.row} scopes={user?.scopes ?? []} onClose={list.closeForm} /> : null}
    </UsersListLayout>
  );
}
