import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { EndpointDefinition } from '@sanad/contracts/endpoint';
import { toListQuery, useListState, type ListState } from '../../../components/data-table/use-list-state';
import { usePage, type ListPage, type RowOf } from '../../../lib/list-api';
import { useSaveFlow } from '../../../lib/use-save-flow';

export interface UsersList<T> {
  state: ListState;
  update: (change: Partial<ListState>) => void;
  query: UseQueryResult<ListPage<T>>;
  /** The add/edit form: a new key each time it opens, so it starts from the row's values. */
  form: { row: T | null; key: number } | null;
  openForm: (row: T | null) => void;
  closeForm: () => void;
  /** The row whose status is being changed. */
  selected: T | null;
  select: (row: T | null) => void;
  toggle: ReturnType<typeof useSaveFlow>;
}

/** The state of a list of the Users area, read from its list endpoint with the page kept in the address. */
export function useUsersList<E extends EndpointDefinition>(endpoint: E): UsersList<RowOf<E>> {
  const { state, update } = useListState();
  // The list state yields the common list query, which every list endpoint of this area takes.
  const input = { query: toListQuery(state) } as unknown as Parameters<typeof usePage<E>>[1];
  const query = usePage(endpoint, input);
  const [form, setForm] = useState<{ row: RowOf<E> | null; key: number } | null>(null);
  const [selected, setSelected] = useState<RowOf<E> | null>(null);
  const toggle = useSaveFlow({ listPath: endpoint.path, onClose: () => setSelected(null) });
  return {
    state,
    update,
    query,
    form,
    openForm: (row) => setForm({ row, key: Date.now() }),
    closeForm: () => setForm(null),
    selected,
    select: setSelected,
    toggle,
  };
}
