import { Badge, Group, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import type { RouteMeta } from '../route-meta';
import { HEADER_MENUS, badgeText, visibleMenuItems } from './header-menu';
import classes from './shell.module.css';

export function HeaderMenu({ meta, scopes }: { meta: RouteMeta; scopes: readonly string[] }) {
  if (!meta.headerMenu) return null;
  const items = visibleMenuItems(HEADER_MENUS[meta.headerMenu], scopes, meta.auth === 'auth');
  return (
    <Group gap={4} component="nav" aria-label="Section" visibleFrom="md">
      {items.map((item) => {
        const isCurrent = item.sessionStep === meta.sessionStep;
        return (
          <UnstyledButton
            key={item.name}
            component={Link}
            to={item.to}
            className={classes.menuItem}
            data-active={isCurrent || undefined}
            aria-current={isCurrent ? 'page' : undefined}
          >
            {item.menuLabel}
            {item.dataLength !== undefined ? (
              <Badge size="sm" ml={6} circle={item.dataLength < 10}>
                {badgeText(item.dataLength)}
              </Badge>
            ) : null}
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
