import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { TAlertListItem } from '@sanad/contracts/alerts';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { alertRowHighlight, slaText } from './overdue';

afterEach(cleanup);

const NOW = new Date('2026-03-10T12:00:00Z');
const HOUR = 60 * 60 * 1000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR).toISOString();

describe('the alert SLA in the list', { timeout: 30_000 }, () => {
  it('says how long an open alert is overdue, or when it is due; nothing without an SLA or once decided', () => {
    expect(slaText({ state: 'open', dueAt: at(-5), isOverdue: true }, NOW)).toBe('Overdue by 5 h');
    expect(slaText({ state: 'open', dueAt: at(-72), isOverdue: true }, NOW)).toBe('Overdue by 3 days');
    expect(slaText({ state: 'open', dueAt: at(30), isOverdue: false }, NOW)).toBe('Due in 30 h');
    expect(slaText({ state: 'open', dueAt: at(-0.25), isOverdue: true }, NOW)).toBe('Overdue by 15 min');
    expect(slaText({ state: 'open', dueAt: null, isOverdue: false }, NOW)).toBeNull();
    expect(slaText({ state: 'closed', dueAt: at(-5), isOverdue: false }, NOW)).toBeNull();
  });

  it('highlights exactly the overdue rows of the table', () => {
    const rows = [
      { _id: 'late', isOverdue: true },
      { _id: 'fresh', isOverdue: false },
    ] as TAlertListItem[];
    const columns: Column<TAlertListItem>[] = [{ key: 'id', title: 'Alert', render: (row) => row._id }];
    render(
      <MantineProvider env="test">
        <DataTable
          caption="Alerts"
          columns={columns}
          rows={rows}
          rowKey={(row) => row._id}
          total={2}
          state={{ startAt: 1, perPage: 10, keyword: '', sortBy: null, sortOrder: 'desc', status: null }}
          onStateChange={() => undefined}
          isLoading={false}
          highlightRow={alertRowHighlight}
        />
      </MantineProvider>,
    );
    expect(screen.getByText('late').closest('tr')?.getAttribute('data-highlight')).toBe('danger');
    expect(screen.getByText('fresh').closest('tr')?.hasAttribute('data-highlight')).toBe(false);
  });
});
