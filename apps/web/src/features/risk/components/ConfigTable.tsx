import { useState, type ReactNode } from 'react';
import { Alert, Button, FileButton, Group, List, Modal } from '@mantine/core';
import { IconDownload, IconPlus, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmStatusDialog, nextStatus, type StatusItem } from '../../../components/ConfirmStatusDialog';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { StatusFilter } from '../../../components/data-table/StatusFilter';
import { toListQuery, useListState } from '../../../components/data-table/use-list-state';
import { StatusBadge } from '../../../components/StatusBadge';
import { ApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { RISK_CONFIG_KEY } from '../api/keys';
import { exportTable, importTable, tableListPath, useTableRows } from '../api/table-pages';
import { useConfigSave } from './use-config-save';

export interface ConfigRow {
  _id: string;
  status: 'active' | 'archived';
}

interface ConfigTableProps<T extends ConfigRow> {
  page: string;
  /** Names the table for assistive technology. */
  caption: string;
  /** What one row is called on buttons: 'country', 'stop word'. */
  noun: string;
  columns: readonly Column<T>[];
  titleOf: (row: T) => string;
  canAdd?: boolean;
  /** The add/edit form; it calls onClose when saved or cancelled. */
  renderForm: (props: { item: T | null; onClose: () => void }) => ReactNode;
  /** Saves a whole row (an archive or activate sends the row with its new status). */
  saveRow: (row: T) => Promise<{ message: string; data: unknown }>;
  searchPlaceholder?: string;
}

const MAX_SHOWN_ERRORS = 8;

/**
 * A table page of the engine: search (on Enter), sort, pagination, status filter, add, edit,
 * archive/activate with the confirmation, CSV import (all rows or none; the rows at fault are
 * listed) and CSV export.
 */
export function ConfigTable<T extends ConfigRow>(props: ConfigTableProps<T>) {
  const { page, noun } = props;
  const { state, update } = useListState({ sortOrder: 'asc' });
  const list = useTableRows<T>(page, toListQuery(state));
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const [toggling, setToggling] = useState<(StatusItem & { row: T }) | null>(null);
  const [importErrors, setImportErrors] = useState<string[]>([]);
  const [isImporting, setImporting] = useState(false);
  const [isExporting, setExporting] = useState(false);
  const toggle = useConfigSave(page, { onClose: () => setToggling(null) });

  async function onImport(file: File | null): Promise<void> {
    if (!file) return;
    setImporting(true);
    setImportErrors([]);
    try {
      const response = await importTable(page, { name: file.name, content: await file.text() });
      toastSuccess(response.message);
      await queryClient.invalidateQueries({ queryKey: ['list', tableListPath(page)] });
      await queryClient.invalidateQueries({ queryKey: [RISK_CONFIG_KEY] });
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : 'There is something wrong';
      const all = caught instanceof ApiError && caught.errors ? Object.values(caught.errors).flat() : [message];
      setImportErrors(all);
      toastError(message);
    } finally {
      setImporting(false);
    }
  }

  async function onExport(): Promise<void> {
    setExporting(true);
    try {
      await exportTable(page);
    } catch (caught) {
      toastError(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setExporting(false);
    }
  }

  const columns: Column<T>[] = [
    ...props.columns,
    { key: 'status', title: 'Status', render: (row) => <StatusBadge status={row.status} /> },
    {
      key: 'action',
      title: 'Action',
      sortable: false,
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="compact-sm" variant="default" onClick={() => setEditing({ item: row })} aria-label={`Edit ${props.titleOf(row)}`}>
            Edit
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color={nextStatus(row.status) === 'archived' ? 'red' : 'green'}
            onClick={() => setToggling({ _id: row._id, title: props.titleOf(row), status: row.status, row })}
            aria-label={`${nextStatus(row.status) === 'archived' ? 'Archive' : 'Activate'} ${props.titleOf(row)}`}
          >
            {nextStatus(row.status) === 'archived' ? 'Archive' : 'Activate'}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      {importErrors.length > 0 ? (
        <Alert
          color="red"
          title="The file was not imported; nothing in it was applied"
          withCloseButton
          onClose={() => setImportErrors([])}
          role="alert"
        >
          <List size="sm">
            {importErrors.slice(0, MAX_SHOWN_ERRORS).map((text) => (
              <List.Item key={text}>{text}</List.Item>
            ))}
          </List>
          {importErrors.length > MAX_SHOWN_ERRORS ? `…and ${importErrors.length - MAX_SHOWN_ERRORS} more` : null}
        </Alert>
      ) : null}
      <DataTable
        caption={props.caption}
        columns={columns}
        rows={list.data?.rows}
        rowKey={(row) => row._id}
        total={list.data?.pagination.total ?? 0}
        state={state}
        onStateChange={update}
        isLoading={list.isPending}
        error={list.error}
        searchPlaceholder={props.searchPlaceholder}
        toolbar={
          <>
            <StatusFilter state={state} onStateChange={update} />
            <FileButton onChange={(file) => void onImport(file)} accept=".csv,text/csv">
              {(buttonProps) => (
                <Button {...buttonProps} variant="default" leftSection={<IconUpload size={16} />} loading={isImporting}>
                  Import CSV
                </Button>
              )}
            </FileButton>
            <Button variant="default" leftSection={<IconDownload size={16} />} loading={isExporting} onClick={() => void onExport()}>
              Export CSV
            </Button>
            {props.canAdd === false ? null : (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ item: null })}>
                Add {noun}
              </Button>
            )}
          </>
        }
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.item ? `Edit ${props.titleOf(editing.item)}` : `Add ${noun}`}
        size="lg"
        centered
      >
        {editing ? props.renderForm({ item: editing.item, onClose: () => setEditing(null) }) : null}
      </Modal>
      <ConfirmStatusDialog
        item={toggling}
        isSaving={toggle.isSaving}
        onCancel={() => setToggling(null)}
        onConfirm={(item) => {
          if (toggling) void toggle.run(() => props.saveRow({ ...toggling.row, status: item.status }));
        }}
      />
    </>
  );
}
