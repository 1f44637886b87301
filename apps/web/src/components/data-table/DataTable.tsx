import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, ScrollArea, Select, Skeleton, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSearch, IconSelector } from '@tabler/icons-react';
import { NoRecords } from '../NoRecords';
import { PAGE_SIZE_OPTIONS, isPageSizeSelectable, lastPage, paginationLabel } from './pagination';
import type { ListState } from './use-list-state';

export interface Column<T> {
  key: string;
  title: string;
  /** Sortable unless false; phone number, company name and action columns are not. */
  sortable?: boolean;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
}

export interface DataTableProps<T> {
  /** Names the table for assistive technology, e.g. 'System users'. */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  total: number;
  state: ListState;
  onStateChange: (change: Partial<ListState>) => void;
  isLoading: boolean;
  error?: Error | null;
  /** Filters and buttons shown beside the search box. */
  toolbar?: ReactNode;
  searchPlaceholder?: string;
  emptyMessage?: string;
  /**
   * Marks a row that needs attention (an overdue alert): a tinted background and a
   * `data-highlight` attribute; the row must also say why in words, never by colour alone.
   */
  highlightRow?: (row: T) => 'danger' | null;
  /** The least width before the table scrolls sideways (700 px); a column set made for phones sets less. */
  minWidth?: number;
}

function SortIcon({ isActive, order }: { isActive: boolean; order: 'asc' | 'desc' }) {
  if (!isActive) return <IconSelector size={14} aria-hidden />;
  return order === 'asc' ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />;
}

/**
 * The one list table of the app: search that fires on Enter, sortable headers, page sizes
 * 10/20/50/100/500, the spec's pagination label, previous/next disabled at the ends, and loading,
 * error and empty states. Cells wrap their text and never cut it; a table wider than its space
 * scrolls sideways.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { caption, columns, rowKey, state, onStateChange, error, toolbar } = props;
  // A failed load empties the table and stops the loader rather than leaving stale rows (HT-17).
  const rows = error ? [] : props.rows;
  const total = error ? 0 : props.total;
  const isLoading = Boolean(props.isLoading) && !error;
  const [keyword, setKeyword] = useState(state.keyword);
  const pages = lastPage(state.perPage, total);
  const searchPlaceholder = props.searchPlaceholder ?? 'Search and press Enter';

  function sortBy(column: Column<T>): void {
    if (column.sortable === false) return;
    const isSame = state.sortBy === column.key;
    onStateChange({ sortBy: column.key, sortOrder: isSame && state.sortOrder === 'asc' ? 'desc' : 'asc' });
  }

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="md" gap="sm">
        <TextInput
          aria-label="Search"
          placeholder={searchPlaceholder}
          title={searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={keyword}
          onChange={(event) => setKeyword(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onStateChange({ keyword: keyword.trim() });
          }}
          // Wide enough for its whole placeholder (one ch per character plus the icon), never wider than the row.
          w={{ base: '100%', sm: `min(100%, max(320px, calc(${searchPlaceholder.length}ch + 56px)))` }}
        />
        <Group gap="sm">{toolbar}</Group>
      </Group>

      {error ? (
        <Alert color="red" role="alert" mb="md">
          {error.message}
        </Alert>
      ) : null}

      <ScrollArea type="auto">
        <Table striped highlightOnHover verticalSpacing="sm" miw={props.minWidth ?? 700} aria-busy={isLoading}>
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left', position: 'absolute', left: -9999 }}>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th
                  key={column.key}
                  w={column.width}
                  ta={column.align}
                  aria-sort={state.sortBy === column.key ? (state.sortOrder === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {column.sortable === false ? (
                    column.title
                  ) : (
                    <UnstyledButton onClick={() => sortBy(column)} fw={700} fz="sm">
                      <Group gap={4} wrap="nowrap">
                        {column.title}
                        <SortIcon isActive={state.sortBy === column.key} order={state.sortOrder} />
                      </Group>
                    </UnstyledButton>
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {isLoading && !rows
              ? Array.from({ length: 3 }, (_, index) => (
                  <Table.Tr key={index}>
                    {columns.map((column) => (
                      <Table.Td key={column.key}>
                        <Skeleton h={16} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : rows?.map((row) => (
                  <Table.Tr
                    key={rowKey(row)}
                    data-highlight={props.highlightRow?.(row) ?? undefined}
                    bg={props.highlightRow?.(row) === 'danger' ? 'var(--mantine-color-red-light)' : undefined}
                  >
                    {columns.map((column) => (
                      <Table.Td key={column.key} ta={column.align}>
                        {column.render(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {!isLoading && rows && rows.length === 0 ? <NoRecords message={props.emptyMessage} /> : null}

      <Group justify="space-between" mt="md" gap="sm">
        <Group gap="xs">
          <Text size="sm">Rows per page</Text>
          <Select
            aria-label="Rows per page"
            data={PAGE_SIZE_OPTIONS}
            value={String(state.perPage)}
            onChange={(value) => value && onStateChange({ perPage: Number(value) })}
            disabled={!isPageSizeSelectable(total)}
            allowDeselect={false}
            w={90}
            size="xs"
          />
        </Group>
        <Text size="sm" aria-live="polite">
          {paginationLabel(state.startAt, state.perPage, total)}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" disabled={state.startAt <= 1} onClick={() => onStateChange({ startAt: state.startAt - 1 })}>
            Previous
          </Button>
          <Text size="sm">
            Page {Math.min(state.startAt, pages)} of {pages}
          </Text>
          <Button
            size="xs"
            variant="default"
            disabled={state.startAt >= pages}
            onClick={() => onStateChange({ startAt: state.startAt + 1 })}
          >
            Next
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
