import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ColumnChart, axisTicks } from './ColumnChart';

describe('column chart', () => {
  it('labels the axis with whole numbers only, each once, in even steps', () => {
    expect(axisTicks(5)).toEqual([0, 2, 4, 6]);
    expect(axisTicks(2)).toEqual([0, 1, 2]);
    expect(axisTicks(3)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(1)).toEqual([0, 1]);
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(47)).toEqual([0, 20, 40, 60]);
    expect(axisTicks(420)).toEqual([0, 200, 400, 600]);
    for (let largest = 1; largest <= 1000; largest += 1) {
      const ticks = axisTicks(largest);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(new Set(ticks.slice(1).map((tick, index) => tick - (ticks[index] ?? 0))).size).toBe(1);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(largest);
    }
  });

  it('draws one column per day and series, with the figures in an accessible table', () => {
    render(
      <MantineProvider>
        <ColumnChart
          description="Actions per day"
          series={[
            { key: 'actions', label: 'Actions', color: 'green' },
            { key: 'signIns', label: 'Sign-ins', color: 'gold' },
          ]}
          data={[
            { label: '2026-11-20', values: { actions: 5, signIns: 2 } },
            { label: '2026-11-21', values: { actions: 3, signIns: 1 } },
          ]}
        />
      </MantineProvider>,
    );
    expect(screen.getByRole('img', { name: 'Actions per day' }).querySelectorAll('rect')).toHaveLength(4);
    expect(screen.queryByRole('table', { name: 'Actions per day' })).not.toBeNull();
    expect(screen.queryByRole('rowheader', { name: '2026-11-21' })).not.toBeNull();
  });
});
