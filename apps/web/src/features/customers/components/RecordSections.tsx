import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Stack, Text, Title, Group } from '@mantine/core';
import type { RecordSection } from './record-sections';

/**
 * The sections of a customer record as label/value lists: one column on a phone, two from a
 * tablet up. Long values wrap instead of being cut.
 */
export function RecordSections({
  sections,
  renderAction,
}: {
  sections: readonly RecordSection[];
  renderAction?: (section: RecordSection) => ReactNode;
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {sections.map((section) => (
        <Paper key={section.key} withBorder radius="md" p="md" component="section" aria-label={section.title}>
          <Group justify="space-between" mb="xs" wrap="nowrap">
            <Title order={3} size="h5">
              {section.title}
            </Title>
            {renderAction?.(section)}
          </Group>
          {section.lines.length === 0 ? (
            <Text size="sm" c="dimmed">
              Not given
            </Text>
          ) : (
            <Stack gap={6} component="dl" m={0}>
              {section.lines.map((entry) => (
                <Group key={entry.label} gap="xs" align="baseline" wrap="wrap">
                  <Text component="dt" size="sm" c="dimmed" miw={140}>
                    {entry.label}
                  </Text>
                  <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', flex: 1, minWidth: 120 }}>
                    {entry.value}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
