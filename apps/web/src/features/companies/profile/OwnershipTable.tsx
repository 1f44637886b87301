import { Badge, Stack, Table, Text } from '@mantine/core';
import type { TOwnership } from '@sanad/contracts/companies';
import { NoRecords } from '../../../components/NoRecords';

/** Each natural person's effective ownership through every chain, with the beneficial owners flagged. */
export function OwnershipTable({ ownership }: { ownership: TOwnership }) {
  if (ownership.owners.length === 0) return <NoRecords message="No natural person is recorded in the structure yet" />;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder aria-label="Effective ownership">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Person</Table.Th>
            <Table.Th>Effective ownership</Table.Th>
            <Table.Th>UBO</Table.Th>
            <Table.Th>Through</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ownership.owners.map((owner) => (
            <Table.Tr key={owner.partyId} data-testid={`owner-${owner.name}`}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {owner.name}
                </Text>
                {owner.reasons.length > 0 ? (
                  <Text size="xs" c="dimmed">
                    {owner.reasons.map((reason) => (reason === 'ownership' ? 'Ownership' : reason)).join(', ')}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{owner.effectiveOwnership}%</Table.Td>
              <Table.Td>
                {owner.isUbo ? (
                  <Badge color="red" tt="none">
                    UBO
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    No
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  {owner.paths.length === 0 ? (
                    <Text size="xs" c="dimmed">
                      No shareholding
                    </Text>
                  ) : (
                    owner.paths.map((path) => (
                      <Text key={path.names.join('>')} size="xs" style={{ overflowWrap: 'anywhere' }}>
                        {path.names.join(' → ')} ({path.percent}%)
                      </Text>
                    ))
                  )}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
