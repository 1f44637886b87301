import type { ReactNode } from 'react';
import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TSimulationResult } from '@sanad/contracts/risk-rating';
import { OverrideTable } from '../../../components/OverrideTable';
import { RiskTable } from '../../../components/RiskTable';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate } from '../../../lib/format';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}

/** The full rating of the simulated subject: level, EDD, next review, and both tables of the spec. */
export function SimulationResult({ result }: { result: TSimulationResult }) {
  const { rating, screening } = result;
  return (
    <Stack gap="md" aria-live="polite">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            Rating
          </Title>
          <Badge variant="outline" color="gray" c="var(--mantine-color-text)" tt="none">
            Simulation: nothing was saved
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, md: 5 }}>
          <Figure label="Level">
            <span data-testid="simulated-level">
              <StatusBadge status={rating.level} />
            </span>
          </Figure>
          <Figure label="Total score">
            <Text fz="lg" fw={700}>
              {rating.totalScore ?? '-'}
            </Text>
            <Text size="xs" c="dimmed">
              from the score: {rating.scoreLevel}
            </Text>
          </Figure>
          <Figure label="Enhanced due diligence">
            <Badge color={rating.isEddRequired ? 'red' : 'green'} variant="light" c="var(--mantine-color-text)" tt="none">
              {rating.isEddRequired ? 'Required' : 'Not required'}
            </Badge>
          </Figure>
          <Figure label="Next review">
            <Text>{rating.nextReviewDate ? formatDate(rating.nextReviewDate) : 'None: handled as an alert'}</Text>
          </Figure>
          <Figure label="Configuration">
            <Text size="sm" ff="monospace">
              {rating.configVersion.slice(0, 12)}
            </Text>
          </Figure>
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          Risk table
        </Title>
        <RiskTable rows={rating.riskTable} />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          Override table
        </Title>
        <OverrideTable rows={rating.overrideTable} />
      </Paper>
      {screening.hits.length > 0 ? (
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="sm">
            Screening hits found
          </Title>
          <Table aria-label="Screening hits found">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Matched name</Table.Th>
                <Table.Th>List</Table.Th>
                <Table.Th>Hit type</Table.Th>
                <Table.Th ta="right">Score</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {screening.hits.map((hit, index) => (
                <Table.Tr key={index}>
                  <Table.Td>{hit.matchedName ?? '-'}</Table.Td>
                  <Table.Td>{hit.listName ?? '-'}</Table.Td>
                  <Table.Td>{hit.hitType}</Table.Td>
                  <Table.Td ta="right">{hit.score}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ) : null}
    </Stack>
  );
}
