import { Table, Text } from '@mantine/core';
import type { OverrideTableRow } from '@sanad/risk/risk-rating.types';
import { NoRecords } from './NoRecords';
import { StatusBadge } from './StatusBadge';

/**
 * The spec's override table (risk factor override, override-to, level). "Level" is the
 * rating's level after that override; overrides apply in order and only raise.
 */
export function OverrideTable({ rows, caption = 'Override table' }: { rows: readonly OverrideTableRow[]; caption?: string }) {
  if (rows.length === 0) return <NoRecords message="No override applies" />;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="xs" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Risk factor override</Table.Th>
            <Table.Th>Override to</Table.Th>
            <Table.Th>Level</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={`${row.source}-${row.code}-${index}`}>
              <Table.Td>
                {row.riskFactorOverride}
                {row.reason ? (
                  <Text size="xs" c="dimmed">
                    {row.reason}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <StatusBadge status={row.overrideTo} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <StatusBadge status={row.level} />
                {row.isRaised ? null : (
                  <Text size="xs" c="dimmed">
                    already at this level
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
