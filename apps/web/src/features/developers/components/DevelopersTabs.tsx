import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { hasAnyPermission, type Scope } from '@sanad/contracts/permissions';
import { useSessionUser } from '../../../lib/session';

interface DevelopersTab {
  name: string;
  label: string;
  to: string;
  permissions: readonly Scope[];
}

export const DEVELOPERS_TABS: readonly DevelopersTab[] = [
  {
    name: 'home',
    label: 'Guide',
    to: '/developers',
    permissions: ['developer-tools', 'manage-api-logs', 'manage-application-access', 'manage-webhooks'],
  },
  {
    name: 'api-reference',
    label: 'API Reference',
    to: '/developers/api-reference',
    permissions: ['developer-tools', 'manage-api-logs', 'manage-application-access', 'manage-webhooks'],
  },
  {
    name: 'application-access',
    label: 'Application Access',
    to: '/developers/application-access',
    permissions: ['manage-application-access'],
  },
  { name: 'webhooks', label: 'Webhooks', to: '/developers/webhooks', permissions: ['manage-webhooks'] },
  { name: 'api-logs', label: 'API Logs', to: '/developers/api-logs', permissions: ['manage-api-logs'] },
];

/** The tab of a path: each page has its own, anything else under /developers is the guide. */
export function developersTabOf(pathname: string): string {
  const path = pathname.replace(/\/+$/, '');
  return DEVELOPERS_TABS.find((tab) => tab.to !== '/developers' && (path === tab.to || path.startsWith(`${tab.to}/`)))?.name ?? 'home';
}

/** The sections of Developer Tools the user may open; the current one highlighted. */
export function DevelopersTabs() {
  const { pathname } = useLocation();
  const user = useSessionUser();
  const navigate = useNavigate();
  const tabs = DEVELOPERS_TABS.filter((tab) => hasAnyPermission(user?.scopes ?? [], tab.permissions));
  return (
    <Tabs
      value={developersTabOf(pathname)}
      onChange={(value) => {
        const tab = tabs.find((item) => item.name === value);
        if (tab) void navigate(tab.to);
      }}
    >
      <Tabs.List aria-label="Developer Tools sections">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.name} value={tab.name} fw={600}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
