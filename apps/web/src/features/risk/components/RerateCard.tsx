import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Progress, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TRerateRun } from '@sanad/contracts/risk-rating';
import { RISK_LEVELS } from '@sanad/risk/risk-level';
import { ErrorAlert } from '../../../components/form/ErrorAlert';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDateTime } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { rerateOverviewQuery, useRerateOverview } from '../api/get-rerate-overview';
import { RISK_CONFIG_KEY } from '../api/keys';
import { startRerate } from '../api/start-rerate';

const STATUS_TEXT: Record<TRerateRun['status'], string> = {
  queued: 'Waiting for a worker',
  running: 'Re-rating',
  completed: 'Completed',
  failed: 'Failed',
  superseded: 'Stopped: the configuration changed meanwhile',
};

const when = (value: string | null) => (value ? formatDateTime(value) : '-');

/** How many customers moved from each level to each level. */
function MovesTable({ run }: { run: TRerateRun }) {
  const { summary } = run;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table withTableBorder withColumnBorders aria-label="Customers by level before and after">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Before ↓ · After →</Table.Th>
            {RISK_LEVELS.map((level) => (
              <Table.Th key={level} ta="right">
                <StatusBadge status={level} />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {RISK_LEVELS.map((from) => (
            <Table.Tr key={from}>
              <Table.Th>
                <StatusBadge status={from} />
              </Table.Th>
              {RISK_LEVELS.map((to) => (
                <Table.Td
                  key={to}
                  ta="right"
                  fw={from === to ? 400 : 700}
                  c={summary.moves[from][to] > 0 && from !== to ? undefined : 'dimmed'}
                >
                  {summary.moves[from][to].toLocaleString()}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RunSummary({ run }: { run: TRerateRun }) {
  const isActive = run.status === 'queued' || run.status === 'running';
  const percent = run.total > 0 ? Math.min(100, Math.round((run.processed / run.total) * 100)) : 100;
  const { summary } = run;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600}>{STATUS_TEXT[run.status]}</Text>
        <Text size="sm" c="dimmed">
          Started {when(run.startedAt ?? run.createdAt)} by {run.startedByName}
          {run.finishedAt ? ` · finished ${when(run.finishedAt)}` : ''}
        </Text>
      </Group>
      <Progress value={percent} animated={isActive} aria-label="Re-rating progress" />
      <Text size="sm">
        {run.processed.toLocaleString()} of {run.total.toLocaleString()} customers processed · {run.rated.toLocaleString()} rated ·{' '}
        {run.skipped.toLocaleString()} already rated with this version
      </Text>
      {run.error ? (
        <Alert color="orange" role="alert">
          {run.error}. The run continues from where it stopped when the job is retried or started again.
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label="Raised" value={summary.raised} />
        <Figure label="Lowered" value={summary.lowered} />
        <Figure label="Unchanged" value={summary.unchanged} />
        <Figure label="Rated for the first time" value={summary.newlyRated} />
      </SimpleGrid>
      <MovesTable run={run} />
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value.toLocaleString()}
      </Text>
    </div>
  );
}

/** What the confirmation says before a run starts: how many customers it will touch. */
export function rerateConfirmationText(customers: number): string {
  if (customers === 0) return 'This data segment has no customers yet: the run will rate nobody.';
  return `This re-rates ${customers.toLocaleString()} ${customers === 1 ? 'customer' : 'customers'} with the configuration in force. Their current ratings are kept in their history.`;
}

/**
 * Re-rate every customer of the segment with the configuration in force: a background job whose
 * progress and summary of level changes show here. Past ratings are kept as they were. Starting a
 * run asks for confirmation first, naming how many customers it will touch (counted afresh).
 */
export function RerateCard() {
  const { data, error } = useRerateOverview();
  const queryClient = useQueryClient();
  const [isStarting, setStarting] = useState(false);
  const [confirming, setConfirming] = useState<{ customers: number } | null>(null);
  const isActive = data?.lastRun?.status === 'queued' || data?.lastRun?.status === 'running';

  async function onAsk(): Promise<void> {
    setStarting(true);
    try {
      // The count shown is the segment's now, not the one on screen since the page was opened.
      const overview = await queryClient.fetchQuery({ ...rerateOverviewQuery(), staleTime: 0 });
      setConfirming({ customers: overview.customers });
    } catch (caught) {
      toastError(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setStarting(false);
    }
  }

  async function onStart(): Promise<void> {
    setStarting(true);
    try {
      const response = await startRerate();
      toastSuccess(response.message);
      await queryClient.invalidateQueries({ queryKey: [RISK_CONFIG_KEY, 'rerate'] });
    } catch (caught) {
      toastError(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setStarting(false);
      setConfirming(null);
    }
  }

  const isResume = Boolean(isActive && data?.lastRun?.error);
  return (
    <Paper withBorder radius="md" p="md" aria-busy={isActive}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Re-rate customers
        </Title>
        <Button
          leftSection={<IconRefresh size={16} />}
          onClick={() => void (isResume ? onStart() : onAsk())}
          loading={isStarting && confirming === null}
          disabled={!data || (isActive && !isResume)}
        >
          {isResume ? 'Resume re-rating' : 'Re-rate all customers'}
        </Button>
      </Group>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        closeOnClickOutside={false}
        centered
        title="Re-rate all customers?"
      >
        <Text mb="lg">{confirming ? rerateConfirmationText(confirming.customers) : ''}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(null)} disabled={isStarting}>
            Cancel
          </Button>
          <Button loading={isStarting} onClick={() => void onStart()}>
            Re-rate
          </Button>
        </Group>
      </Modal>
      {error ? (
        <ErrorAlert message={error.message} />
      ) : !data ? (
        <Skeleton h={120} />
      ) : (
        <Stack gap="md">
          <Text size="sm">
            {data.customers === 0
              ? 'This data segment has no customers yet.'
              : data.outdated === 0
                ? `All ${data.customers.toLocaleString()} customers are rated with the configuration in force.`
                : `${data.outdated.toLocaleString()} of ${data.customers.toLocaleString()} customers are rated with an earlier configuration (or not yet rated).`}
          </Text>
          {data.lastRun ? <RunSummary run={data.lastRun} /> : <Text c="dimmed">No re-rating has run yet.</Text>}
        </Stack>
      )}
    </Paper>
  );
}
