import { Badge } from '@mantine/core';
import { statusBadge } from '@sanad/contracts/status-labels';

/**
 * The status label the spec lists for each status. Coloured tones use the dot variant: the label
 * keeps the body text colour (Mantine's light variant puts green text on pale green at 3.8:1, below
 * WCAG AA's 4.5:1) and the dot carries the colour. The label is never cut: it keeps its width and
 * never wraps, so a crowded table scrolls rather than shortening it.
 */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const { label, tone } = statusBadge(status);
  return (
    <Badge
      color={tone}
      variant={tone === 'dark' ? 'filled' : 'dot'}
      radius="sm"
      tt="none"
      style={{ width: 'max-content', minWidth: 'max-content', flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
      data-badge="status"
    >
      {label}
    </Badge>
  );
}
