import { Anchor, Button, Collapse, Group, MultiSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFilterOff, IconUserPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { ID_TYPE_LABELS, KYC_STATUSES, type TCustomerListItem } from '@sanad/contracts/customers';
import { CUSTOMER_ENDPOINTS } from '@sanad/contracts/customers.endpoints';
import { statusBadge } from '@sanad/contracts/status-labels';
import { RISK_LEVELS } from '@sanad/risk/risk-level';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { useListState } from '../../../components/data-table/use-list-state';
import { countryName } from '../../../components/CountrySelect';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate } from '../../../lib/format';
import { HIT_TYPE_OPTIONS } from '../../../lib/hit-types';
import { usePage } from '../../../lib/list-api';
import { useIsRouted } from '../../../lib/route-availability';
import { useSessionUser } from '../../../lib/session';
import { HitTypeBadges, RiskBadge } from '../components/CustomerBadges';
import { customerProfilePath } from '../paths';
import { stepPath } from '../self-register/steps';
import { customerListQuery, hasFilters, readFilters, writeFilters, type CustomerFilters } from './customer-filters';

const KYC_OPTIONS = KYC_STATUSES.map((value) => ({ value, label: statusBadge(value).label }));
const RISK_OPTIONS = RISK_LEVELS.map((value) => ({ value, label: statusBadge(value).label }));

const nowrap = (text: string) => (
  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
    {text || '-'}
  </Text>
);

const columns: Column<TCustomerListItem>[] = [
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
  { key: 'kycStatus', title: 'KYC status', render: (row) => <StatusBadge status={row.kycStatus} /> },
  { key: 'riskLevel', title: 'Risk level', render: (row) => <RiskBadge level={row.riskLevel} /> },
  { key: 'hitTypes', title: 'Screening', sortable: false, render: (row) => <HitTypeBadges hitTypes={row.hitTypes} /> },
  { key: 'createdAt', title: 'Created', render: (row) => nowrap(formatDate(row.createdAt)) },
];

function Filters({ filters, onChange }: { filters: CustomerFilters; onChange: (filters: CustomerFilters) => void }) {
  // On a phone the filters fold away behind a button, so the list is on the first screen.
  const isWide = useMediaQuery('(min-width: 48em)', true);
  const [isOpen, { toggle }] = useDisclosure(hasFilters(filters));
  const count =
    [filters.kycStatus, filters.riskLevel, filters.hitType].filter((value) => value.length > 0).length +
    (filters.createdFrom || filters.createdTo ? 1 : 0);
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
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }} spacing="sm">
          <MultiSelect
            label="KYC status"
            placeholder="Any"
            data={KYC_OPTIONS}
            value={filters.kycStatus}
            onChange={(kycStatus) => onChange({ ...filters, kycStatus })}
            clearable
          />
          <MultiSelect
            label="Risk level"
            placeholder="Any"
            data={RISK_OPTIONS}
            value={filters.riskLevel}
            onChange={(riskLevel) => onChange({ ...filters, riskLevel })}
            clearable
          />
          <MultiSelect
            label="Hit type"
            placeholder="Any"
            data={HIT_TYPE_OPTIONS}
            value={filters.hitType}
            onChange={(hitType) => onChange({ ...filters, hitType })}
            clearable
          />
          <TextInput
            label="Created from"
            type="date"
            value={filters.createdFrom}
            max={filters.createdTo || undefined}
            onChange={(event) => onChange({ ...filters, createdFrom: event.currentTarget.value })}
          />
          <TextInput
            label="Created to"
            type="date"
            value={filters.createdTo}
            min={filters.createdFrom || undefined}
            onChange={(event) => onChange({ ...filters, createdTo: event.currentTarget.value })}
          />
        </SimpleGrid>
      </Collapse>
      {hasFilters(filters) ? (
        <Group justify="flex-end" mt="sm">
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconFilterOff size={14} aria-hidden />}
            onClick={() => onChange({ kycStatus: [], riskLevel: [], hitType: [], createdFrom: '', createdTo: '' })}
          >
            Clear filters
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}

/**
 * The customer list (/customer-profiles and /customer-profiles/all-customer): the shared table with
 * page, size, sort and keyword search (name, Sanad ID, ID number, e-mail, phone), the KYC filters,
 * and the KYC status, risk level and screening badges. Everything is kept in the address.
 */
export default function CustomerListPage() {
  const user = useSessionUser();
  const isRouted = useIsRouted();
  const { state, update } = useListState();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const query = usePage(CUSTOMER_ENDPOINTS.list, { query: customerListQuery(state, filters) as never });
  const canRegister = Boolean(user?.scopes.includes('register-customer')) && isRouted(stepPath('upload-document'));

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          Customer Profiles
        </Title>
        {canRegister ? (
          <Button component={Link} to={stepPath('upload-document')} leftSection={<IconUserPlus size={16} aria-hidden />}>
            Register customer
          </Button>
        ) : null}
      </Group>
      <Filters filters={filters} onChange={(next) => setParams((current) => writeFilters(current, next), { replace: true })} />
      <DataTable
        caption="Customers"
        columns={columns}
        rows={query.data?.rows}
        rowKey={(row) => row._id}
        total={query.data?.pagination.total ?? 0}
        state={state}
        onStateChange={update}
        isLoading={query.isLoading || query.isFetching}
        error={query.error}
        searchPlaceholder="Search name, Sanad ID, ID number, e-mail or phone"
        emptyMessage={hasFilters(filters) || state.keyword ? 'No customer matches the search and filters' : 'No customers yet'}
      />
    </Stack>
  );
}
