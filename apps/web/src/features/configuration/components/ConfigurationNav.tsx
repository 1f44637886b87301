import { Group, ScrollArea, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useIsRouted } from '../../../lib/route-availability';
import { CONFIGURATION_HOME_PATH, visibleConfigurationGroups } from '../sections';
import classes from './configuration.module.css';

const isUnder = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * The secondary navigation of the configuration area, shown above every configuration page: the
 * home and each section the user may open. It scrolls sideways on a narrow screen.
 */
export function ConfigurationNav({ scopes }: { scopes: readonly string[] }) {
  const { pathname } = useLocation();
  const isRouted = useIsRouted();
  const sections = visibleConfigurationGroups(scopes, isRouted).flatMap((group) => group.sections);
  const links = [{ key: 'home', label: 'Overview', to: CONFIGURATION_HOME_PATH, isCurrent: pathname === CONFIGURATION_HOME_PATH }].concat(
    sections.map((section) => ({ key: section.key, label: section.label, to: section.to, isCurrent: isUnder(pathname, section.match) })),
  );
  return (
    <ScrollArea type="auto" offsetScrollbars mb="md" className={classes.navBar}>
      <Group component="nav" aria-label="Configuration" gap={4} wrap="nowrap" py={4}>
        {links.map((link) => (
          <UnstyledButton
            key={link.key}
            component={Link}
            to={link.to}
            className={classes.navItem}
            data-active={link.isCurrent || undefined}
            aria-current={link.isCurrent ? 'page' : undefined}
          >
            {link.label}
          </UnstyledButton>
        ))}
      </Group>
    </ScrollArea>
  );
}
