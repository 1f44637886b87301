import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OverrideTableRow, RiskTableRow } from '@sanad/risk/risk-rating.types';
import { OverrideTable } from './OverrideTable';
import { RiskTable } from './RiskTable';

const rows: RiskTableRow[] = [
  {
    factor: 'country',
    riskFactor: 'Country of residence / incorporation',
    value: 'Iran',
    values: [{ code: 'IR', title: 'Iran', score: 100, isMatched: true }],
    score: 100,
    level: 'high',
    weight: 10,
    weightShare: 0.1412,
    contribution: 14.12,
    status: 'scored',
  },
  {
    factor: 'state',
    riskFactor: 'State / province',
    value: null,
    values: [],
    score: null,
    level: null,
    weight: 0,
    weightShare: 0,
    contribution: 0,
    status: 'missing-excluded',
  },
];

const overrides: OverrideTableRow[] = [
  {
    source: 'factor-value',
    code: 'IR',
    factor: 'country',
    riskFactorOverride: 'Country: Iran',
    overrideTo: 'high',
    level: 'high',
    isRaised: true,
    reason: 'FATF call for action',
  },
];

describe('risk and override tables', () => {
  it("shows the spec's columns, the factor's share and why a factor did not count", () => {
    render(
      <MantineProvider>
        <RiskTable rows={rows} />
      </MantineProvider>,
    );
    const table = screen.getByRole('table', { name: 'Risk table' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Risk factor', 'Value', 'Score', 'Level', 'Weight', 'Adds']);
    const iran = within(table).getByRole('row', { name: /Iran/ });
    expect(iran.textContent).toContain('High Risk');
    expect(iran.textContent).toContain('14.1%');
    expect(within(table).getByText('Not given: left out of the total')).toBeDefined();
  });

  it('shows each override with the level after it, and says when none applies', () => {
    const { rerender } = render(
      <MantineProvider>
        <OverrideTable rows={overrides} />
      </MantineProvider>,
    );
    const table = screen.getByRole('table', { name: 'Override table' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Risk factor override', 'Override to', 'Level']);
    expect(within(table).getByText('FATF call for action')).toBeDefined();
    rerender(
      <MantineProvider>
        <OverrideTable rows={[]} />
      </MantineProvider>,
    );
    expect(screen.getByText('No override applies')).toBeDefined();
  });
});
