import { Badge, Group, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { TCustomerListItem } from '@sanad/contracts/customers';
import { customerIndicators } from './alert-indicators';

const COLOUR = { black: 'dark', danger: 'red', ok: 'green' } as const;

/** The alert indicators of one customer: black or red with a cross where something needs a look, green with a tick otherwise. */
export function AlertIndicators({
  customer,
}: {
  customer: Pick<TCustomerListItem, 'hitTypes' | 'documentStatuses' | 'riskLevel' | 'isDocumentExpired' | 'isReviewDue'>;
}) {
  const indicators = customerIndicators(customer);
  if (indicators.length === 0) {
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        Not rated
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="wrap">
      {indicators.map((indicator) => {
        const Icon = indicator.icon === 'cross' ? IconX : IconCheck;
        return (
          <Badge
            key={indicator.value}
            data-indicator={indicator.value}
            data-colour={indicator.colour}
            color={COLOUR[indicator.colour]}
            variant={indicator.colour === 'ok' ? 'light' : 'filled'}
            radius="sm"
            tt="none"
            leftSection={<Icon size={12} aria-label={indicator.icon === 'cross' ? 'needs review' : 'ok'} />}
            style={{ flexShrink: 0 }}
          >
            {indicator.label}
          </Badge>
        );
      })}
    </Group>
  );
}
