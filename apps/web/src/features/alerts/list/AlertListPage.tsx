import { Anchor, Badge, Button, Collapse, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconAlarm, IconFilterOff, IconLock } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import {
  ALERT_INDICATOR_LABELS,
  ALERT_INDICATORS,
  ALERT_STATUS_LABELS,
  ALERT_STATUSES,
  ALERT_TYPES,
  type TAlertListItem,
} from '@sanad/contracts/alerts';
import { ALERT_ENDPOINTS } from '@sanad/contracts/alerts.endpoints';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { useListState } from '../../../components/data-table/use-list-state';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDateTime } from '../../../lib/format';
import { usePage } from '../../../lib/list-api';
import { AlertIndicators, AlertStatusBadge } from '../components/AlertBadges';
import { alertPath } from '../paths';
import { AGE_OPTIONS, EMPTY_FILTERS, alertListQuery, hasFilters, readFilters, writeFilters, type AlertFilters } from './alert-filters';
import { alertRowHighlight, slaText } from './overdue';

const TYPE_OPTIONS = ALERT_TYPES.map((value) => ({ value, label: value.replace(/^\w/, (first) => first.toUpperCase()) }));
const STATUS_OPTIONS = ALERT_STATUSES.map((value) => ({ value, label: ALERT_STATUS_LABELS[value] }));
const INDICATOR_OPTIONS = ALERT_INDICATORS.map((value) => ({ value, label: ALERT_INDICATOR_LABELS[value] }));
const ASSIGNEE_OPTIONS = [
  { value: 'me', label: 'Locked by me' },
  { value: 'none', label: 'Not locked' },
];
const SLA_OPTIONS = [
  { value: 'true', label: 'Overdue' },
  { value: 'false', label: 'Within SLA' },
];
const AGE_SELECT = AGE_OPTIONS.map((value) => ({ value, label: `Older than ${value} day${value === '1' ? '' : 's'}` }));

/** Past its SLA: a red badge that says so in words; before: when it is due, quietly. */
function SlaNote({ row }: { row: TAlertListItem }) {
  const text = slaText(row);
  if (!text) return null;
  if (!row.isOverdue)
    return (
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {text}
      </Text>
    );
  return (
    <Badge
      color="red"
      variant="filled"
      radius="sm"
      tt="none"
      leftSection={<IconAlarm size={12} aria-hidden />}
      style={{ width: 'max-content', flexShrink: 0 }}
      data-overdue="true"
      title={row.dueAt ? `Due ${formatDateTime(row.dueAt)}` : undefined}
    >
      {text}
    </Badge>
  );
}

const columns: Column<TAlertListItem>[] = [
  {
    key: 'sanadId',
    title: 'Customer',
    render: (row) => (
      <Stack gap={0}>
        <Anchor component={Link} to={alertPath(row._id)} size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {row.customer.sanadId}
        </Anchor>
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          {row.customer.fullName}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'type',
    title: 'Type',
    render: (row) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }} tt="capitalize">
        {row.type}
      </Text>
    ),
  },
  { key: 'reason', title: 'Reason', sortable: false, render: (row) => <Text size="sm">{row.reason}</Text> },
  { key: 'indicators', title: 'Indicators', sortable: false, render: (row) => <AlertIndicators indicators={row.indicators} /> },
  {
    key: 'status',
    title: 'Status',
    render: (row) => (
      <Stack gap={4}>
        <AlertStatusBadge status={row.status} />
        {row.lockedBy ? (
          <Group gap={4} wrap="nowrap">
            <IconLock size={12} aria-label="Locked by" />
            <Text size="xs">{row.lockedBy.name}</Text>
          </Group>
        ) : null}
        <SlaNote row={row} />
      </Stack>
    ),
  },
  { key: 'kycStatus', title: 'KYC status', sortable: false, render: (row) => <StatusBadge status={row.customer.kycStatus} /> },
  {
    key: 'createdAt',
    title: 'Raised',
    render: (row) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(row.createdAt)}
      </Text>
    ),
  },
];

