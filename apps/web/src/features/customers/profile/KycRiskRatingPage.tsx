import { useState } from 'react';
import { Alert, Badge, Group, Pagination, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { hasAnyPermission } from '@sanad/contracts/permissions';
import { RISK_ENDPOINTS } from '@sanad/contracts/risk.endpoints';
import { ZManualOverwriteSave, type TCustomerRiskRating } from '@sanad/contracts/risk-rating';
import { SaveForm } from '../../../components/form/SaveForm';
import { NoRecords } from '../../../components/NoRecords';
import { OverrideTable } from '../../../components/OverrideTable';
import { RiskTable } from '../../../components/RiskTable';
import { api } from '../../../lib/api';
import { formatDate, formatDateTime } from '../../../lib/format';
import { usePage } from '../../../lib/list-api';
import { useSessionUser } from '../../../lib/session';
import { useSaveFlow } from '../../../lib/use-save-flow';
import { RiskBadge } from '../components/CustomerBadges';
import { CustomerProfileLayout } from './CustomerProfileLayout';

const LEVEL_OPTIONS = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
  { value: 'sanction', label: 'Sanction' },
];

const TRIGGER_LABELS = { rating: 'Rated', rerate: 'Re-rated (configuration change)', 'manual-overwrite': 'Manual overwrite' } as const;

const HISTORY_PAGE_SIZE = 10;

function Current({ tab }: { tab: TCustomerRiskRating }) {
  const rating = tab.rating;
  if (!rating) return <NoRecords message="This customer has not been rated yet" />;
  const overwrite = rating.explanation.manualOverwrite;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="rating-heading">
        <Title order={2} size="h4" id="rating-heading" mb="sm">
          Rating in force
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Level
            </Text>
            <span data-testid="rating-level">
              <RiskBadge level={rating.level} />
            </span>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Computed level
            </Text>
            <RiskBadge level={rating.computedLevel} />
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Total score
            </Text>
            <Text size="sm">{rating.totalScore === null ? '-' : Math.round(rating.totalScore * 100) / 100}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Rated
            </Text>
            <Text size="sm">
              {formatDateTime(rating.createdAt)} · {rating.actorName || 'System'}
            </Text>
          </Stack>
        </SimpleGrid>
        <Group gap="sm" mt="sm">
          {rating.isEddRequired ? <Badge color="red">Enhanced due diligence required</Badge> : null}
          {rating.nextReviewDate ? <Text size="sm">Next review: {formatDate(rating.nextReviewDate)}</Text> : null}
          <Text size="sm" c="dimmed">
            Configuration {rating.configVersion}
          </Text>
        </Group>
        {overwrite?.isApplied ? (
          <Alert color="blue" mt="sm" title={`Level overwritten by hand to ${overwrite.level}`}>
            {overwrite.reason}
            {overwrite.by ? ` — ${overwrite.by}` : ''}
            {overwrite.at ? `, ${formatDateTime(overwrite.at)}` : ''}
          </Alert>
        ) : null}
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="risk-table-heading">
        <Title order={2} size="h4" id="risk-table-heading" mb="sm">
          Risk table
        </Title>
        <RiskTable rows={rating.explanation.riskTable} />
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="override-table-heading">
        <Title order={2} size="h4" id="override-table-heading" mb="sm">
          Override table
        </Title>
        <OverrideTable rows={rating.explanation.overrideTable} />
      </Paper>
    </Stack>
  );
}

