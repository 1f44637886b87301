import type { ReactNode } from 'react';
import { Card, Skeleton, Text } from '@mantine/core';

/** One headline figure of a dashboard; a skeleton while it loads. */
export function FigureCard({ label, value, hint }: { label: string; value: number | string | undefined; hint?: ReactNode }) {
  return (
    <Card withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={32} mt={6} w={80} />
      ) : (
        <Text fz={28} fw={700}>
          {typeof value === 'number' ? value.toLocaleString() : value}
        </Text>
      )}
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}
