import { useState } from 'react';
import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconArchive, IconPencil, IconPlus, IconRefresh } from '@tabler/icons-react';
import type { TBlacklistEntry, TBlacklistEntryInput } from '@sanad/contracts/screening';
import { ConfirmStatusDialog, nextStatus, type StatusItem } from '../../../components/ConfirmStatusDialog';
import { countryName } from '../../../components/CountrySelect';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { StatusFilter } from '../../../components/data-table/StatusFilter';
import { toListQuery, useListState } from '../../../components/data-table/use-list-state';
import { StatusBadge } from '../../../components/StatusBadge';
import { hitTypeLabel } from '../../../lib/hit-types';
import { useList } from '../../../lib/list-api';
import { useSaveFlow } from '../../../lib/use-save-flow';
import { saveBlacklistEntry, type OwnListPage } from '../api/blacklist';
import { BlacklistEntryForm, toInput } from './BlacklistEntryForm';

/** The firm's own list: search, sort, pages, add, edit, archive and activate. */
export function OwnListTable({ page, canEdit }: { page: OwnListPage; canEdit: boolean }) {
  const { state, update } = useListState({ sortBy: 'updatedAt', sortOrder: 'desc' });
  const path = `screening-data/${page}`;
  const { data, error, isPending } = useList<TBlacklistEntry>(path, toListQuery(state));
  const [editing, setEditing] = useState<TBlacklistEntry | null | 'new'>(null);
  const [toggling, setToggling] = useState<StatusItem | null>(null);
  const form = useSaveFlow({ listPath: path, onClose: () => setEditing(null) });
  const toggle = useSaveFlow({ listPath: path, onClose: () => setToggling(null) });
  const rows = data?.rows;

  function openForm(entry: TBlacklistEntry | 'new'): void {
    // The flow outlives the dialog: a failure from an earlier opening must not show in this one.
    form.clearErrors();
    setEditing(entry);
  }

  function save(input: TBlacklistEntryInput): Promise<unknown> {
    const id = editing && editing !== 'new' ? editing._id : null;
    return form.run(() => saveBlacklistEntry(page, { ...input, _id: id }));
  }

  async function confirmToggle(item: StatusItem): Promise<void> {
    const entry = rows?.find((row) => row._id === item._id);
    if (!entry) return;
    // The whole item goes back with its new status (001 §4).
    await toggle.run(() => saveBlacklistEntry(page, { ...toInput(entry), status: item.status as 'active' | 'archived', _id: entry._id }));
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
        caption={page === 'black-list' ? 'Black-list entries' : "The firm's own list"}
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