function Filters({ filters, onChange }: { filters: AlertFilters; onChange: (filters: AlertFilters) => void }) {
  // On a phone the filters fold away behind a button, so the list is on the first screen.
  const isWide = useMediaQuery('(min-width: 48em)', true);
  const [isOpen, { toggle }] = useDisclosure(hasFilters(filters));
  const count = [filters.type, filters.alertStatus, filters.indicator, filters.assignee, filters.minAgeDays, filters.overdue].filter(
    (value) => value.length > 0,
  ).length;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Filters">
      {isWide ? null : (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          onClick={toggle}
          aria-expanded={isOpen}
        >
          {isOpen ? 'Hide filters' : `Filters${count > 0 ? ` (${count})` : ''}`}
        </Button>
      )}
      <Collapse expanded={isWide || isOpen}>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 6 }} spacing="sm">
          <MultiSelect
            label="Type"
            placeholder="Any"
            data={TYPE_OPTIONS}
            value={filters.type}
            onChange={(type) => onChange({ ...filters, type })}
            clearable
          />
          <MultiSelect
            label="Status"
            placeholder="Any"
            data={STATUS_OPTIONS}
            value={filters.alertStatus}
            onChange={(alertStatus) => onChange({ ...filters, alertStatus })}
            clearable
          />
          <MultiSelect
            label="Indicator"
            placeholder="Any"
            data={INDICATOR_OPTIONS}
            value={filters.indicator}
            onChange={(indicator) => onChange({ ...filters, indicator })}
            clearable
          />
          <Select
            label="Assignee"
            placeholder="Anyone"
            data={ASSIGNEE_OPTIONS}
            value={filters.assignee || null}
            onChange={(assignee) => onChange({ ...filters, assignee: assignee ?? '' })}
            clearable
          />
          <Select
            label="Age"
            placeholder="Any age"
            data={AGE_SELECT}
            value={filters.minAgeDays || null}
            onChange={(minAgeDays) => onChange({ ...filters, minAgeDays: minAgeDays ?? '' })}
            clearable
          />
          <Select
            label="SLA"
            placeholder="Any"
            data={SLA_OPTIONS}
            value={filters.overdue || null}
            onChange={(overdue) => onChange({ ...filters, overdue: overdue ?? '' })}
            clearable
          />
        </SimpleGrid>
      </Collapse>
      {hasFilters(filters) ? (
        <Group justify="flex-end" mt="sm">
          <Button variant="subtle" size="xs" leftSection={<IconFilterOff size={14} aria-hidden />} onClick={() => onChange(EMPTY_FILTERS)}>
            Clear filters
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}

/**
 * The alert list (/insights/alerts, view-alerts): the shared table with page, size, sort and a
 * keyword over the customer's name and Sanad ID; filters by type, status, indicator, assignee, age
 * and SLA (overdue or within); the indicators, the review status, who holds the lock and the SLA,
 * an overdue alert's row tinted and badged. Everything is kept in the address.
 */
export default function AlertListPage() {
  const { state, update } = useListState();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const query = usePage(ALERT_ENDPOINTS.list, { query: alertListQuery(state, filters) as never });

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Alerts
      </Title>
      <Filters filters={filters} onChange={(next) => setParams((current) => writeFilters(current, next), { replace: true })} />
      <DataTable
        caption="Alerts"
        columns={columns}
        rows={query.data?.rows}
        rowKey={(row) => row._id}
        highlightRow={alertRowHighlight}
        total={query.data?.pagination.total ?? 0}
        state={state}
        onStateChange={update}
        isLoading={query.isLoading || query.isFetching}
        error={query.error}
        searchPlaceholder="Search customer name or Sanad ID"
        emptyMessage={hasFilters(filters) || state.keyword ? 'No alert matches the search and filters' : 'No alerts yet'}
      />
    </Stack>
  );
}
