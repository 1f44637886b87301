import { Stack, Text } from '@mantine/core';
import type { TCheckState } from '@sanad/contracts/customer-verification';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDate } from '../../lib/format';

/**
 * A check's status, with the day and officer of its latest recorded outcome; named by `label` where
 * no column header names it (the phone layout shows both checks in one cell).
 */
export function CheckBadge({ state, label }: { state: TCheckState; label?: string }) {
  return (
    <Stack gap={2} align="flex-start">
      {label ? (
        <Text size="xs" c="dimmed" fw={600}>
          {label}
        </Text>
      ) : null}
      <StatusBadge status={state.status} />
      {state.checkedAt ? (
        <Text size="xs" c="dimmed">
          <span style={{ whiteSpace: 'nowrap' }}>{formatDate(state.checkedAt)}</span>
          {state.checkedBy ? <span style={{ overflowWrap: 'anywhere' }}>{` · ${state.checkedBy}`}</span> : null}
        </Text>
      ) : null}
    </Stack>
  );
}
