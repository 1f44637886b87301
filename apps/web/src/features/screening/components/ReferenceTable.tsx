import type { TListQuery } from '@sanad/contracts/http';
import type { TReferencePage } from '@sanad/contracts/screening';
import { SCREENING_ENDPOINTS } from '@sanad/contracts/screening.endpoints';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { useListState } from '../../../components/data-table/use-list-state';
import { usePage, type RowOf } from '../../../lib/list-api';

type ReferenceEntry = RowOf<typeof SCREENING_ENDPOINTS.references>;

const COLUMNS: Column<ReferenceEntry>[] = [
  { key: 'code', title: 'Code', render: (row) => row.code },
  { key: 'name', title: 'Name', render: (row) => row.name },
  { key: 'parentCode', title: 'Parent', sortable: false, render: (row) => row.parentCode ?? '-' },
  { key: 'source', title: 'Source', render: (row) => row.source },
];

/** One vendor reference list (read-only): what a Dow Jones or World-Check import brought. */
export function ReferenceTable({ page, label }: { page: TReferencePage; label: string }) {
  const { state, update } = useListState({ sortBy: 'name', sortOrder: 'asc' });
  const query: Pick<TListQuery, 'startAt' | 'perPage' | 'keyword' | 'sortBy' | 'sortOrder'> = {
    startAt: state.startAt,
    perPage: state.perPage,
    ...(state.keyword ? { keyword: state.keyword } : {}),
    ...(state.sortBy ? { sortBy: state.sortBy, sortOrder: state.sortOrder } : {}),
  };
  const { data, error, isPending } = usePage(SCREENING_ENDPOINTS.references, { params: { page }, query });
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
