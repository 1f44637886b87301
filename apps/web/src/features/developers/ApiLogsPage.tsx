import { useState } from 'react';
import { Badge, Button, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import '@mantine/dates/styles.css';
import {
  API_LOG_KINDS,
  API_LOG_KIND_LABELS,
  API_LOG_METHODS,
  API_LOG_STATUS_FILTERS,
  type ApiLogKind,
  type TApiLog,
} from '@sanad/contracts/api-logs';
import { APPLICATION_ACCESS_ENDPOINTS } from '@sanad/contracts/developers.endpoints';
import { DROPDOWN_PAGE_SIZE } from '@sanad/contracts/http';
import { hasAnyPermission } from '@sanad/contracts/permissions';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { useListState } from '../../components/data-table/use-list-state';
import { FILTER_DATE_FORMAT, formatDateTimeSeconds, toDay } from '../../lib/format';
import { usePage } from '../../lib/list-api';
import { useSessionUser } from '../../lib/session';
import { useApiLogs, type ApiLogFilters } from './api/api-logs-api';
import { ApiLogDrawer } from './components/ApiLogDrawer';
import { ApiLogExportsPanel } from './components/ApiLogExportsPanel';
import { DevelopersLayout } from './components/DevelopersLayout';

const KIND_OPTIONS = API_LOG_KINDS.map((kind) => ({ value: kind, label: API_LOG_KIND_LABELS[kind] }));
const STATUS_OPTIONS = API_LOG_STATUS_FILTERS.map((status) => ({ value: status, label: status === 'none' ? 'No answer' : status }));
const METHOD_OPTIONS = API_LOG_METHODS.map((method) => ({ value: method, label: method }));

function statusColor(status: number | null): string {
  if (status === null || status >= 500) return 'red';
  if (status >= 400) return 'orange';
  return status >= 300 ? 'blue' : 'green';
}

/** API logs: every call to the public API and every webhook delivery attempt, filtered and exported like system logs. */
export default function ApiLogsPage() {
  const { state, update } = useListState({ sortBy: 'createdAt', sortOrder: 'desc' });
  const [filters, setFilters] = useState<ApiLogFilters>({});
  const [picker, setPicker] = useState<DatesRangeValue<string>>([null, null]);
  const [today] = useState(() => toDay(new Date()));
  const [selected, setSelected] = useState<TApiLog | null>(null);
  const canSeeApplications = hasAnyPermission(useSessionUser()?.scopes ?? [], ['manage-application-access']);
  const applications = usePage(
    APPLICATION_ACCESS_ENDPOINTS.list,
    { query: { startAt: 1, perPage: DROPDOWN_PAGE_SIZE } },
    { enabled: canSeeApplications },
  );
  const withEndpoint = { ...filters, ...(state.keyword ? { endpoint: state.keyword } : {}) };
  const logs = useApiLogs(state, withEndpoint);

  function changeFilters(change: Partial<ApiLogFilters>): void {
    setFilters((current) => ({ ...current, ...change }));
    update({});
  }

  function onRangeChange(value: DatesRangeValue<string>): void {
    setPicker(value);
    const [from, to] = value;
    if (from && to) changeFilters({ from: toDay(from), to: toDay(to) });
    else if (!from && !to) changeFilters({ from: undefined, to: undefined });
  }

  const columns: Column<TApiLog>[] = [
    {
      key: 'status',
      title: 'Status',
      sortable: false,
      render: (row) => (
        <Badge color={statusColor(row.status)} variant="light" tt="none">
          {row.status ?? 'No answer'}
        </Badge>
      ),
    },
    { key: 'method', title: 'Method', sortable: false, render: (row) => <Text size="sm">{row.method}</Text> },
    {
      key: 'endpoint',
      title: 'Endpoint',
      sortable: false,
      render: (row) => (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {row.endpoint}
        </Text>
      ),
    },
    {
      key: 'user',
      title: 'Application or webhook',
      sortable: false,
      render: (row) => (
        <div>
          <Text size="sm" fw={600}>
            {row.userName || '—'}
          </Text>
          <Text size="xs" c="dimmed">
            {row.codeKey ?? API_LOG_KIND_LABELS[row.kind]}
          </Text>
        </div>
      ),
    },
    { key: 'createdAt', title: 'Created at', render: (row) => formatDateTimeSeconds(row.createdAt) },
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
          aria-label={`Details of ${row.method} ${row.endpoint} at ${formatDateTimeSeconds(row.createdAt)}`}
        >
          Details
        </Button>
      ),
    },
  ];

  return (
    <DevelopersLayout>
      <Stack gap="lg">
        <Text c="dimmed">
          Every call made to the public API with an application key, and every webhook delivery attempt, with its answer. Bodies are kept
          without document numbers, images, secrets or codes.
        </Text>
        <ApiLogExportsPanel filters={withEndpoint} />
        <DataTable
          caption="API logs"
          columns={columns}
          rows={logs.data?.rows}
          rowKey={(row) => row._id}
          total={logs.data?.pagination.total ?? 0}
          state={state}
          onStateChange={update}
          isLoading={logs.isPending}
          error={logs.error}
          searchPlaceholder="Search endpoints"
          emptyMessage="No API calls or webhook deliveries match these filters"
          toolbar={
            <>
              <Select
                aria-label="Kind"
                placeholder="Calls and webhooks"
                data={KIND_OPTIONS}
                value={filters.kind ?? null}
                onChange={(value) => changeFilters({ kind: (value as ApiLogKind | null) ?? undefined })}
                clearable
                w={190}
              />
              <Select
                aria-label="Status"
                placeholder="Any status"
                data={STATUS_OPTIONS}
                value={filters.status ?? null}
                onChange={(value) => changeFilters({ status: value ?? undefined })}
                clearable
                w={140}
              />
              <Select
                aria-label="Method"
                placeholder="Any method"
                data={METHOD_OPTIONS}
                value={filters.method ?? null}
                onChange={(value) => changeFilters({ method: (value as ApiLogFilters['method'] | null) ?? undefined })}
                clearable
                w={140}
              />
              {canSeeApplications ? (
                <Select
                  aria-label="Application"
                  placeholder="Any application"
                  data={(applications.data?.rows ?? []).map((row) => ({ value: row._id, label: row.title }))}
                  value={filters.applicationAccessId ?? null}
                  onChange={(value) => changeFilters({ applicationAccessId: value ?? undefined })}
                  searchable
                  clearable
                  w={200}
                />
              ) : null}
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
                miw={240}
              />
            </>
          }
        />
        {selected ? <ApiLogDrawer entry={selected} onClose={() => setSelected(null)} /> : null}
      </Stack>
    </DevelopersLayout>
  );
}
