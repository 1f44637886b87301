import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useIsRouted } from '../../lib/route-availability';
import { useSessionUser } from '../../lib/session';
import { visibleConfigurationGroups } from './sections';
import classes from './components/configuration.module.css';

const headingId = (label: string) => `configuration-${label.toLowerCase().replace(/\W+/g, '-')}`;

/** The configuration home: every configuration page the user may open, grouped, each with what it does. */
export default function ConfigurationHomePage() {
  const user = useSessionUser();
  const isRouted = useIsRouted();
  const groups = visibleConfigurationGroups(user?.scopes ?? [], isRouted);

  return (
    <Stack gap="lg" data-testid="configuration-home">
      <div>
        <Title order={1} size="h2">
          Configuration
        </Title>
        <Text c="dimmed">How Sanad rates, screens and verifies your customers. You see the pages your role opens.</Text>
      </div>
      {groups.length === 0 ? (
        <Text>No configuration page is open to your role yet. Ask an administrator for the permission you need.</Text>
      ) : null}
      {groups.map((group) => (
        <section key={group.label} aria-labelledby={headingId(group.label)}>
          <Title order={2} size="h4" mb="xs" id={headingId(group.label)}>
            {group.label}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {group.sections.map((section) => (
              <Card key={section.key} withBorder radius="md" padding="md" component={Link} to={section.to} className={classes.card}>
                <Text fw={600}>{section.label}</Text>
                <Text size="sm" c="dimmed" mt={4}>
                  {section.description}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </section>
      ))}
    </Stack>
  );
}
