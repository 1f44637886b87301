import { Card, Table, Title } from '@mantine/core';
import { LIST_FORMAT_LABELS } from '@sanad/contracts/screening';
import { ErrorAlert } from '../../../components/form/ErrorAlert';
import { NoRecords } from '../../../components/NoRecords';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDateTime } from '../../../lib/format';
import { useRecentImports } from '../api/list-imports';

const STATUS: Record<string, string> = { queued: 'pending', processing: 'processing', completed: 'completed', failed: 'rejected' };

export function RecentImports() {
  const { data, error } = useRecentImports();
  return (
    <Card withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="sm">
        Recent imports
      </Title>
      <ErrorAlert message={error?.message} />
      {data && data.length === 0 ? <NoRecords /> : null}
      {data && data.length > 0 ? (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Started</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Format</Table.Th>
                <Table.Th>List</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Result</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((row) => (
                <Table.Tr key={row._id}>
                  <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
                  <Table.Td>{row.kind === 'delta' ? 'Delta' : 'Full'}</Table.Td>
                  <Table.Td>{LIST_FORMAT_LABELS[row.format as keyof typeof LIST_FORMAT_LABELS] ?? row.format}</Table.Td>
                  <Table.Td>{row.listKey ?? '-'}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={STATUS[row.status]} />
                  </Table.Td>
                  <Table.Td>
                    {row.status === 'failed'
                      ? `${row.errorRow ? `Row ${row.errorRow}: ` : ''}${row.errorReason ?? ''}`
                      : row.versionNo
                        ? `Version ${row.versionNo}`
                        : row.status === 'completed'
                          ? 'No change'
                          : '-'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Card>
  );
}
