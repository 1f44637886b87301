import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ColumnChart, niceMaximum } from './ColumnChart';

describe('column chart', () => {
  it('rounds the axis up to a readable maximum', () => {
    expect(niceMaximum(0)).toBe(1);
    expect(niceMaximum(7)).toBe(10);
    expect(niceMaximum(13)).toBe(20);
    expect(niceMaximum(420)).toBe(500);
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
    expect(screen.getByRole('table', { name: 'Actions per day' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: '2026-11-21' })).toBeTruthy();
  });
});
