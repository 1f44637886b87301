import { Badge, Group, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { ALERT_INDICATOR_LABELS, ALERT_STATUS_LABELS, type TAlertIndicator, type TAlertStatus } from '@sanad/contracts/alerts';
import { alertIndicator } from '@sanad/contracts/status-labels';

const COLOURS = { black: 'dark', danger: 'red', ok: 'green' } as const;

const labelOf = (value: string) => ALERT_INDICATOR_LABELS[value as TAlertIndicator] ?? value.replace(/_/g, ' ');

/**
 * An alert's indicators: black for list hits and mismatched documents, red (danger) for expiry,
 * high and medium risk and a due periodic review, ok otherwise; a cross for the ones that call for
 * attention and a tick for the rest. The icon and the label carry the meaning, not the colour alone.
 */
export function AlertIndicators({ indicators }: { indicators: readonly string[] }) {
  if (indicators.length === 0)
    return (
      <Text size="sm" c="dimmed">
        -
      </Text>
    );
  return (
    <Group gap={4} wrap="wrap">
      {indicators.map((value) => {
        const { colour, icon } = alertIndicator(value);
        const Icon = icon === 'cross' ? IconX : IconCheck;
        return (
          <Badge
            key={value}
            color={COLOURS[colour]}
            variant={colour === 'ok' ? 'light' : 'filled'}
            radius="sm"
            tt="none"
            leftSection={<Icon size={12} aria-label={icon === 'cross' ? 'needs attention' : 'ok'} />}
            // The label is never cut: a narrow column wraps badges onto lines instead.
            style={{ width: 'max-content', minWidth: 'max-content', flexShrink: 0, overflow: 'visible' }}
            styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
            data-indicator={value}
            data-colour={colour}
          >
            {labelOf(value)}
          </Badge>
        );
      })}
    </Group>
  );
}

const STATUS_COLOURS: Record<TAlertStatus, string> = {
  open: 'blue',
  'return-alert': 'orange',
  'pending-checker': 'violet',
  'pending-approver': 'grape',
  approved: 'green',
  rejected: 'red',
};

/** Where the alert is in its review, in words. */
export function AlertStatusBadge({ status }: { status: TAlertStatus }) {
  return (
    <Badge
      color={STATUS_COLOURS[status]}
      variant="dot"
      radius="sm"
      tt="none"
      style={{ width: 'max-content', flexShrink: 0 }}
      data-alert-status={status}
    >
      {ALERT_STATUS_LABELS[status]}
    </Badge>
  );
}
