import { Badge, Group, Skeleton, Text, Tooltip } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';
import { useConfigVersion } from '../api/get-config-version';

/** The configuration version in force: every change makes a new one, and ratings name the one they used. */
export function VersionBadge() {
  const { data, error } = useConfigVersion();
  if (error)
    return (
      <Text size="sm" c="red">
        {error.message}
      </Text>
    );
  if (!data) return <Skeleton h={22} w={260} />;
  return (
    <Group gap="xs" wrap="nowrap" aria-label="Configuration version">
      <Badge variant="light" size="lg" radius="sm" tt="none" c="var(--mantine-color-text)" data-testid="config-version">
        Version {data.seq}
      </Badge>
      <Tooltip label={`Rating configuration ${data.version}; word lists ${data.wordListVersion}`} multiline w={320}>
        <Text size="sm" c="dimmed">
          {data.version.slice(0, 12)} · changed {formatDateTime(data.changedAt)} by {data.changedBy}
        </Text>
      </Tooltip>
    </Group>
  );
}
