import { Stack, Table, Text } from '@mantine/core';
import { COMPANY_REGISTER_LABELS, type TRegisterImport } from '@sanad/contracts/company-registry';
import { NoRecords } from '../../../components/NoRecords';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDateTime } from '../../../lib/format';

const STATUS: Record<TRegisterImport['status'], string> = {
  queued: 'pending',
  running: 'processing',
  completed: 'completed',
  failed: 'failed',
};

/**
 * The register files loaded, newest first: file, register and status, rows, when and by whom. Three
 * columns of fixed share that wrap, so on a phone every value is on screen without a sideways scroll.
 */
export function LoadedRegistersTable({ imports }: { imports: readonly TRegisterImport[] }) {
  if (imports.length === 0) return <NoRecords />;
  return (
    <Table aria-label="Register files loaded" striped layout="fixed" verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="44%">File</Table.Th>
          <Table.Th w="26%">Rows</Table.Th>
          <Table.Th w="30%">Loaded</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {imports.map((run) => (
          <Table.Tr key={run._id}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Text size="sm" fw={500}>
                {run.sourceFile}
              </Text>
              <Text size="xs" c="dimmed" mb={4}>
                {COMPANY_REGISTER_LABELS[run.register]}
              </Text>
              <StatusBadge status={STATUS[run.status]} />
            </Table.Td>
            <Table.Td>
              <Stack gap={0}>
                <Text size="sm">{run.rowsStored.toLocaleString('en-GB')} stored</Text>
                <Text size="xs" c="dimmed">
                  {run.rowsRefused.toLocaleString('en-GB')} refused
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Text size="sm">{formatDateTime(run.finishedAt ?? run.startedAt)}</Text>
              <Text size="xs" c="dimmed">
                {run.createdByName ? `by ${run.createdByName}` : 'command line'}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
