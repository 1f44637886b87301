import { useState } from 'react';
import { Anchor, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CUSTOMER_EXPORT_ENDPOINTS } from '@sanad/contracts/customer-exports.endpoints';
import { ID_TYPE_LABELS, type TCustomerListItem } from '@sanad/contracts/customers';
import { CUSTOMER_ENDPOINTS } from '@sanad/contracts/customers.endpoints';
import { countryName } from '../../../components/CountrySelect';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { useListState } from '../../../components/data-table/use-list-state';
import { StatusBadge } from '../../../components/StatusBadge';
import { apiDownload } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { usePage } from '../../../lib/list-api';
import { useSessionUser } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { AlertIndicators } from '../components/AlertIndicators';
import { CustomerStatusAction } from '../components/CustomerStatusAction';
import { RiskBadge } from '../components/CustomerBadges';
import { customerProfilePath } from '../paths';
import { customerListQuery, type CustomerFilters } from './customer-filters';

const nowrap = (text: string) => (
  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
    {text || '-'}
  </Text>
);

const baseColumns: Column<TCustomerListItem>[] = [
  {
    key: 'sanadId',
    title: 'Sanad ID',
    render: (row) => (
      <Anchor component={Link} to={customerProfilePath(row._id)} size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {row.sanadId}
      </Anchor>
    ),
  },
  {
    key: 'fullName',
    title: 'Full name',
    render: (row) => (
      <Anchor
        component={Link}
        to={customerProfilePath(row._id)}
        size="sm"
        c="var(--mantine-color-text)"
        style={{ overflowWrap: 'anywhere' }}
      >
        {row.fullName}
      </Anchor>
    ),
  },
  { key: 'dateOfBirth', title: 'Date of birth', render: (row) => nowrap(row.dateOfBirth ? formatDate(row.dateOfBirth) : '') },
  {
    key: 'idNumber',
    title: 'ID',
    sortable: false,
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.idNumber ?? '-'}
        </Text>
        {row.idType ? (
          <Text size="xs" c="dimmed">
            {ID_TYPE_LABELS[row.idType]}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  { key: 'nationality', title: 'Nationality', sortable: false, render: (row) => countryName(row.nationalityId) || '-' },
  {
    key: 'contact',
    title: 'Contact',
    sortable: false,
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.email ?? '-'}
        </Text>
        {row.phoneNumber ? (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {row.phoneNumber}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'kycStatus',
    title: 'KYC status',
    render: (row) => (
      <Stack gap={4} align="flex-start">
        <StatusBadge status={row.kycStatus} />
        {row.status === 'archived' ? <StatusBadge status="archived" /> : null}
      </Stack>
    ),
  },
  { key: 'riskLevel', title: 'Risk level', render: (row) => <RiskBadge level={row.riskLevel} /> },
  { key: 'alerts', title: 'Alerts', sortable: false, render: (row) => <AlertIndicators customer={row} /> },
  { key: 'createdAt', title: 'Created', render: (row) => nowrap(formatDate(row.createdAt)) },
];

const actionColumn: Column<TCustomerListItem> = {
  key: 'action',
  title: 'Action',
  sortable: false,
  render: (row) => <CustomerStatusAction customer={row} />,
};

/** Export of the list as it is filtered, searched and sorted, for holders of export-customer-profile. */
function ExportMenu({ query }: { query: Record<string, string | number> }) {
  const [isBusy, setBusy] = useState(false);
  async function download(format: 'csv' | 'xlsx') {
    setBusy(true);
    try {
      const { startAt: _startAt, perPage: _perPage, ...filters } = query;
      await apiDownload(CUSTOMER_EXPORT_ENDPOINTS.exportList, { query: { ...filters, format } as never });
    } catch (caught) {
      toastError(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={isBusy}>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void download('csv')}>CSV (.csv)</Menu.Item>
        <Menu.Item onClick={() => void download('xlsx')}>Excel (.xlsx)</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The customers a filter set selects: the shared table (page, size, sort, keyword search over name,
 * Sanad ID, ID number, e-mail and phone), the status badges and alert indicators, the archive
 * action, and the export of exactly what is listed.
 */
export function CustomerResults({ filters, isFiltered, caption }: { filters: CustomerFilters; isFiltered: boolean; caption: string }) {
  const user = useSessionUser();
  const { state, update } = useListState();
  const query = customerListQuery(state, filters);
  const page = usePage(CUSTOMER_ENDPOINTS.list, { query: query as never });
  const canArchive = Boolean(user?.scopes.includes('archive-customer-profile'));
  const canExport = Boolean(user?.scopes.includes('export-customer-profile'));
  return (
    <DataTable
      caption={caption}
      columns={canArchive ? [...baseColumns, actionColumn] : baseColumns}
      rows={page.data?.rows}
      rowKey={(row) => row._id}
      total={page.data?.pagination.total ?? 0}
      state={state}
      onStateChange={update}
      isLoading={page.isLoading || page.isFetching}
      error={page.error}
      searchPlaceholder="Search name, Sanad ID, ID number, e-mail or phone"
      toolbar={canExport ? <Group gap="sm">{<ExportMenu query={query} />}</Group> : undefined}
      emptyMessage={isFiltered || state.keyword ? 'No customer matches the search and filters' : 'No customers yet'}
    />
  );
}
