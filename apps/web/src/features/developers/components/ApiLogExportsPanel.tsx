import { Badge, Button, Group, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconFileExport, IconX } from '@tabler/icons-react';
import type { LogExportStatus } from '@sanad/contracts/system-logs';
import { ErrorAlert } from '../../../components/form/ErrorAlert';
import { formatDateTimeSeconds } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useApiLogExportMutations, useApiLogExports, type ApiLogFilters } from '../api/api-logs-api';

const STATUS: Record<LogExportStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  running: { label: 'Running', color: 'blue' },
  completed: { label: 'Completed', color: 'green' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
};

const TOASTS = {
  onSuccess: (message: string | void) => {
    if (message) toastSuccess(message);
  },
  onError: (caught: Error) => toastError(caught.message),
};

/** Export (the list's filters as CSV) and the caller's recent exports: Cancel while open, Download once completed. */
export function ApiLogExportsPanel({ filters }: { filters: ApiLogFilters }) {
  const { data: exports, error, isPending } = useApiLogExports();
  const { start, cancel, download } = useApiLogExportMutations();
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
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs" aria-label="Recent API-log exports">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Requested</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Entries</Table.Th>
                <Table.Th ta="right">Action</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {exports.map((row) => (
                <Table.Tr key={row._id}>
                  <Table.Td>{formatDateTimeSeconds(row.createdAt)}</Table.Td>
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
        </Table.ScrollContainer>
      ) : exports && !error ? (
        <Text size="sm" c="dimmed">
          No exports yet. Export writes the entries matching the filters below as a CSV file.
        </Text>
      ) : null}
    </Paper>
  );
}
