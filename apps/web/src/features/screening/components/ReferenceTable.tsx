import { z } from 'zod';
import type { ZReferenceEntry } from '@sanad/contracts/screening';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { toListQuery, useListState } from '../../../components/data-table/use-list-state';
import { useList } from '../../../lib/list-api';

type ReferenceEntry = z.infer<typeof ZReferenceEntry>;

const COLUMNS: Column<ReferenceEntry>[] = [
  { key: 'code', title: 'Code', render: (row) => row.code },
  { key: 'name', title: 'Name', render: (row) => row.name },
  { key: 'parentCode', title: 'Parent', sortable: false, render: (row) => row.parentCode ?? '-' },
  { key: 'source', title: 'Source', render: (row) => row.source },
];

/** One vendor reference list (read-only): what a Dow Jones or World-Check import brought. */
export function ReferenceTable({ page, label }: { page: string; label: string }) {
  const { state, update } = useListState({ sortBy: 'name', sortOrder: 'asc' });
  const { data, error, isPending } = useList<ReferenceEntry>(`screening-data/references/${page}`, toListQuery(state));
  return (
    <DataTable
      caption={label}
      columns={COLUMNS}
      rows={data?.rows}
      rowKey={(row) => row._id}
      total={data?.pagination.total ?? 0}
      state={state}
      onStateChange={update}
      isLoading={isPending}
      error={error}
      emptyMessage="No entries yet: they arrive with a Dow Jones or World-Check import"
    />
  );
}
