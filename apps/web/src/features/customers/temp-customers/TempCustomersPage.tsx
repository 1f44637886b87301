import { Anchor, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import {
  TEMP_CUSTOMER_STATES,
  TEMP_CUSTOMER_STATE_LABELS,
  type TTempCustomer,
  type TTempCustomerState,
} from '@sanad/contracts/temp-customers';
import { TEMP_CUSTOMER_ENDPOINTS } from '@sanad/contracts/temp-customers.endpoints';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { toListQuery, useListState } from '../../../components/data-table/use-list-state';
import { formatDate, formatDateTime } from '../../../lib/format';
import { usePage } from '../../../lib/list-api';
import { useIsRouted } from '../../../lib/route-availability';
import { useSessionUser } from '../../../lib/session';
import { TempCustomerStatus } from '../deep-link/TempCustomerStatus';
import { CUSTOMER_LIST_PATH, REGISTER_CUSTOMER_PATH, customerProfilePath, tempCustomerPath } from '../paths';

const STATE_OPTIONS = TEMP_CUSTOMER_STATES.map((value) => ({ value, label: TEMP_CUSTOMER_STATE_LABELS[value] }));

const isState = (value: string | null): value is TTempCustomerState => TEMP_CUSTOMER_STATES.some((state) => state === value);

const columns: Column<TTempCustomer>[] = [
  {
    key: 'fullName',
    title: 'Full name',
    render: (row) => (
      <Anchor component={Link} to={tempCustomerPath(row._id)} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {row.fullName}
      </Anchor>
    ),
  },
  {
    key: 'email',
    title: 'Sent to',
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {(row.channel === 'email' ? row.email : row.phoneNumber) ?? '-'}
        </Text>
        <Text size="xs" c="dimmed">
          {row.channel === 'email' ? 'Email' : 'SMS'}
        </Text>
      </Stack>
    ),
  },
  { key: 'status', title: 'Status', render: (row) => <TempCustomerStatus status={row.status} /> },
  {
    key: 'customer',
    title: 'Customer',
    sortable: false,
    render: (row) =>
      row.customerId && row.sanadId ? (
        <Anchor component={Link} to={customerProfilePath(row.customerId)} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {row.sanadId}
        </Anchor>
      ) : (
        <Text size="sm">-</Text>
      ),
  },
  {
    key: 'lastSentAt',
    title: 'Last sent',
    render: (row) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(row.lastSentAt)}
      </Text>
    ),
  },
  {
    key: 'expiresAt',
    title: 'Expires',
    render: (row) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDate(row.expiresAt)}
      </Text>
    ),
  },
];

/**
 * Temp customers (/customer-profiles/temp-customers, view-deeplink-sent): everyone sent a deep
 * link, with where their link stands, searchable by name, e-mail or phone and filtered by state.
 */
export default function TempCustomersPage() {
  const user = useSessionUser();
  const isRouted = useIsRouted();
  const { state, update } = useListState();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = isState(statusParam) ? statusParam : null;
  const query = usePage(TEMP_CUSTOMER_ENDPOINTS.list, { query: { ...toListQuery(state), ...(status ? { status } : {}) } as never });
  const canSend = Boolean(user?.scopes.includes('register-customer')) && isRouted(REGISTER_CUSTOMER_PATH);
  const canSeeCustomers = Boolean(user?.scopes.includes('view-customer-profile')) && isRouted(CUSTOMER_LIST_PATH);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          Temp Customers
        </Title>
        <Group gap="sm">
          {canSeeCustomers ? (
            <Button component={Link} to={CUSTOMER_LIST_PATH} variant="default">
              All customers
            </Button>
          ) : null}
          {canSend ? (
            <Button component={Link} to={REGISTER_CUSTOMER_PATH} leftSection={<IconSend size={16} aria-hidden />}>
              Send link
            </Button>
          ) : null}
        </Group>
      </Group>
      <Select
        label="Status"
        placeholder="Any"
        data={STATE_OPTIONS}
        value={status}
        clearable
        w={{ base: '100%', sm: 240 }}
        onChange={(value) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (value) next.set('status', value);
              else next.delete('status');
              next.delete('page');
              return next;
            },
            { replace: true },
          )
        }
      />
      <DataTable
        caption="Temp customers"
        columns={columns}
        rows={query.data?.rows}
        rowKey={(row) => row._id}
        total={query.data?.pagination.total ?? 0}
        state={state}
        onStateChange={update}
        isLoading={query.isLoading || query.isFetching}
        error={query.error}
        searchPlaceholder="Search name, e-mail or phone"
        emptyMessage={status || state.keyword ? 'No temp customer matches the search' : 'No links sent yet'}
      />
    </Stack>
  );
}
