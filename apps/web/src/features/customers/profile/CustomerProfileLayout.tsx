import { Alert, Anchor, Breadcrumbs, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { TCustomerDetail } from '@sanad/contracts/customers';
import { CUSTOMER_ENDPOINTS } from '@sanad/contracts/customers.endpoints';
import { RouteTabs } from '../../../components/RouteTabs';
import { api } from '../../../lib/api';
import { CUSTOMER_LIST_PATH, CUSTOMER_TABS, customerTabPath, type TCustomerTab } from '../paths';
import { CustomerActions } from '../components/CustomerActions';
import { EditProfileAction } from './EditProfileAction';

/** The customer as every tab reads it; one query shared by the tabs, refreshed after each change. */
export function useCustomer(id: string) {
  return useQuery({
    queryKey: ['customer', id],
    queryFn: ({ signal }) => api(CUSTOMER_ENDPOINTS.get, { params: { id } }, { signal }),
  });
}

/** The tab bar: one route per tab, so each tab can be linked to and reloaded. */
export function CustomerTabs({ id, active }: { id: string; active: TCustomerTab }) {
  const navigate = useNavigate();
  return (
    <RouteTabs label="Customer sections" tabs={CUSTOMER_TABS} active={active} onSelect={(tab) => void navigate(customerTabPath(tab, id))} />
  );
}

/**
 * Every tab of a customer: the breadcrumb, the customer's name with Edit Profile for editors, the tab bar, then the tab's
 * content once the customer is loaded (another segment's customer answers not found).
 */
export function CustomerProfileLayout({
  id,
  active,
  children,
}: {
  id: string;
  active: TCustomerTab;
  children: (customer: TCustomerDetail) => ReactNode;
}) {
  const customer = useCustomer(id);
  const data = customer.data?.data;
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={CUSTOMER_LIST_PATH} size="sm">
          Customer Profiles
        </Anchor>
        <Text size="sm">{data?.sanadId ?? 'Customer'}</Text>
      </Breadcrumbs>
      {customer.error ? (
        <Alert color="red" role="alert" title="The customer could not be opened">
          {customer.error.message}
        </Alert>
      ) : !data ? (
        <Stack gap="md" aria-busy>
          <Skeleton h={36} w="50%" />
          <Skeleton h={120} />
          <Skeleton h={240} />
        </Stack>
      ) : (
        <>
          <Group justify="space-between" align="flex-start" gap="sm">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {data.fullName}
            </Title>
            <Group gap="xs">
              <EditProfileAction customerId={data._id} />
              <CustomerActions customer={data} />
            </Group>
          </Group>
          <CustomerTabs id={id} active={active} />
          {children(data)}
        </>
      )}
    </Stack>
  );
}
