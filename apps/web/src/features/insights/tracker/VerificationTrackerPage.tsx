import { useState } from 'react';
import { Badge, Card, Group, Progress, ScrollArea, Select, SimpleGrid, Skeleton, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { INSIGHT_ENDPOINTS } from '@sanad/contracts/insights.endpoints';
import { TRACKER_EXPIRING_HOURS, TRACKER_STAGES, type TTrackerJourney, type TVerificationTracker } from '@sanad/contracts/insights';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { useListState } from '../../../components/data-table/use-list-state';
import { FigureCard } from '../../../components/FigureCard';
import { NoRecords } from '../../../components/NoRecords';
import { ErrorAlert } from '../../../components/form/ErrorAlert';
import { FILTER_DATE_FORMAT, formatDateTime, toDay } from '../../../lib/format';
import { usePage } from '../../../lib/list-api';
import { useVerificationTracker } from '../api/get-verification-tracker';
import { useRangeInAddress } from '../use-range-in-address';
import { formatDuration, percentOf } from './tracker-format';

/** The funnel: how many journeys of the range got to each stage, wait there now, and stopped there. */
function StageTable({ data }: { data: TVerificationTracker }) {
  if (data.totals.sent === 0) return <NoRecords message="No registration links were sent in this period" />;
  return (
    <ScrollArea type="auto">
      <Table striped verticalSpacing="xs" miw={640}>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left', position: 'absolute', left: -9999 }}>Journeys by step</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Step</Table.Th>
            <Table.Th w="28%">Reached</Table.Th>
            <Table.Th ta="right">In flight here</Table.Th>
            <Table.Th ta="right">Dropped off here</Table.Th>
            <Table.Th ta="right">Drop-off rate</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.stages.map((row) => (
            <Table.Tr key={row.stage}>
              <Table.Td>{row.label}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Progress value={(row.reached / data.totals.sent) * 100} size="sm" style={{ flex: 1 }} aria-hidden />
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {row.reached.toLocaleString()} ({percentOf(row.reached, data.totals.sent)})
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td ta="right">{row.inFlight.toLocaleString()}</Table.Td>
              <Table.Td ta="right">{row.droppedOff.toLocaleString()}</Table.Td>
              <Table.Td ta="right">{row.stage === 'completed' ? '—' : percentOf(row.droppedOff, row.reached)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

const STAGE_LABEL: Record<string, string> = {
  'not-opened': 'Link not opened',
  'upload-document': 'Upload document',
  'record-video': 'Record video',
  'setup-profile': 'Setup profile',
  'account-info': 'Account info',
  'additional-info': 'Additional info',
  preview: 'Preview',
  finish: 'Finish',
};

const STEP_OPTIONS = TRACKER_STAGES.filter((stage) => stage !== 'completed').map((stage) => ({
  value: stage,
  label: STAGE_LABEL[stage] ?? stage,
}));

const COLUMNS: readonly Column<TTrackerJourney>[] = [
  { key: 'fullName', title: 'Name', render: (row) => row.fullName },
  { key: 'channel', title: 'Channel', sortable: false, render: (row) => (row.channel === 'sms' ? 'SMS' : 'Email') },
  { key: 'stage', title: 'Step reached', sortable: false, render: (row) => STAGE_LABEL[row.stage] ?? row.stage },
  { key: 'createdAt', title: 'First sent', render: (row) => formatDateTime(row.createdAt) },
  { key: 'progressedAt', title: 'Last progress', render: (row) => (row.progressedAt ? formatDateTime(row.progressedAt) : '—') },
  {
    key: 'expiresAt',
    title: 'Link expires',
    render: (row) => (
      <Group gap={6}>
        <span>{formatDateTime(row.expiresAt)}</span>
        {row.isExpiringSoon ? (
          <Badge color="orange" variant="light" size="sm">
            Expiring soon
          </Badge>
        ) : null}
      </Group>
    ),
  },
  { key: 'createdByName', title: 'Sent by', sortable: false, render: (row) => row.createdByName || '—' },
];

function JourneysInFlight() {
  const { state, update } = useListState({ sortBy: 'expiresAt', sortOrder: 'asc' });
  const [isExpiringOnly, setExpiringOnly] = useState(false);
  const query = usePage(INSIGHT_ENDPOINTS.trackerJourneys, {
    query: {
      startAt: state.startAt,
      perPage: state.perPage,
      keyword: state.keyword || undefined,
      sortBy: state.sortBy ?? undefined,
      sortOrder: state.sortOrder,
      step: (state.status as TTrackerJourney['stage'] | null) ?? undefined,
      expiringSoon: isExpiringOnly ? 'true' : undefined,
    },
  });
  return (
    <DataTable
      caption="Journeys in flight"
      columns={COLUMNS}
      rows={query.data?.rows}
      rowKey={(row) => row._id}
      total={query.data?.pagination.total ?? 0}
      state={state}
      onStateChange={update}
      isLoading={query.isPending}
      error={query.error}
      searchPlaceholder="Search by name, email or phone"
      emptyMessage={state.status || state.keyword || isExpiringOnly ? 'No journey in flight matches' : 'No journeys in flight'}
      toolbar={
        <>
          <Select
            aria-label="Step reached"
            placeholder="Any step"
            data={STEP_OPTIONS}
            value={state.status}
            onChange={(status) => update({ status })}
            clearable
            w={180}
          />
          <Switch
            label={`Expiring within ${TRACKER_EXPIRING_HOURS} hours`}
            checked={isExpiringOnly}
            onChange={(event) => {
              setExpiringOnly(event.currentTarget.checked);
              update({});
            }}
          />
        </>
      }
    />
  );
}

/** Deep-link journeys: where each stands, where they drop off, how long completion takes, and what is in flight (IN-03). */
export default function VerificationTrackerPage() {
  const [range, setRange] = useRangeInAddress();
  const [picker, setPicker] = useState<DatesRangeValue<string>>([range.from, range.to]);
  const [today] = useState(() => toDay(new Date()));
  const { data, error, isPending, isFetching } = useVerificationTracker(range);

  function onRangeChange(value: DatesRangeValue<string>): void {
    setPicker(value);
    const [from, to] = value;
    if (from && to) setRange({ from: toDay(from), to: toDay(to) });
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Verification Tracker
          </Title>
          <Text c="dimmed">Registration links sent to customers: how far each journey got and where journeys stop.</Text>
        </div>
        <DatePickerInput
          type="range"
          label="Links sent between"
          valueFormat={FILTER_DATE_FORMAT}
          value={picker}
          onChange={onRangeChange}
          maxDate={today}
          w={{ base: '100%', xs: 300 }}
          allowSingleDateInRange
        />
      </Group>

      <ErrorAlert message={error?.message} />

      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        <FigureCard label="Links sent" value={data?.totals.sent} />
        <FigureCard label="In flight" value={data?.totals.inFlight} />
        <FigureCard label="Completed" value={data?.totals.completed} />
        <FigureCard label="Expired" value={data?.totals.expired} />
        <FigureCard label="Revoked" value={data?.totals.revoked} />
        <FigureCard
          label="Median time to complete"
          value={data ? formatDuration(data.timeToComplete.medianSeconds) : undefined}
          hint={data?.timeToComplete.p90Seconds != null ? `90% within ${formatDuration(data.timeToComplete.p90Seconds)}` : undefined}
        />
      </SimpleGrid>

      <Card withBorder radius="md" p="lg" aria-busy={isFetching}>
        <Title order={2} size="h4">
          Journeys by step
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Each journey counts at every step up to the furthest it reached; it drops off where its link expired or was revoked.
        </Text>
        {isPending ? <Skeleton h={240} /> : data ? <StageTable data={data} /> : null}
      </Card>

      <Stack gap="xs">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h4">
            In flight now
          </Title>
          {data ? (
            <Text size="sm" c="dimmed">
              {data.now.inFlight.toLocaleString()} in flight, {data.now.expiringSoon.toLocaleString()} expiring within{' '}
              {TRACKER_EXPIRING_HOURS} hours (whenever sent)
            </Text>
          ) : null}
        </Group>
        <JourneysInFlight />
      </Stack>
    </Stack>
  );
}
