import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { THitComparison, THitDetail } from '@sanad/contracts/customer-profile';
import { CUSTOMER_PROFILE_ENDPOINTS } from '@sanad/contracts/customer-profile.endpoints';
import { api } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { hitTypeLabel } from '../../../lib/hit-types';
import { customerTabPath } from '../paths';
import { DETERMINATION_LABELS } from './hit-labels';

const OUTCOME_LABELS: Record<THitComparison['outcome'], { label: string; colour: string }> = {
  decisive: { label: 'Decisive', colour: 'red' },
  match: { label: 'Match', colour: 'orange' },
  partial: { label: 'Partial', colour: 'yellow' },
  mismatch: { label: 'Mismatch', colour: 'green' },
  'not-compared': { label: 'Not compared', colour: 'gray' },
};

function points(row: THitComparison): string {
  if (row.points === null) return '-';
  if (row.field === 'name') return String(Math.round(row.points));
  return row.points > 0 ? `+${row.points}` : String(row.points);
}

function Comparison({ detail }: { detail: THitDetail }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="comparison-heading">
      <Title order={2} size="h4" id="comparison-heading" mb="sm">
        Customer and listed entity
      </Title>
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing="xs" aria-label="Customer and listed entity">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Listed entity</Table.Th>
              <Table.Th>Outcome</Table.Th>
              <Table.Th ta="right">Points</Table.Th>
              <Table.Th>Why</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.comparison.map((row) => (
              <Table.Tr key={row.field}>
                <Table.Th scope="row">{row.label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.customer ?? '-'}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.listed.length > 0 ? row.listed.join(', ') : '-'}</Table.Td>
                <Table.Td>
                  <Badge variant="light" tt="none" color={OUTCOME_LABELS[row.outcome].colour}>
                    {OUTCOME_LABELS[row.outcome].label}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{points(row)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm" c="dimmed">
                    {row.detail ?? '-'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function Explanation({ detail }: { detail: THitDetail }) {
  const explanation = detail.explanation;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="explanation-heading">
      <Title order={2} size="h4" id="explanation-heading" mb="sm">
        Why it scored {Math.round(detail.hit.score)}
      </Title>
      {!explanation ? (
        <Text size="sm" c="dimmed">
          The screening engine kept no explanation for this hit.
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{explanation.summary}</Text>
          <Text size="sm" c="dimmed">
            Name score {Math.round(explanation.nameScore)} against the {explanation.listedNameType} name &lsquo;{explanation.listedName}
            &rsquo;; this hit type needs {explanation.threshold} to be raised.
          </Text>
          {explanation.words.length > 0 ? (
            <Table.ScrollContainer minWidth={420}>
              <Table verticalSpacing={4} aria-label="Word matches">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Customer&rsquo;s word</Table.Th>
                    <Table.Th>Listed word</Table.Th>
                    <Table.Th ta="right">Similarity</Table.Th>
                    <Table.Th>How</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {explanation.words.map((word, index) => (
                    <Table.Tr key={`${word.query}-${word.listed}-${index}`}>
                      <Table.Td>{word.query}</Table.Td>
                      <Table.Td>{word.listed}</Table.Td>
                      <Table.Td ta="right">{Math.round(word.similarity)}</Table.Td>
                      <Table.Td>{word.how}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
          {explanation.unmatchedQuery.length > 0 || explanation.unmatchedListed.length > 0 ? (
            <Text size="sm" c="dimmed">
              Not matched — customer: {explanation.unmatchedQuery.join(', ') || 'none'}; list:{' '}
              {explanation.unmatchedListed.join(', ') || 'none'}
            </Text>
          ) : null}
          {explanation.mixedScriptWords.length > 0 ? (
            <Alert color="orange" title="Letters of another script">
              Look-alike letters were folded in: {explanation.mixedScriptWords.join(', ')}
            </Alert>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}

function Listed({ detail }: { detail: THitDetail }) {
  const listed = detail.listed;
  const rows: Array<[string, string]> = [
    ['Names', listed.names.map((name) => `${name.full} (${name.type})`).join('; ')],
    ['Associates', listed.associates.map((associate) => `${associate.name} (${associate.relationship})`).join('; ')],
    ['Programmes', listed.programmes.join(', ')],
    ['Categories', listed.categories.join(', ')],
    ['Positions', listed.positions.join(', ')],
    ['Addresses', listed.addresses.join('; ')],
    ['Places of birth', listed.birthPlaces.join(', ')],
    ['Listed on', listed.listedOn ?? ''],
    ['Last changed by the list', listed.updatedOn ?? ''],
    ['Record status', listed.recordStatus ?? ''],
    ['Remarks', listed.remarks ?? ''],
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="listed-heading">
      <Title order={2} size="h4" id="listed-heading" mb="sm">
        Listed entity
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Source list
          </Text>
          <Text size="sm">
            {detail.hit.sourceList}
            {detail.hit.publisherName ? ` · ${detail.hit.publisherName}` : ''}
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Entity
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {listed.entityType} · {listed.entityId}
          </Text>
        </Stack>
        {rows
          .filter(([, value]) => value !== '')
          .map(([label, value]) => (
            <Stack gap={2} key={label}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {label}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </Stack>
          ))}
      </SimpleGrid>
    </Paper>
  );
}

/**
 * One screening hit (/customer-profiles/hit-detail/:id/:hitId): the listed entity beside the
 * customer field by field, what each field did to the score, the engine's explanation and the
 * decision; its back link is the customer's name-screening tab.
 */
export default function HitDetailPage() {
  const { id = '', hitId = '' } = useParams();
  const detail = useQuery({
    queryKey: ['hit-detail', id, hitId],
    queryFn: ({ signal }) => api(CUSTOMER_PROFILE_ENDPOINTS.hitDetail, { params: { id, hitId } }, { signal }),
  });
  const data = detail.data?.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={customerTabPath('name-screening', id)} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          Back to name screening
        </Group>
      </Anchor>
      {detail.error ? (
        <Alert color="red" role="alert" title="The hit could not be opened">
          {detail.error.message}
        </Alert>
      ) : !data ? (
        <Stack gap="md" aria-busy>
          <Skeleton h={36} w="50%" />
          <Skeleton h={240} />
        </Stack>
      ) : (
        <>
          <Stack gap={4}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {data.hit.fullName}
            </Title>
            <Group gap="xs" wrap="wrap">
              <Badge variant="light" tt="none">
                {hitTypeLabel(data.hit.hitType)}
              </Badge>
              <Badge variant="outline" tt="none">
                Score {Math.round(data.hit.score)}
              </Badge>
              <Badge
                variant="light"
                tt="none"
                color={data.hit.hitDetermination === 'open' ? 'orange' : data.hit.relevant ? 'red' : 'green'}
              >
                {DETERMINATION_LABELS[data.hit.hitDetermination]}
              </Badge>
              <Text size="sm" c="dimmed">
                for {data.customer.fullName} ({data.customer.sanadId})
              </Text>
            </Group>
            {data.hit.comments ? (
              <Text size="sm">
                &ldquo;{data.hit.comments}&rdquo;
                {data.decidedBy ? ` — ${data.decidedBy}` : ''}
                {data.decidedAt ? `, ${formatDateTime(data.decidedAt)}` : ''}
              </Text>
            ) : null}
            {data.goodGuy ? (
              <Text size="sm" c="dimmed">
                Remembered as not relevant: this entity raises no hit for this customer again unless the list changes it.
              </Text>
            ) : null}
          </Stack>
          <Comparison detail={data} />
          <Explanation detail={data} />
          <Listed detail={data} />
        </>
      )}
    </Stack>
  );
}
