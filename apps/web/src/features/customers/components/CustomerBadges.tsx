import { Badge, Group, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { alertIndicator } from '@sanad/contracts/status-labels';
import { StatusBadge } from '../../../components/StatusBadge';
import { hitTypeLabel } from '../../../lib/hit-types';

/** The risk level badge; a customer not rated yet says so rather than showing an empty badge. */
export function RiskBadge({ level }: { level: string | null | undefined }) {
  if (!level) {
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        Not rated
      </Text>
    );
  }
  return <StatusBadge status={level} />;
}

const INDICATOR_COLOUR = { black: 'dark', danger: 'red', ok: 'green' } as const;

/**
 * The screening hit types of a customer as the spec's alert indicators (black with a cross for
 * PEP, enforcement, black-list and sanction hits), or 'No Hit'.
 */
export function HitTypeBadges({ hitTypes }: { hitTypes: readonly string[] }) {
  if (hitTypes.length === 0) return <StatusBadge status={null} />;
  return (
    <Group gap={4} wrap="wrap">
      {hitTypes.map((type) => {
        const indicator = alertIndicator(type);
        const Icon = indicator.icon === 'cross' ? IconX : IconCheck;
        return (
          <Badge
            key={type}
            color={INDICATOR_COLOUR[indicator.colour]}
            variant="filled"
            radius="sm"
            tt="none"
            leftSection={<Icon size={12} aria-hidden />}
            style={{ flexShrink: 0 }}
          >
            {hitTypeLabel(type)}
          </Badge>
        );
      })}
    </Group>
  );
}
