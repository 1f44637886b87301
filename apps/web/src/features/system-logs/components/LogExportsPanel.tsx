import { useState } from 'react';
import { Badge, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconFileExport, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { LogExportStatus, TLogExport } from '@sanad/contracts/system-logs';
import { toastError, toastSuccess } from '../../../lib/toast';
import { LOG_EXPORTS_KEY, cancelLogExport, downloadLogExport, startLogExport, useLogExports } from '../api/log-exports';
import type { LogFilters } from '../api/get-system-logs';
import { formatLogTime } from './LogDetailDialog';
import { ErrorAlert } from '../../../components/form/ErrorAlert';

const STATUS: Record<LogExportStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  running: { label: 'Running', color: 'blue' },
  completed: { label: 'Completed', color: 'green' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
};

const messageOf = (caught: unknown) => (caught instanceof Error ? caught.message : 'There is something wrong');

/** The Export button and the caller's recent exports: Cancel while pending or running, Download once completed. */
export function LogExportsPanel({ filters }: { filters: LogFilters & { keyword?: string } }) {
  const queryClient = useQueryClient();
  const { data: exports, error } = useLogExports();
  const [busy, setBusy] = useState<string | null>(null);

  async function run(key: string, action: () => Promise<string | void>): Promise<void> {
    setBusy(key);
    try {
      const message = await action();
      if (message) toastSuccess(message);
    } catch (caught) {
      // The api client puts the first entry of the server's errors map in the message (001 §8).
      toastError(messageOf(caught));
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: LOG_EXPORTS_KEY });
    }
  }

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Exports
        </Title>
        <Button leftSection={<IconFileExport size={16} />} loading={busy === 'start'} onClick={() => void run('start', () => startLogExport(filters))}>
          Export
        </Button>
      </Group>
      <ErrorAlert message={error?.message} />
      {exports && exports.length > 0 ? (
        <Table verticalSpacing="xs" aria-label="Recent exports">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Requested</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Entries</Table.Th>
              <Table.Th ta="right">Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {exports.map((row: TLogExport) => (
              <Table.Tr key={row._id}>
                <Table.Td>{formatLogTime(row.createdAt)}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS[row.status].color} variant="dot" tt="none">
                    {STATUS[row.status].label}
                  </Badge>
                  {row.error ? (
                    <Text size="xs" c="red.8">
                      {row.error}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{row.entries ?? '—'}</Table.Td>
                <Table.Td ta="right">
                  {row.status === 'pending' || row.status === 'running' ? (
                    <Button size="xs" variant="default" leftSection={<IconX size={14} />} loading={busy === row._id} onClick={() => void run(row._id, () => cancelLogExport(row._id))}>
                      Cancel
                    </Button>
                  ) : row.status === 'completed' && row.fileName ? (
                    <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} loading={busy === row._id} onClick={() => void run(row._id, () => downloadLogExport(row))}>
                      Download
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          No exports yet. Export writes the entries matching the filters below as a CSV file.
        </Text>
      )}
    </Paper>
  );
}
