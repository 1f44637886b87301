import { useState } from 'react';
import { toListQuery, useListState } from '../../../components/data-table/use-list-state';
import { useList } from '../../../lib/list-api';
import { useSaveFlow } from '../../../lib/use-save-flow';

/**
 * The state of a Users list: its page in the address, the rows, the add/edit form (a new key
 * each time it opens, so it starts from the row's values) and the row whose status is toggled.
 */
export function useUsersList<T>(path: string) {
  const { state, update } = useListState();
  const query = useList<T>(path, toListQuery(state));
  const [form, setForm] = useState<{ row: T | null; key: number } | null>(null);
  const [selected, setSelected] = useState<T | null>(null);
  const toggle = useSaveFlow({ listPath: path, onClose: () => setSelected(null) });
  return {
    state,
    update,
    query,
    form,
    openForm: (row: T | null) => setForm({ row, key: Date.now() }),
    closeForm: () => setForm(null),
    selected,
    select: setSelected,
    toggle,
  };
}

export type UsersList<T> = ReturnType<typeof useUsersList<T>>;
