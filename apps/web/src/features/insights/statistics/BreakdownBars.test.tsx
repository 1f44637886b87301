import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { TStatisticsBucket } from '@sanad/contracts/insights';
import { BreakdownBars, shareText } from './BreakdownBars';

const renderBars = (buckets: TStatisticsBucket[], total: number) =>
  render(
    <MantineProvider>
      <BreakdownBars buckets={buckets} total={total} />
    </MantineProvider>,
  );

describe('breakdown bars', () => {
  afterEach(cleanup);

  it('lists each bucket with its count and share of the customers counted', () => {
    renderBars(
      [
        { key: 'pep', label: 'PEP', count: 3 },
        { key: 'none', label: 'No hits', count: 1 },
      ],
      4,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['PEP3 (75%)', 'No hits1 (25%)']);
  });

  it('shows the empty state when nothing was counted', () => {
    renderBars([{ key: 'pending', label: 'Pending', count: 0 }], 0);
    expect(screen.getByText('No customers in this period')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('never rounds a share of a few customers down to 0%', () => {
    expect(shareText(3, 1_000_000)).toBe('<1%');
    expect(shareText(0, 10)).toBe('0%');
    expect(shareText(1, 3)).toBe('33%');
  });
});
