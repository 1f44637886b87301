import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { DataTable, type Column } from './DataTable';
import type { ListState } from './use-list-state';

interface Row {
  id: string;
  name: string;
}

const columns: Column<Row>[] = [{ key: 'name', title: 'Name', render: (row) => row.name }];
const state: ListState = { startAt: 1, perPage: 10, keyword: '', sortBy: 'name', sortOrder: 'asc', status: null };

const renderTable = (props: { rows: Row[]; total: number; isLoading: boolean; error: Error | null }) =>
  render(
    <MantineProvider>
      <DataTable caption="People" columns={columns} rowKey={(row) => row.id} state={state} onStateChange={() => undefined} {...props} />
    </MantineProvider>,
  );

afterEach(cleanup);

describe('the list table', () => {
  it('shows the rows and the pagination label of a loaded page', () => {
    renderTable({ rows: [{ id: '1', name: 'Amina Yusuf' }], total: 1, isLoading: false, error: null });
    expect(screen.queryByText('Amina Yusuf')).not.toBeNull();
    expect(screen.queryByText('Showing 1 to 1 of 1 records')).not.toBeNull();
  });

  it('empties the list and stops the loader when the load fails, showing the message', () => {
    renderTable({ rows: [{ id: '1', name: 'Amina Yusuf' }], total: 1, isLoading: true, error: new Error('There is something wrong') });
    expect(screen.queryByText('Amina Yusuf')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('There is something wrong');
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('false');
    expect(screen.getAllByText('No records found').length).toBeGreaterThan(0);
  });
});
