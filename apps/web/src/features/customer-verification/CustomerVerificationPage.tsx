import { useState } from 'react';
import { Anchor, Button, Collapse, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFilterOff } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { CHECK_STATUSES, ID_TYPE_LABELS } from '@sanad/contracts/customers';
import { CHECK_STATUS_LABELS, type TCustomerVerificationItem } from '@sanad/contracts/customer-verification';
import { CUSTOMER_VERIFICATION_ENDPOINTS } from '@sanad/contracts/customer-verification.endpoints';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { useListState } from '../../components/data-table/use-list-state';
import { useSegmentChoices } from '../../lib/data-segments';
import { usePage } from '../../lib/list-api';
import { useIsRouted } from '../../lib/route-availability';
import { getActiveDataSegmentId, useSessionUser } from '../../lib/session';
import { CheckBadge } from './CheckBadge';
import { VerificationDialog } from './VerificationDialog';
import {
  EMPTY_VERIFICATION_FILTERS,
  hasVerificationFilters,
  readVerificationFilters,
  verificationListQuery,
  writeVerificationFilters,
  type VerificationFilters,
} from './verification-query';

const STATUS_OPTIONS = CHECK_STATUSES.map((value) => ({ value, label: CHECK_STATUS_LABELS[value] }));
const profilePath = (id: string) => `/customer-profiles/customer-information/${id}`;

