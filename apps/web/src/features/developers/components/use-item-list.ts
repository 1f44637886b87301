import { useState } from 'react';
import type { EndpointDefinition } from '@sanad/contracts/endpoint';
import { toListQuery, useListState } from '../../../components/data-table/use-list-state';
import { usePage, type RowOf } from '../../../lib/list-api';
import { useSaveFlow } from '../../../lib/use-save-flow';

/** A developer list: its page from the list endpoint, the row in the form, and the row whose status is changing. */
export function useItemList<E extends EndpointDefinition>(endpoint: E) {
  const { state, update } = useListState();
  // The list state yields the common list query, which both list endpoints of this area take.
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
    openForm: (row: RowOf<E> | null) => setForm({ row, key: Date.now() }),
    closeForm: () => setForm(null),
    selected,
    select: setSelected,
    toggle,
  };
}
