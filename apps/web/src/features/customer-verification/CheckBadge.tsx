import { Stack, Text } from '@mantine/core';
import type { TCheckState } from '@sanad/contracts/customer-verification';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDate } from '../../lib/format';

/** A check's status, with the day and officer of its latest recorded outcome. */
export function CheckBadge({ state }: { state: TCheckState }) {
  return (
    <Stack gap={2} align="flex-start">
      <StatusBadge status={state.status} />
      {state.checkedAt ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(state.checkedAt)}
          {state.checkedBy ? ` · ${state.checkedBy}` : ''}
        </Text>
      ) : null}
    </Stack>
  );
}
