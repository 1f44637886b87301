import type { ReactNode } from 'react';
import { Button, Grid, Group, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSessionUser } from '../../../lib/session';
import { ENGINE_NAV_GROUPS, pagePath, pageTitle } from '../engine-navigation';
import { VersionBadge } from './VersionBadge';

/**
 * The engine pages, grouped: a list beside the page on wide screens, compact rows above it
 * elsewhere, so the tables keep their width.
 */
function EngineNavigation({ page }: { page: string }) {
  return (
    <>
      <Paper withBorder radius="md" p="xs" component="nav" aria-label="Engine pages" visibleFrom="xl">
        {ENGINE_NAV_GROUPS.map((group) => (
          <div key={group.label}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt="sm" pb={4}>
              {group.label}
            </Text>
            {group.pages.map((name) => (
              <NavLink
                key={name}
                component={Link}
                to={pagePath(name)}
                label={pageTitle(name)}
                active={name === page}
                aria-current={name === page ? 'page' : undefined}
              />
            ))}
          </div>
        ))}
      </Paper>
      <Paper withBorder radius="md" p="sm" component="nav" aria-label="Engine pages" hiddenFrom="xl">
        <Stack gap={6}>
          {ENGINE_NAV_GROUPS.map((group) => (
            <Group key={group.label} gap={4} wrap="wrap">
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" w={160}>
                {group.label}
              </Text>
              {group.pages.map((name) => (
                <Button
                  key={name}
                  component={Link}
                  to={pagePath(name)}
                  size="compact-sm"
                  variant={name === page ? 'light' : 'subtle'}
                  color={name === page ? undefined : 'gray'}
                  aria-current={name === page ? 'page' : undefined}
                >
                  {pageTitle(name)}
                </Button>
              ))}
            </Group>
          ))}
        </Stack>
      </Paper>
    </>
  );
}

/**
 * The configuration area's own navigation: the sidebar's Configurations link goes to the onboarding
 * configuration, so the engine pages are listed here, grouped, beside the page.
 */
export function EngineLayout({
  page,
  title,
  description,
  children,
}: {
  page: string;
  /** The page's heading when it is not one of the named pages (a custom field's factor). */
  title?: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const user = useSessionUser();
  const canSimulate = Boolean(user?.scopes.includes('initiate-simulation-process'));
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Text size="sm" c="dimmed">
            Sanad Engine
          </Text>
          <Title order={1} size="h2">
            {title ?? pageTitle(page)}
          </Title>
        </div>
        <Group gap="md">
          <VersionBadge />
          {canSimulate ? (
            <Button component={Link} to="/configuration/simulate" variant="light" leftSection={<IconFlask size={16} />}>
              Simulate
            </Button>
          ) : null}
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, xl: 2 }}>
          <EngineNavigation page={page} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 10 }}>
          <Stack gap="md">
            {description ? (
              <Text c="dimmed" size="sm">
                {description}
              </Text>
            ) : null}
            {children}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
