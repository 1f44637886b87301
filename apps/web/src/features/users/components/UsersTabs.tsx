import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { hasAnyPermission, type Scope } from '@sanad/contracts/permissions';
import { useSessionUser } from '../../../lib/session';

interface UsersTab {
  name: string;
  label: string;
  to: string;
  permissions: readonly Scope[];
}

/** The tabs inside Users; each shows only with one of its permissions (manage implies view). */
export const USERS_TABS: readonly UsersTab[] = [
  { name: 'system-users', label: 'System Users', to: '/users', permissions: ['view-users', 'manage-users'] },
  { name: 'roles', label: 'Roles', to: '/users/roles', permissions: ['view-roles', 'manage-roles'] },
  {
    name: 'data-segments',
    label: 'Data Segments',
    to: '/users/data-segments',
    permissions: ['view-data-segments', 'manage-data-segments'],
  },
];

export function visibleUsersTabs(scopes: readonly string[]): UsersTab[] {
  return USERS_TABS.filter((tab) => hasAnyPermission(scopes, tab.permissions));
}

/** The tab of a path: /users/roles and /users/data-segments have their own, everything else is System Users. */
export function usersTabOf(pathname: string): string {
  const path = pathname.replace(/\/+$/, '');
  return USERS_TABS.find((tab) => tab.to !== '/users' && (path === tab.to || path.startsWith(`${tab.to}/`)))?.name ?? 'system-users';
}

/** The current page's tab is highlighted. */
export function UsersTabs() {
  const { pathname } = useLocation();
  const user = useSessionUser();
  const navigate = useNavigate();
  const tabs = visibleUsersTabs(user?.scopes ?? []);
  return (
    <Tabs
      value={usersTabOf(pathname)}
      onChange={(value) => {
        const tab = tabs.find((item) => item.name === value);
        if (tab) void navigate(tab.to);
      }}
    >
      <Tabs.List aria-label="Users sections">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.name} value={tab.name} fw={600}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
