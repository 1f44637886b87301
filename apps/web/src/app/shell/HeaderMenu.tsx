import { Badge, Group, Stack, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import type { IsRouted } from '../../lib/route-availability';
import type { RouteMeta } from '../../lib/route-meta';
import { HEADER_MENUS, badgeText, visibleMenuItems } from './header-menu';
import { useMenuCounts } from './menu-counts';
import classes from './shell.module.css';

/** The route's header menu: a row in the header, or a column inside the burger menu on a narrow screen. */
export function HeaderMenu({
  meta,
  scopes,
  isRouted,
  isStacked = false,
  onNavigate,
}: {
  meta: RouteMeta;
  scopes: readonly string[];
  isRouted: IsRouted;
  isStacked?: boolean;
  onNavigate?: () => void;
}) {
  const visible = meta.headerMenu ? visibleMenuItems(HEADER_MENUS[meta.headerMenu], scopes, meta.auth === 'auth', isRouted) : [];
  const items = useMenuCounts(visible, scopes);
  if (items.length === 0) return null;
  const links = items.map((item) => {
    const isCurrent = item.sessionStep === meta.sessionStep;
    return (
      <UnstyledButton
        key={item.name}
        component={Link}
        to={item.to}
        className={classes.menuItem}
        data-active={isCurrent || undefined}
        aria-current={isCurrent ? 'page' : undefined}
        onClick={onNavigate}
      >
        {item.menuLabel}
        {item.dataLength !== undefined ? (
          <Badge size="sm" ml={6} circle={item.dataLength < 10} data-testid={`menu-count-${item.name}`}>
            {badgeText(item.dataLength)}
          </Badge>
        ) : null}
      </UnstyledButton>
    );
  });
  return isStacked ? (
    <Stack gap={4} component="nav" aria-label="Section">
      {links}
    </Stack>
  ) : (
    <Group gap={4} component="nav" aria-label="Section" wrap="nowrap">
      {links}
    </Group>
  );
}
