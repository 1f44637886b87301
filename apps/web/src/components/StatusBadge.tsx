import { Badge } from '@mantine/core';
import { statusBadge } from '@sanad/contracts/status-labels';

/**
 * The status label of 001 §4. Coloured tones use the dot variant: the label keeps the body text
 * colour (Mantine's light variant puts green text on pale green at 3.8:1, below WCAG AA's 4.5:1)
 * and the dot carries the colour. fit-content keeps the whole label in a crowded table.
 */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const { label, tone } = statusBadge(status);
  return (
    <Badge color={tone} variant={tone === 'dark' ? 'filled' : 'dot'} radius="sm" tt="none" miw="fit-content">
      {label}
    </Badge>
  );
}
