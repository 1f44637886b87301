import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { hasAnyPermission, type Scope } from '@sanad/contracts/permissions';
import { useRouteMeta } from '../../../lib/route-meta';
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

/** The route's innerTabName highlights its tab (001 §2, SH-16). */
export function UsersTabs() {
  const meta = useRouteMeta();
  const user = useSessionUser();
  const navigate = useNavigate();
  const tabs = visibleUsersTabs(user?.scopes ?? []);
  return (
    <Tabs
      value={meta.innerTabName ?? null}
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
