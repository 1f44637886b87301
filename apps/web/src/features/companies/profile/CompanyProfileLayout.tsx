import { Alert, Anchor, Breadcrumbs, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { TCompanyDetail } from '@sanad/contracts/companies';
import { COMPANY_ENDPOINTS } from '@sanad/contracts/companies.endpoints';
import { RouteTabs } from '../../../components/RouteTabs';
import { StatusBadge } from '../../../components/StatusBadge';
import { api } from '../../../lib/api';
import { COMPANY_LIST_PATH, COMPANY_TABS, companyTabPath, type TCompanyTab } from '../paths';

export const companyQueryKey = (id: string) => ['company', id] as const;

/** The company as every tab reads it; one query shared by the tabs, refreshed after each change. */
export function useCompany(id: string) {
  return useQuery({
    queryKey: companyQueryKey(id),
    queryFn: ({ signal }) => api(COMPANY_ENDPOINTS.get, { params: { id } }, { signal }),
  });
}

function CompanyTabs({ id, active }: { id: string; active: TCompanyTab }) {
  const navigate = useNavigate();
  return (
    <RouteTabs label="Company sections" tabs={COMPANY_TABS} active={active} onSelect={(tab) => void navigate(companyTabPath(tab, id))} />
  );
}

/** Every tab of a company: the breadcrumb, the legal name with its risk, the tab bar, then the tab. */
export function CompanyProfileLayout({
  id,
  active,
  children,
}: {
  id: string;
  active: TCompanyTab;
  children: (company: TCompanyDetail) => ReactNode;
}) {
  const company = useCompany(id);
  const data = company.data?.data;
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={COMPANY_LIST_PATH} size="sm">
          Company Profiles
        </Anchor>
        <Text size="sm">{data?.sanadId ?? 'Company'}</Text>
      </Breadcrumbs>
      {company.error ? (
        <Alert color="red" role="alert" title="The company could not be opened">
          {company.error.message}
        </Alert>
      ) : !data ? (
        <Stack gap="md" aria-busy>
          <Skeleton h={36} w="50%" />
          <Skeleton h={240} />
        </Stack>
      ) : (
        <>
          <Group justify="space-between" align="flex-start" gap="sm">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {data.fullName}
            </Title>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {data.sanadId}
              </Text>
              <StatusBadge status={data.riskLevel} />
            </Group>
          </Group>
          <CompanyTabs id={id} active={active} />
          {children(data)}
        </>
      )}
    </Stack>
  );
}
