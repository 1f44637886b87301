import { Alert, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { COMPANY_REGISTER_LABELS, type TRegisterImport } from '@sanad/contracts/company-registry';
import { isImportRunning } from './register-imports';

const count = (value: number) => value.toLocaleString('en-GB');
const companies = (value: number) => `${count(value)} ${value === 1 ? 'company' : 'companies'}`;
const rows = (value: number) => `${count(value)} ${value === 1 ? 'row' : 'rows'}`;

function statusLine(run: TRegisterImport): string {
  if (run.status === 'queued') return `${run.sourceFile} is waiting to be imported`;
  if (run.status === 'running') return `Importing ${run.sourceFile}: ${companies(run.rowsStored)} stored so far`;
  if (run.status === 'completed')
    return `${run.sourceFile}: ${companies(run.rowsStored)} imported into ${COMPANY_REGISTER_LABELS[run.register]}, ${rows(run.rowsRefused)} refused`;
  return `${run.sourceFile} was not imported`;
}

/** One import as it runs and as it ended: the progress, the rows refused with their reasons, or why the file was refused. */
export function ImportProgress({ run }: { run: TRegisterImport }) {
  const isRunning = isImportRunning(run);
  return (
    <Stack gap="xs" aria-live="polite" data-testid="register-import-progress">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {statusLine(run)}
        </Text>
        {run.status === 'failed' ? null : <Text size="sm">{run.percentage}%</Text>}
      </Group>
      {run.status === 'failed' ? null : (
        <Progress
          value={run.percentage}
          animated={isRunning}
          color={run.status === 'completed' ? 'green' : 'brand'}
          aria-label="Import progress"
        />
      )}
      {run.status === 'failed' ? (
        <Alert color="red" role="alert" title="The file was refused">
          {run.error ?? 'The import stopped'}
          {run.rowsStored > 0 ? ` The ${companies(run.rowsStored)} stored before it stopped are kept.` : ''}
        </Alert>
      ) : null}
      {run.refusedRows.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm">
            Rows refused
            {run.rowsRefused > run.refusedRows.length ? ` (the first ${run.refusedRows.length} of ${count(run.rowsRefused)})` : ''}:
          </Text>
          <Table aria-label="Rows refused" striped withTableBorder layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={80}>Line</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {run.refusedRows.map((row) => (
                <Table.Tr key={row.line}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
    </Stack>
  );
}
