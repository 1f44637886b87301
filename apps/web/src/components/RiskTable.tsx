import { Badge, Table, Text, Tooltip } from '@mantine/core';
import type { RiskTableRow } from '@sanad/risk/risk-rating.types';
import { StatusBadge } from './StatusBadge';

const STATUS_NOTES: Record<RiskTableRow['status'], string> = {
  scored: '',
  unmatched: 'Not in the table (or archived): scored as unknown',
  'missing-scored': 'Not given: scored as unknown',
  'missing-excluded': 'Not given: left out of the total',
  'not-applicable': 'Does not apply to this subject',
};

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

/**
 * The spec's risk table (risk factor, score, level), with what an examiner needs beside it:
 * the value that scored, the factor's share of the weights and what it added to the total. Shared
 * by the simulation page and the customer's KYC risk rating tab.
 */
export function RiskTable({ rows, caption = 'Risk table' }: { rows: readonly RiskTableRow[]; caption?: string }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Risk factor</Table.Th>
            <Table.Th>Value</Table.Th>
            <Table.Th ta="right">Score</Table.Th>
            <Table.Th>Level</Table.Th>
            <Table.Th ta="right">Weight</Table.Th>
            <Table.Th ta="right">Adds</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.factor}>
              <Table.Td>{row.riskFactor}</Table.Td>
              <Table.Td>
                {row.value ?? '-'}
                {row.values.length > 1 ? (
                  <Tooltip label={row.values.map((value) => `${value.title}: ${value.score}`).join(' · ')} multiline w={280}>
                    <Badge variant="light" color="gray" c="var(--mantine-color-text)" ml={6} size="sm">
                      +{row.values.length - 1}
                    </Badge>
                  </Tooltip>
                ) : null}
                {STATUS_NOTES[row.status] ? (
                  <Text size="xs" c="dimmed">
                    {STATUS_NOTES[row.status]}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ta="right">{row.score ?? '-'}</Table.Td>
              <Table.Td>{row.level ? <StatusBadge status={row.level} /> : '-'}</Table.Td>
              <Table.Td ta="right">{row.score === null ? '-' : percent(row.weightShare)}</Table.Td>
              <Table.Td ta="right">{row.score === null ? '-' : row.contribution}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
