import { SegmentedControl } from '@mantine/core';
import type { ListState } from './use-list-state';

const CHOICES = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
];

/** All, active or archived rows of a list; 'all' leaves the status out of the address. */
export function StatusFilter({ state, onStateChange }: { state: ListState; onStateChange: (change: Partial<ListState>) => void }) {
  return (
    <SegmentedControl
      aria-label="Status"
      size="xs"
      value={state.status ?? 'all'}
      onChange={(value) => onStateChange({ status: value === 'all' ? null : value })}
      data={CHOICES}
    />
  );
}
