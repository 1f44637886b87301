import type { ReactNode } from 'react';
import { Alert, AppShell, Burger, Button, Divider, Group, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import type { TProfile } from '@sanad/contracts/session';
import { GlobalLoadingOverlay } from '../../components/GlobalLoadingOverlay';
import { Logo } from '../../components/Logo';
import { LegalFooter } from '../../components/legal/LegalFooter';
import { accessNoticeText, dismissAccessNotice, useAccessNotice } from '../../lib/access-notice';
import { useMailboxStatus } from '../../lib/mailbox-status';
import { ACTIVITY_DASHBOARD_PATH } from '../../lib/paths';
import { useIsRouted } from '../../lib/route-availability';
import type { RouteMeta } from '../../lib/route-meta';
import { getActiveDataSegmentId } from '../../lib/session';
import { TrialBanner } from '../../features/subscription/components/TrialBanner';
import { UserGuide, UserGuideButton } from '../../features/user-guide/components/UserGuideButton';
import { ConfigurationNav } from '../../features/configuration/components/ConfigurationNav';
import { NotificationBell } from './NotificationBell';
import { DataSegmentSwitcher, useSegmentSwitch } from './DataSegmentSwitcher';
import { HeaderMenu } from './HeaderMenu';
import { ProfileMenu } from './ProfileMenu';
import { SessionExpiryAlert } from './SessionExpiryAlert';
import { Sidebar } from './Sidebar';
import classes from './shell.module.css';

/** From this width the header holds its menu, segment switcher, Upgrade and User Guide; below it they fold into the burger menu. */
const WIDE_SCREEN = '(min-width: 62em)';

const isConfigurationPath = (pathname: string) => pathname === '/configuration' || pathname.startsWith('/configuration/');

/**
 * The signed-in layout: header with logo, menu and Upgrade; with showSideBar also the sidebar, the
 * notification bell and the profile block; noTopHeader drops the header. On a narrow screen the
 * sidebar is a burger menu that also holds what the header has no room for; the profile menu (Sign
 * Out, Change Password) stays in the header.
 */
export function AppLayout({ meta, user, children }: { meta: RouteMeta; user: TProfile; children: ReactNode }) {
  const [isNavOpen, { toggle, close }] = useDisclosure(false);
  const [isGuideOpen, guide] = useDisclosure(false);
  const isWide = useMediaQuery(WIDE_SCREEN, true, { getInitialValueInEffect: false });
  const { pathname } = useLocation();
  const isRouted = useIsRouted();
  const segments = useSegmentSwitch();
  const isMailboxOn = useMailboxStatus();
  const notice = useAccessNotice(pathname);
  const hasHeader = !meta.noTopHeader;
  const hasSidebar = Boolean(meta.showSideBar);
  // Upgrade leads to /billing; it shows once that page exists (SH-61).
  const canUpgrade = user.scopes.includes('subscribe-package') && isRouted('/billing');
  const hasBell = hasSidebar && user.scopes.includes('notification-bar');
  const activeSegmentId = getActiveDataSegmentId();

  const headerExtras = (
    <>
      <DataSegmentSwitcher segments={segments} fullWidth={!isWide} />
      {canUpgrade ? (
        <Button component={Link} to="/billing" variant="light" color="accent" size="xs" onClick={close}>
          Upgrade
        </Button>
      ) : null}
      {user.userGuide ? <UserGuideButton onOpen={guide.open} /> : null}
    </>
  );

  return (
    <AppShell
      header={hasHeader ? { height: 64 } : undefined}
      navbar={hasSidebar ? { width: 260, breakpoint: 'md', collapsed: { mobile: !isNavOpen } } : undefined}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <a href="#main" className={classes.skipLink}>
        Skip to main content
      </a>
      {hasHeader ? (
        <AppShell.Header>
          <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="sm" wrap="nowrap" miw={0}>
              {hasSidebar ? (
                <Burger
                  opened={isNavOpen}
                  onClick={toggle}
                  hiddenFrom="md"
                  size="sm"
                  aria-label="Toggle navigation"
                  aria-expanded={isNavOpen}
                />
              ) : null}
              <Link to={ACTIVITY_DASHBOARD_PATH} aria-label="Sanad home" className={classes.homeLink}>
                <Logo />
              </Link>
              {isWide ? <HeaderMenu meta={meta} scopes={user.scopes} isRouted={isRouted} /> : null}
            </Group>
            <Group gap="sm" wrap="nowrap">
              {isWide || !hasSidebar ? headerExtras : null}
              {hasBell ? <NotificationBell canViewAll={user.scopes.includes('view-notifications')} /> : null}
              {hasSidebar ? <ProfileMenu user={user} isCompact={!isWide} isMailboxOn={isMailboxOn} /> : null}
            </Group>
          </Group>
        </AppShell.Header>
      ) : null}
      {hasSidebar ? (
        <AppShell.Navbar p="xs">
          {isWide ? null : (
            <Stack gap="xs" p="xs" data-testid="folded-header">
              {headerExtras}
              <HeaderMenu meta={meta} scopes={user.scopes} isRouted={isRouted} isStacked onNavigate={close} />
              <Divider />
            </Stack>
          )}
          <Sidebar user={user} onNavigate={close} />
        </AppShell.Navbar>
      ) : null}
      <AppShell.Main id="main" bg="var(--mantine-color-gray-0)" miw={0}>
        {notice ? (
          <Alert
            color="yellow"
            title="You were sent to this page"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={dismissAccessNotice}
            mb="md"
            role="status"
          >
            {accessNoticeText(notice)}
          </Alert>
        ) : null}
        {meta.publicRegistration ? null : <TrialBanner dataSegmentId={activeSegmentId} canUpgrade={canUpgrade} />}
        {isConfigurationPath(pathname) && meta.auth === 'auth' ? <ConfigurationNav scopes={user.scopes} /> : null}
        {children}
        <LegalFooter variant="shell" />
      </AppShell.Main>
      {user.userGuide ? <UserGuide user={user} dataSegmentId={activeSegmentId} opened={isGuideOpen} onClose={guide.close} /> : null}
      <SessionExpiryAlert />
      <GlobalLoadingOverlay />
    </AppShell>
  );
}
