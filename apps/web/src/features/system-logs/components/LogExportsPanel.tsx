import { Badge, Button, Group, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconFileExport, IconX } from '@tabler/icons-react';
import type { LogExportStatus, TLogExport } from '@sanad/contracts/system-logs';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useLogExportMutations, useLogExports } from '../api/log-exports';
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

/** Each action toasts the server's message; the api client puts the first entry of its errors map in a refusal's message. */
const TOASTS = {
  onSuccess: (message: string | void) => {
    if (message) toastSuccess(message);
  },
  onError: (caught: Error) => toastError(caught.message),
};

/** The Export button and the caller's recent exports: Cancel while pending or running, Download once completed. */
export function LogExportsPanel({ filters }: { filters: LogFilters & { keyword?: string } }) {
  const { data: exports, error, isPending } = useLogExports();
  const { start, cancel, download } = useLogExportMutations();

  return (
    <Paper withBorder radius="md" p="md" aria-busy={isPending}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Exports
        </Title>
        <Button leftSection={<IconFileExport size={16} />} loading={start.isPending} onClick={() => start.mutate(filters, TOASTS)}>
          Export
        </Button>
      </Group>
      <ErrorAlert message={error?.message} />
      {isPending ? <Skeleton h={72} /> : null}
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
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconX size={14} />}
                      loading={cancel.isPending && cancel.variables === row._id}
                      onClick={() => cancel.mutate(row._id, TOASTS)}
                    >
                      Cancel
                    </Button>
                  ) : row.status === 'completed' && row.fileName ? (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconDownload size={14} />}
                      loading={download.isPending && download.variables?._id === row._id}
                      onClick={() => download.mutate(row, TOASTS)}
                    >
                      Download
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : exports && !error ? (
        <Text size="sm" c="dimmed">
          No exports yet. Export writes the entries matching the filters below as a CSV file.
        </Text>
      ) : null}
    </Paper>
  );
}