function Filters({ filters, onChange }: { filters: VerificationFilters; onChange: (filters: VerificationFilters) => void }) {
  // On a phone the filters fold away behind a button, so the list is on the first screen.
  const isWide = useMediaQuery('(min-width: 48em)', true);
  const [isOpen, { toggle }] = useDisclosure(hasVerificationFilters(filters));
  const { data: segments } = useSegmentChoices();
  const current = getActiveDataSegmentId();
  const count = [filters.nadra.length > 0, filters.criminalRecord.length > 0, Boolean(filters.dataSegmentId)].filter(Boolean).length;
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
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm">
          <MultiSelect
            label="NADRA"
            placeholder="Any"
            data={STATUS_OPTIONS}
            value={filters.nadra}
            onChange={(nadra) => onChange({ ...filters, nadra })}
            clearable
          />
          <MultiSelect
            label="Criminal record"
            placeholder="Any"
            data={STATUS_OPTIONS}
            value={filters.criminalRecord}
            onChange={(criminalRecord) => onChange({ ...filters, criminalRecord })}
            clearable
          />
          {segments && segments.length > 1 ? (
            <Select
              label="Data segment"
              data={segments.map((segment) => ({
                value: segment._id,
                label: segment._id === current ? `${segment.companyName} (current)` : segment.companyName,
              }))}
              value={filters.dataSegmentId || current}
              onChange={(value) => onChange({ ...filters, dataSegmentId: value && value !== current ? value : '' })}
              allowDeselect={false}
            />
          ) : null}
        </SimpleGrid>
      </Collapse>
      {hasVerificationFilters(filters) || filters.dataSegmentId ? (
        <Group justify="flex-end" mt="sm">
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconFilterOff size={14} aria-hidden />}
            onClick={() => onChange(EMPTY_VERIFICATION_FILTERS)}
          >
            Clear filters
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}

function IdNumber({ row }: { row: TCustomerVerificationItem }) {
  return (
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
  );
}

/**
 * Customer Verification (/customer-verification and /customers): every individual customer with
 * their NADRA and criminal-record checks, the status filters, and one customer's checks in a
 * dialog where a permitted officer records the outcome of an external check. Sanad calls neither
 * NADRA nor a police service (docs/decisions/customer-verification.md).
 */
export default function CustomerVerificationPage() {
  const user = useSessionUser();
  const isRouted = useIsRouted();
  const [params, setParams] = useSearchParams();
  const filters = readVerificationFilters(params);
  const { state, update } = useListState();
  const query = verificationListQuery(state, filters, getActiveDataSegmentId());
  const page = usePage(CUSTOMER_VERIFICATION_ENDPOINTS.list, { query: query as never }, { dataSegmentId: String(query.dataSegmentId) });
  const [opened, setOpened] = useState<TCustomerVerificationItem | null>(null);
  const canRecord = Boolean(user?.scopes.includes('manage-customer-verification'));
  const canOpenProfile = Boolean(user?.scopes.includes('view-customer-profile')) && isRouted(profilePath('x'));
  const isWide = useMediaQuery('(min-width: 48em)', true);

  const sanadId = (row: TCustomerVerificationItem) =>
    canOpenProfile ? (
      <Anchor component={Link} to={profilePath(row._id)} size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {row.sanadId}
      </Anchor>
    ) : (
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {row.sanadId}
      </Text>
    );
  const action = (row: TCustomerVerificationItem) => (
    <Button
      size="xs"
      variant="light"
      onClick={() => setOpened(row)}
      aria-label={`${canRecord ? 'Record' : 'View'} checks of ${row.sanadId}`}
    >
      {canRecord ? 'Record' : 'View'}
    </Button>
  );
  const wideColumns: Column<TCustomerVerificationItem>[] = [
    { key: 'sanadId', title: 'Sanad ID', render: sanadId },
    {
      key: 'fullName',
      title: 'Full name',
      render: (row) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.fullName || '-'}
        </Text>
      ),
    },
    { key: 'idNumber', title: 'ID', sortable: false, render: (row) => <IdNumber row={row} /> },
    { key: 'nadra', title: 'NADRA', render: (row) => <CheckBadge state={row.nadra} /> },
    { key: 'criminalRecord', title: 'Criminal record', render: (row) => <CheckBadge state={row.criminalRecord} /> },
    { key: 'action', title: 'Action', sortable: false, render: action },
  ];
  // Six columns do not fit a phone, and the action was the last of them, off the side of a table that
  // scrolled sideways. On a phone each row is two columns: who, with the action, and the checks.
  const phoneColumns: Column<TCustomerVerificationItem>[] = [
    {
      key: 'sanadId',
      title: 'Customer',
      sortable: false,
      render: (row) => (
        <Stack gap={6} align="flex-start">
          <Stack gap={0}>
            {sanadId(row)}
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {row.fullName || '-'}
            </Text>
          </Stack>
          <IdNumber row={row} />
          {action(row)}
        </Stack>
      ),
    },
    {
      key: 'checks',
      title: 'Checks',
      sortable: false,
      render: (row) => (
        <Stack gap="xs">
          <CheckBadge state={row.nadra} label="NADRA" />
          <CheckBadge state={row.criminalRecord} label="Criminal record" />
        </Stack>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Customer Verification
        </Title>
        <Text size="sm" c="dimmed">
          The NADRA and criminal-record checks of each customer. The checks are made outside Sanad; record each outcome with its reference
          and evidence.
        </Text>
      </Stack>
      <Filters filters={filters} onChange={(next) => setParams((current) => writeVerificationFilters(current, next), { replace: true })} />
      <DataTable
        caption="Customer verification"
        columns={isWide ? wideColumns : phoneColumns}
        minWidth={isWide ? undefined : 0}
        rows={page.data?.rows}
        rowKey={(row) => row._id}
        total={page.data?.pagination.total ?? 0}
        state={state}
        onStateChange={update}
        isLoading={page.isLoading || page.isFetching}
        error={page.error}
        searchPlaceholder="Search name, Sanad ID, ID number, e-mail or phone"
        emptyMessage={hasVerificationFilters(filters) || state.keyword ? 'No customer matches the search and filters' : 'No customers yet'}
      />
      {opened ? <VerificationDialog customer={opened} canRecord={canRecord} onClose={() => setOpened(null)} /> : null}
    </Stack>
  );
}
