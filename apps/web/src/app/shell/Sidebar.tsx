import { NavLink, ScrollArea } from '@mantine/core';
import {
  IconBell,
  IconBuildingBank,
  IconChartBar,
  IconCode,
  IconFileUpload,
  IconLink,
  IconListCheck,
  IconPackage,
  IconSettings,
  IconShieldCheck,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
  IconUserSearch,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { TProfile } from '@sanad/contracts/session';
import { useIsRouted } from '../../lib/route-availability';
import { buildSidebarLinks, type SidebarLink } from './sidebar-links';

const ICONS: Record<string, ReactNode> = {
  Insights: <IconChartBar size={18} />,
  Profiles: <IconUserSearch size={18} />,
  'Deep Link Onboarding': <IconLink size={18} />,
  'Self Service Onboarding': <IconUserPlus size={18} />,
  'Bulk Onboarding': <IconFileUpload size={18} />,
  Configurations: <IconSettings size={18} />,
  'Upload Delta': <IconListCheck size={18} />,
  Packages: <IconPackage size={18} />,
  'Team Members': <IconUsersGroup size={18} />,
  Users: <IconUsers size={18} />,
  'Customer Verification': <IconShieldCheck size={18} />,
  Notifications: <IconBell size={18} />,
  'System Logs': <IconBuildingBank size={18} />,
  'Developer Tools': <IconCode size={18} />,
};

function isActive(pathname: string, to: string): boolean {
  const base = to.replace(/\/$/, '').split('/').slice(0, 2).join('/');
  return pathname === to || pathname.startsWith(`${base}/`) || pathname === base;
}

export function Sidebar({ user, onNavigate }: { user: TProfile; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const isRouted = useIsRouted();
  const links = buildSidebarLinks(user, isRouted);
  const render = (link: SidebarLink) =>
    link.children ? (
      <NavLink
        key={link.label}
        component="button"
        type="button"
        label={link.label}
        leftSection={ICONS[link.label]}
        defaultOpened={link.children.some((child) => isActive(pathname, child.to))}
        childrenOffset={28}
      >
        {link.children.map((child) => (
          <NavLink
            key={child.to}
            component={Link}
            to={child.to}
            label={child.label}
            active={isActive(pathname, child.to)}
            onClick={onNavigate}
          />
        ))}
      </NavLink>
    ) : (
      <NavLink
        key={link.label}
        component={Link}
        to={link.to}
        label={link.label}
        leftSection={ICONS[link.label]}
        active={isActive(pathname, link.to)}
        onClick={onNavigate}
      />
    );
  return (
    <ScrollArea component="nav" aria-label="Main" h="100%">
      {links.map(render)}
    </ScrollArea>
  );
}
