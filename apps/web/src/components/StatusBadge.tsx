import { Badge } from '@mantine/core';
import { statusBadge } from '@sanad/contracts/status-labels';

export function StatusBadge({ status }: { status: string | null | undefined }) {
  const { label, tone } = statusBadge(status);
  return (
    <Badge color={tone} variant={tone === 'dark' ? 'filled' : 'light'} radius="sm" tt="none">
      {label}
    </Badge>
  );
}
