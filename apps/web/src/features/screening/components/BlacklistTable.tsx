import { useState } from 'react';
import { ActionIcon, Button, Group, Select, Tooltip } from '@mantine/core';
import { IconArchive, IconPencil, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ZHitType, type TBlacklistEntry, type TBlacklistEntryInput, type TBlacklistQuery } from '@sanad/contracts/screening';
import { SCREENING_ENDPOINTS } from '@sanad/contracts/screening.endpoints';
import { ConfirmStatusDialog, nextStatus, type StatusItem } from '../../../components/ConfirmStatusDialog';
import { countryName } from '../../../components/CountrySelect';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { StatusFilter } from '../../../components/data-table/StatusFilter';
import { useListState, type ListState } from '../../../components/data-table/use-list-state';
import { StatusBadge } from '../../../components/StatusBadge';
import { HIT_TYPE_OPTIONS, hitTypeLabel } from '../../../lib/hit-types';
import { usePage } from '../../../lib/list-api';
import { useSaveFlow } from '../../../lib/use-save-flow';
import { saveBlacklistEntry } from '../api/blacklist';
import { BlacklistEntryForm, toInput } from './BlacklistEntryForm';

const ENDPOINT = SCREENING_ENDPOINTS.blacklist;

/** The list query of the table's state; a status or hit type the server does not know is left out. */
function blacklistQuery(state: ListState, hitType: string | null) {
  const status = state.status === 'active' || state.status === 'archived' ? state.status : undefined;
  const hit = ZHitType.safeParse(hitType);
  const query: Omit<TBlacklistQuery, 'startAt' | 'perPage'> & { startAt: number; perPage: number } = {
    startAt: state.startAt,
    perPage: state.perPage,
    ...(state.keyword ? { keyword: state.keyword } : {}),
    ...(state.sortBy ? { sortBy: state.sortBy, sortOrder: state.sortOrder } : {}),
    ...(status ? { status } : {}),
    ...(hit.success ? { hitType: hit.data } : {}),
  };
  return query;
}

/**
 * The firm's own list (one list, shown by the black-list and sanad-list pages): search, sort,
 * pages, filters by status and hit type, add, edit, archive and activate.
 */
export function BlacklistTable({ canEdit }: { canEdit: boolean }) {
  const { state, update } = useListState({ sortBy: 'updatedAt', sortOrder: 'desc' });
  const [params, setParams] = useSearchParams();
  const hitType = params.get('hitType');
  const { data, error, isPending } = usePage(ENDPOINT, { query: blacklistQuery(state, hitType) });
  const [editing, setEditing] = useState<TBlacklistEntry | null | 'new'>(null);
  const [toggling, setToggling] = useState<StatusItem | null>(null);
  const form = useSaveFlow({ listPath: ENDPOINT.path, onClose: () => setEditing(null) });
  const toggle = useSaveFlow({ listPath: ENDPOINT.path, onClose: () => setToggling(null) });
  const rows = data?.rows;

  function filterHitType(value: string | null): void {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('startAt');
        if (value) next.set('hitType', value);
        else next.delete('hitType');
        return next;
      },
      { replace: true },
    );
  }

  function openForm(entry: TBlacklistEntry | 'new'): void {
    // The flow outlives the dialog: a failure from an earlier opening must not show in this one.
    form.clearErrors();
    setEditing(entry);
  }

  function save(input: TBlacklistEntryInput): Promise<unknown> {
    const id = editing && editing !== 'new' ? editing._id : null;
    return form.run(() => saveBlacklistEntry({ ...input, _id: id }));
  }

  async function confirmToggle(item: StatusItem): Promise<void> {
    const entry = rows?.find((row) => row._id === item._id);
    if (!entry) return;
    // The whole item goes back with its new status, as every status toggle does.
    await toggle.run(() => saveBlacklistEntry({ ...toInput(entry), status: item.status as 'active' | 'archived', _id: entry._id }));
  }

  const columns: Column<TBlacklistEntry>[] = [
    { key: 'entityId', title: 'Entry', render: (row) => row.entityId },
    { key: 'name', title: 'Name', render: (row) => row.name },
    { key: 'type', title: 'Type', sortable: false, render: (row) => row.type },
    { key: 'dateOfBirth', title: 'Date of birth', sortable: false, render: (row) => row.dateOfBirth || '-' },
    { key: 'nationality', title: 'Nationality', sortable: false, render: (row) => countryName(row.nationality) || '-' },
    { key: 'hitType', title: 'Hit type', render: (row) => hitTypeLabel(row.hitType) },
    { key: 'status', title: 'Status', render: (row) => <StatusBadge status={row.status} /> },
    {
      key: 'action',
      title: 'Action',
      sortable: false,
      render: (row) =>
        canEdit ? (
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Edit">
              <ActionIcon variant="subtle" aria-label={`Edit ${row.name}`} onClick={() => openForm(row)}>
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={nextStatus(row.status) === 'archived' ? 'Archive' : 'Activate'}>
              <ActionIcon
                variant="subtle"
                color={row.status === 'active' ? 'red' : 'green'}
                aria-label={`${nextStatus(row.status) === 'archived' ? 'Archive' : 'Activate'} ${row.name}`}
                onClick={() => setToggling({ _id: row._id, title: row.title, status: row.status })}
              >
                {row.status === 'active' ? <IconArchive size={16} /> : <IconRefresh size={16} />}
              </ActionIcon>
            </Tooltip>
          </Group>
        ) : null,
    },
  ];

  return (
    <>
      <DataTable
        caption="The firm's own list"
        columns={columns}
        rows={rows}
        rowKey={(row) => row._id}
        total={data?.pagination.total ?? 0}
        state={state}
        onStateChange={update}
        isLoading={isPending}
        error={error}
        toolbar={
          <>
            <StatusFilter state={state} onStateChange={update} />
            <Select
              aria-label="Hit type"
              size="xs"
              w={160}
              placeholder="Every hit type"
              data={HIT_TYPE_OPTIONS}
              value={ZHitType.safeParse(hitType).success ? hitType : null}
              onChange={filterHitType}
              clearable
            />
            {canEdit ? (
              <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => openForm('new')}>
                Add entry
              </Button>
            ) : null}
          </>
        }
      />
      {editing !== null ? (
        <BlacklistEntryForm entry={editing === 'new' ? null : editing} flow={form} onClose={() => setEditing(null)} onSave={save} />
      ) : null}
      <ConfirmStatusDialog
        item={toggling}
        isSaving={toggle.isSaving}
        onCancel={() => setToggling(null)}
        onConfirm={(item) => void confirmToggle(item)}
      />
    </>
  );
}
