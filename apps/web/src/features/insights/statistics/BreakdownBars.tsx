import { Group, Progress, Stack, Text } from '@mantine/core';
import type { TStatisticsBucket } from '@sanad/contracts/insights';
import { NoRecords } from '../../../components/NoRecords';

/** A share as a whole percentage, or below one as '<1%' so a handful of a million does not read 0%. */
export function shareText(count: number, total: number): string {
  if (total <= 0 || count <= 0) return '0%';
  const share = (count / total) * 100;
  return share < 1 ? '<1%' : `${Math.round(share)}%`;
}

/**
 * One breakdown as labelled bars: each bucket's count and its share of `total` (the customers
 * counted; a customer with two hit types or products counts under each, so those shares may add up
 * past 100%). A breakdown with nothing counted shows the empty state.
 */
export function BreakdownBars({
  buckets,
  total,
  color = 'brand',
  emptyMessage = 'No customers in this period',
}: {
  buckets: readonly TStatisticsBucket[];
  total: number;
  color?: string;
  emptyMessage?: string;
}) {
  if (total === 0 || buckets.every((bucket) => bucket.count === 0)) return <NoRecords message={emptyMessage} />;
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {buckets.map((bucket) => (
        <li key={bucket.key}>
          <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {bucket.label}
            </Text>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {bucket.count.toLocaleString()}{' '}
              <Text span size="xs" c="dimmed" fw={400}>
                ({shareText(bucket.count, total)})
              </Text>
            </Text>
          </Group>
          <Progress value={total > 0 ? (bucket.count / total) * 100 : 0} color={color} size="sm" aria-hidden />
        </li>
      ))}
    </Stack>
  );
}
