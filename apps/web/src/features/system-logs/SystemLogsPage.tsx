import { useState } from 'react';
import { Button, Card, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { LOG_ACTIONS, LOG_MODULES, logActionLabel, type LogModule } from '@sanad/contracts/log-modules';
import type { TSystemLog } from '@sanad/contracts/system-logs';
import { ColumnChart } from '../../components/ColumnChart';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { useListState } from '../../components/data-table/use-list-state';
import { ErrorAlert } from '../../components/form/ErrorAlert';
import { NoRecords } from '../../components/NoRecords';
import { FILTER_DATE_FORMAT, toDay } from '../../lib/format';
import { useLogChart } from './api/get-log-chart';
import { useSystemLogs, type LogFilters } from './api/get-system-logs';
import { LogDetailDialog, formatLogTime, moduleLabel } from './components/LogDetailDialog';
import { LogExportsPanel } from './components/LogExportsPanel';

const MODULE_OPTIONS = LOG_MODULES.map((module) => ({ value: module, label: moduleLabel(module) }));

/** The actions of a module (or of all), by their labels; the code is what the filter sends. */
function actionOptions(module: LogModule | undefined): Array<{ value: string; label: string }> {
  const codes: readonly string[] = module ? LOG_ACTIONS[module] : LOG_MODULES.flatMap((each): readonly string[] => LOG_ACTIONS[each]);
  return [...new Set(codes)]
    .map((code) => ({ value: code, label: logActionLabel(code) }))
    .toSorted((a, b) => a.label.localeCompare(b.label));
}

/** System logs: the audit trail with its GDPR fields, a 'Total actions' chart and exports. */
export default function SystemLogsPage() {
  const { state, update } = useListState({ sortBy: 'createdAt', sortOrder: 'desc' });
  const [filters, setFilters] = useState<LogFilters>({});
  const [picker, setPicker] = useState<DatesRangeValue<string>>([null, null]);
  const [today] = useState(() => toDay(new Date()));
  const [selected, setSelected] = useState<TSystemLog | null>(null);
  const logs = useSystemLogs(state, filters);
  const chart = useLogChart(filters);

  function changeFilters(change: Partial<LogFilters>): void {
    setFilters((current) => ({ ...current, ...change }));
    // Back to the first page, as for any other change of what the list shows.
    update({});
  }

  function onRangeChange(value: DatesRangeValue<string>): void {
    setPicker(value);
    const [from, to] = value;
    if (from && to) changeFilters({ from: toDay(from), to: toDay(to) });
    else if (!from && !to) changeFilters({ from: undefined, to: undefined });
  }

  const columns: Column<TSystemLog>[] = [
    {
      key: 'user',
      title: 'User',
      render: (row) => (
        <div>
          <Text size="sm" fw={600}>
            {row.user?.name || 'System'}
          </Text>
          {row.user?.email ? (
            <Text size="xs" c="dimmed">
              {row.user.email}
            </Text>
          ) : null}
        </div>
      ),
    },
    { key: 'type', title: 'Type', render: (row) => moduleLabel(row.type) },
    {
      key: 'action',
      title: 'Action',
      render: (row) => (
        <Text size="sm" title={row.action}>
          {logActionLabel(row.action)}
        </Text>
      ),
    },
    {
      key: 'summary',
      title: 'Summary',
      sortable: false,
      render: (row) => (
        <Text size="sm" lineClamp={2}>
          {row.summary}
        </Text>
      ),
    },
    { key: 'createdAt', title: 'Created at', render: (row) => formatLogTime(row.createdAt) },
    {
      key: 'details',
      title: 'Details',
      sortable: false,
      align: 'right',
      render: (row) => (
        <Button
          size="xs"
          variant="subtle"
          onClick={() => setSelected(row)}
          aria-label={`Details of ${logActionLabel(row.action)} at ${formatLogTime(row.createdAt)}`}
        >
          Details
        </Button>
      ),
    },
  ];

  const days = chart.data?.days ?? [];
  const hasActions = days.some((day) => day.actions > 0);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          System Logs
        </Title>
        <Text c="dimmed">Every action recorded in the audit trail, with what the processing was for and under which legal basis.</Text>
      </div>

      <Card withBorder radius="md" p="lg" aria-busy={chart.isFetching}>
        <Title order={2} size="h4" mb="md">
          Total actions
        </Title>
        {chart.error ? (
          <ErrorAlert message={chart.error.message} />
        ) : chart.isPending ? (
          <Skeleton h={240} />
        ) : hasActions ? (
          <ColumnChart
            height={240}
            description="Total actions per day"
            data={days.map((day) => ({ label: day.date, values: { actions: day.actions } }))}
            series={[{ key: 'actions', label: 'Total actions', color: 'var(--mantine-color-brand-6)' }]}
          />
        ) : (
          <NoRecords message="No actions in this period" />
        )}
      </Card>

      <LogExportsPanel filters={{ ...filters, ...(state.keyword ? { keyword: state.keyword } : {}) }} />

      <DataTable
        caption="System logs"
        columns={columns}
        rows={logs.data?.rows}
        rowKey={(row) => row._id}
        total={logs.data?.pagination.total ?? 0}
        state={state}
        onStateChange={update}
        isLoading={logs.isPending}
        error={logs.error}
        searchPlaceholder="Search users, actions and summaries"
        emptyMessage="No log entries match these filters"
        toolbar={
          <>
            <Select
              aria-label="Module"
              placeholder="All modules"
              data={MODULE_OPTIONS}
              value={filters.module ?? null}
              onChange={(value) => changeFilters({ module: (value as LogModule | null) ?? undefined, action: undefined })}
              clearable
              w={180}
            />
            <Select
              aria-label="Action"
              placeholder="All actions"
              data={actionOptions(filters.module)}
              value={filters.action ?? null}
              onChange={(value) => changeFilters({ action: value ?? undefined })}
              searchable
              clearable
              w={240}
            />
            <DatePickerInput
              type="range"
              aria-label="Date range"
              placeholder="Any date"
              valueFormat={FILTER_DATE_FORMAT}
              value={picker}
              onChange={onRangeChange}
              maxDate={today}
              allowSingleDateInRange
              clearable
              miw={260}
            />
          </>
        }
      />

      {selected ? <LogDetailDialog entry={selected} onClose={() => setSelected(null)} /> : null}
    </Stack>
  );
}