function OverwriteForm({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const [level, setLevel] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const flow = useSaveFlow({
    onReset: () => {
      setLevel(null);
      setReason('');
    },
  });
  async function save() {
    const parsed = ZManualOverwriteSave.safeParse({ level: level ?? undefined, reason });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    const saved = await flow.run(() => api(RISK_ENDPOINTS.overwriteCustomerRating, { params: { id }, body: parsed.data }));
    if (saved) {
      setLevel(null);
      setReason('');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['customer-rating', id] }),
        queryClient.invalidateQueries({ queryKey: ['customer', id] }),
        queryClient.invalidateQueries({ queryKey: ['list'] }),
      ]);
    }
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="overwrite-heading">
      <Title order={2} size="h4" id="overwrite-heading">
        Manual overwrite
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Sets the level by hand. The reason is kept in the rating history and the audit trail; the overwrite stays until the profile is
        edited or someone overwrites it again.
      </Text>
      <SaveForm error={flow.error} isSaving={flow.isSaving} submitLabel="Overwrite level" onSubmit={save}>
        <Select
          label="New level"
          required
          data={LEVEL_OPTIONS}
          value={level}
          onChange={setLevel}
          error={errors.level ?? flow.fieldErrors.level?.[0]}
          maw={320}
        />
        <Textarea
          label="Reason"
          required
          autosize
          minRows={3}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={errors.reason ?? flow.fieldErrors.reason?.[0]}
        />
      </SaveForm>
    </Paper>
  );
}

function History({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const history = usePage(
    RISK_ENDPOINTS.customerRatingHistory,
    { params: { id }, query: { startAt: page, perPage: HISTORY_PAGE_SIZE } },
    { dataSegmentId: 'skip' },
  );
  const rows = history.data?.rows ?? [];
  const total = history.data?.pagination.total ?? 0;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="history-heading">
      <Title order={2} size="h4" id="history-heading" mb="sm">
        Rating history
      </Title>
      {history.isLoading ? (
        <Skeleton h={80} />
      ) : rows.length === 0 ? (
        <NoRecords message="No ratings yet" />
      ) : (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table striped verticalSpacing="xs" aria-label="Rating history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Why</Table.Th>
                  <Table.Th>Level</Table.Th>
                  <Table.Th>Computed</Table.Th>
                  <Table.Th ta="right">Score</Table.Th>
                  <Table.Th>Overwrite reason</Table.Th>
                  <Table.Th>By</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row._id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt)}</Table.Td>
                    <Table.Td>{TRIGGER_LABELS[row.trigger]}</Table.Td>
                    <Table.Td>
                      <RiskBadge level={row.level} />
                    </Table.Td>
                    <Table.Td>
                      <RiskBadge level={row.computedLevel} />
                    </Table.Td>
                    <Table.Td ta="right">{row.totalScore === null ? '-' : Math.round(row.totalScore * 100) / 100}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.overwriteReason ?? '-'}</Table.Td>
                    <Table.Td>{row.actorName || 'System'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {total > HISTORY_PAGE_SIZE ? (
            <Pagination mt="sm" total={Math.ceil(total / HISTORY_PAGE_SIZE)} value={page} onChange={setPage} size="sm" />
          ) : null}
        </>
      )}
    </Paper>
  );
}

/**
 * The KYC risk rating tab (/customer-profiles/kyc-risk-rating/:id): the rating in force with the
 * risk table (factor, score, level) and the override table as stored at the last rating, the
 * manual overwrite for holders of manually-overwrite, and the rating history.
 */
export default function KycRiskRatingPage() {
  const { id = '' } = useParams();
  const canOverwrite = hasAnyPermission(useSessionUser()?.scopes ?? [], ['manually-overwrite']);
  const rating = useQuery({
    queryKey: ['customer-rating', id],
    queryFn: ({ signal }) => api(RISK_ENDPOINTS.customerRating, { params: { id } }, { signal }),
  });
  return (
    <CustomerProfileLayout id={id} active="kyc-risk-rating">
      {() => (
        <>
          {rating.error ? (
            <Alert color="red" role="alert">
              {rating.error.message}
            </Alert>
          ) : !rating.data ? (
            <Skeleton h={240} />
          ) : (
            <Current tab={rating.data.data} />
          )}
          {canOverwrite ? <OverwriteForm id={id} /> : null}
          <History id={id} />
        </>
      )}
    </CustomerProfileLayout>
  );
}
