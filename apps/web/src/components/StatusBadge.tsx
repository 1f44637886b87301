import { Badge } from '@mantine/core';
import { statusBadge } from '@sanad/contracts/status-labels';

export function StatusBadge({ status }: { status: string | null | undefined }) {
  const { label, tone } = statusBadge(status);
  // Light badges take the text colour: the tint's own shade is below WCAG AA contrast on it.
  return (
    <Badge color={tone} variant={tone === 'dark' ? 'filled' : 'light'} c={tone === 'dark' ? undefined : 'var(--mantine-color-text)'} radius="sm" tt="none">
      {label}
    </Badge>
  );
}
