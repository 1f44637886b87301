import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Stack, Text, Title, Group } from '@mantine/core';
import { SignatureImage } from '../../../components/signature-panel/SignatureImage';
import type { RecordLine, RecordSection } from './record-sections';
import { StoredFileLink } from './StoredFileLink';

/** A line's value: its text, a link to the file it names, or the signature image. */
function LineValue({ entry }: { entry: RecordLine }) {
  if (entry.file?.kind === 'signature') return <SignatureImage sign={entry.file.fileName} />;
  if (entry.file) return <StoredFileLink fileName={entry.file.fileName} label={entry.value} />;
  return entry.value;
}

/**
 * The sections of a customer record as label/value lists: one column on a phone, two from a
 * tablet up. Long values wrap instead of being cut.
 */
export function RecordSections({
  sections,
  renderAction,
  emptyText = 'Not given',
}: {
  sections: readonly RecordSection[];
  renderAction?: (section: RecordSection) => ReactNode;
  /** What an empty section says (the public preview says it in the customer's language). */
  emptyText?: string;
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
              {emptyText}
            </Text>
          ) : (
            <Stack gap={6} component="dl" m={0}>
              {section.lines.map((entry) => (
                <Group key={entry.label} gap="xs" align={entry.file?.kind === 'signature' ? 'flex-start' : 'baseline'} wrap="wrap">
                  <Text component="dt" size="sm" c="dimmed" miw={140}>
                    {entry.label}
                  </Text>
                  <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', flex: 1, minWidth: 120 }}>
                    <LineValue entry={entry} />
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
