import type { ReactNode } from 'react';
import { AppShell, Burger, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import type { TProfile } from '@sanad/contracts/session';
import { GlobalLoadingOverlay } from '../../components/GlobalLoadingOverlay';
import { Logo } from '../../components/Logo';
import { LegalFooter } from '../../components/legal/LegalFooter';
import { getActiveDataSegmentId } from '../../lib/session';
import { TrialBanner } from '../../features/subscription/components/TrialBanner';
import { UserGuideButton } from '../../features/user-guide/components/UserGuideButton';
import { NotificationBell } from './NotificationBell';
import type { RouteMeta } from '../route-meta';
import { DataSegmentSwitcher } from './DataSegmentSwitcher';
import { HeaderMenu } from './HeaderMenu';
import { ProfileMenu } from './ProfileMenu';
import { SessionExpiryAlert } from './SessionExpiryAlert';
import { Sidebar } from './Sidebar';
import classes from './shell.module.css';

/**
 * The signed-in layout (001 §2): header with logo, menu and Upgrade; with showSideBar also the
 * sidebar, its responsive toggle, the notification bell and the profile block; noTopHeader drops
 * the header.
 */
export function AppLayout({ meta, user, children }: { meta: RouteMeta; user: TProfile; children: ReactNode }) {
  const [isNavOpen, { toggle, close }] = useDisclosure(false);
  const hasHeader = !meta.noTopHeader;
  const hasSidebar = Boolean(meta.showSideBar);
  const canUpgrade = user.scopes.includes('subscribe-package');
  const hasBell = hasSidebar && user.scopes.includes('notification-bar');
  const activeSegmentId = getActiveDataSegmentId();

  return (
    <AppShell
      header={hasHeader ? { height: 64 } : undefined}
      navbar={hasSidebar ? { width: 260, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } } : undefined}
      padding="lg"
    >
      <a href="#main" className={classes.skipLink}>
        Skip to main content
      </a>
      {hasHeader ? (
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="md" wrap="nowrap">
              {hasSidebar ? <Burger opened={isNavOpen} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" /> : null}
              <Link to="/insights/activity-dashboard" aria-label="Sanad home" className={classes.homeLink}>
                <Logo />
              </Link>
              <HeaderMenu meta={meta} scopes={user.scopes} />
            </Group>
            <Group gap="sm" wrap="nowrap">
              <DataSegmentSwitcher />
              {canUpgrade ? (
                <Button component={Link} to="/billing" variant="light" color="accent" size="xs">
                  Upgrade
                </Button>
              ) : null}
              {user.userGuide ? <UserGuideButton user={user} dataSegmentId={activeSegmentId} /> : null}
              {hasBell ? <NotificationBell canViewAll={user.scopes.includes('view-notifications')} /> : null}
              {hasSidebar ? <ProfileMenu user={user} /> : null}
            </Group>
          </Group>
        </AppShell.Header>
      ) : null}
      {hasSidebar ? (
        <AppShell.Navbar p="xs">
          <Sidebar user={user} onNavigate={close} />
        </AppShell.Navbar>
      ) : null}
      <AppShell.Main id="main" bg="var(--mantine-color-gray-0)">
        {meta.publicRegistration ? null : <TrialBanner dataSegmentId={activeSegmentId} canUpgrade={canUpgrade} />}
        {children}
        <LegalFooter variant="shell" />
      </AppShell.Main>
      <SessionExpiryAlert />
      <GlobalLoadingOverlay />
    </AppShell>
  );
}
