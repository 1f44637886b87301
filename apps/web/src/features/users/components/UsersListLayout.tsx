import type { ReactNode } from 'react';
import { Box, Button, Group, Select, Stack, Title } from '@mantine/core';
import { ConfirmStatusDialog, type StatusItem } from '../../../components/ConfirmStatusDialog';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { StatusBadge } from '../../../components/StatusBadge';
import type { UsersList } from './use-users-list';
import { UsersTabs } from './UsersTabs';

interface UsersListLayoutProps<T extends Row> {
  heading: string;
  hasTabs: boolean;
  caption: string;
  /** The row's own columns; status and action follow. */
  columns: Column<T>[];
  /** The action cell, for users who may manage the list; '-' for the others. */
  renderActions: ((row: T) => ReactNode) | null;
  list: UsersList<T>;
  statuses: readonly string[];
  /** Filters shown before the status filter (the users lists' role). */
  filters?: ReactNode;
  searchPlaceholder: string;
  /** The add button, for users who may manage the list. */
  add: { label: string; icon: ReactNode } | null;
  /** The row as the confirmation names it; its status is the one the confirmation changes from. */
  statusItem: (row: T) => StatusItem;
  /** Saves the whole row with its new status. */
  saveStatus: (row: T, status: string) => Promise<{ message: string; data: unknown }>;
  /** The add/edit form. */
  children: ReactNode;
}

type Row = { _id: string; status: string };

const statusOptions = (statuses: readonly string[]) => [
  { value: '', label: 'All statuses' },
  ...statuses.map((status) => ({ value: status, label: status.charAt(0).toUpperCase() + status.slice(1) })),
];

/** A list page of the Users area: heading, tabs, the table with its status filter and add button, and the status confirmation. */
export function UsersListLayout<T extends Row>({ list, add, renderActions, statusItem, saveStatus, ...props }: UsersListLayoutProps<T>) {
  const { state, update, query, selected, toggle } = list;
  const columns: Column<T>[] = [
    ...props.columns,
    {
      key: 'status',
      title: 'Status',
      // The cell is never narrower than the whole badge: a crowded table scrolls rather than cut it.
      render: (row) => (
        <Box miw="max-content">
          <StatusBadge status={row.status} />
        </Box>
      ),
    },
    { key: 'action', title: 'Action', sortable: false, render: (row) => (renderActions ? renderActions(row) : '-') },
  ];
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {props.heading}
      </Title>
      {props.hasTabs ? <UsersTabs /> : null}
      <DataTable
        caption={props.caption}
        columns={columns}
        rows={query.data?.rows}
        rowKey={(row) => row._id}
        total={query.data?.pagination.total ?? 0}
        state={state}
        onStateChange={update}
        isLoading={query.isPending}
        // A failed load shows the raw error.
        error={query.error}
        searchPlaceholder={props.searchPlaceholder}
        toolbar={
          <Group gap="sm">
            {props.filters}
            <Select
              aria-label="Status"
              data={statusOptions(props.statuses)}
              value={state.status ?? ''}
              onChange={(value) => update({ status: value || null })}
              allowDeselect={false}
              w={150}
            />
            {add ? (
              <Button leftSection={add.icon} onClick={() => list.openForm(null)}>
                {add.label}
              </Button>
            ) : null}
          </Group>
        }
      />
      {props.children}
      <ConfirmStatusDialog
        item={selected ? statusItem(selected) : null}
        isSaving={toggle.isSaving}
        onCancel={() => list.select(null)}
        onConfirm={(item) => {
          if (selected) void toggle.run(() => saveStatus(selected, item.status));
        }}
      />
    </Stack>
  );
}
