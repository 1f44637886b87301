import { useState } from 'react';
import { Alert, Anchor, Button, Group, Pagination, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { COMPANY_ENDPOINTS } from '@sanad/contracts/companies.endpoints';
import { hasAnyPermission } from '@sanad/contracts/permissions';
import { countryName } from '../../../components/CountrySelect';
import { NoRecords } from '../../../components/NoRecords';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate } from '../../../lib/format';
import { hitTypeLabel } from '../../../lib/hit-types';
import { usePage } from '../../../lib/list-api';
import { useSessionUser } from '../../../lib/session';
import { companyProfilePath, REGISTER_COMPANY_PATH } from '../paths';

const PAGE_SIZE = 20;

/** Company Profiles (/company-profiles): the segment's companies, searched by legal name, sanadId or registration number. */
export default function CompanyListPage() {
  const user = useSessionUser();
  const [keyword, setKeyword] = useState('');
  const [searched, setSearched] = useState('');
  const [page, setPage] = useState(1);
  const list = usePage(COMPANY_ENDPOINTS.list, {
    query: { startAt: page, perPage: PAGE_SIZE, ...(searched ? { keyword: searched } : {}) },
  });
  const canRegister = user ? hasAnyPermission(user.scopes, ['register-company']) : false;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          Company Profiles
        </Title>
        {canRegister ? (
          <Button component={Link} to={REGISTER_COMPANY_PATH} leftSection={<IconPlus size={16} aria-hidden />}>
            Register a company
          </Button>
        ) : null}
      </Group>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setPage(1);
            setSearched(keyword.trim());
          }}
        >
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Search"
              placeholder="Legal name, sanadId or registration number"
              value={keyword}
              onChange={(event) => setKeyword(event.currentTarget.value)}
              style={{ flex: '1 1 240px' }}
            />
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
              Search
            </Button>
          </Group>
        </form>
      </Paper>
      {list.error ? (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      ) : !list.data ? (
        <Skeleton h={240} />
      ) : list.data.rows.length === 0 ? (
        <NoRecords message={searched ? 'No company matches the search' : 'No companies registered yet'} />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover aria-label="Companies">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Legal name</Table.Th>
                  <Table.Th>sanadId</Table.Th>
                  <Table.Th>Registration number</Table.Th>
                  <Table.Th>Country</Table.Th>
                  <Table.Th>Hits</Table.Th>
                  <Table.Th>Risk</Table.Th>
                  <Table.Th>KYC</Table.Th>
                  <Table.Th>Registered</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.rows.map((row) => (
                  <Table.Tr key={row._id}>
                    <Table.Td>
                      <Anchor component={Link} to={companyProfilePath(row._id)} size="sm" fw={600}>
                        {row.fullName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{row.sanadId}</Table.Td>
                    <Table.Td>{row.idNumber}</Table.Td>
                    <Table.Td>{countryName(row.countryOfResidenceId)}</Table.Td>
                    <Table.Td>{row.hitTypes.length === 0 ? 'No hit' : row.hitTypes.map(hitTypeLabel).join(', ')}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={row.riskLevel} />
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={row.kycStatus} />
                    </Table.Td>
                    <Table.Td>{formatDate(row.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {list.data && list.data.pagination.total > PAGE_SIZE ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {list.data.pagination.total} companies
          </Text>
          <Pagination value={page} onChange={setPage} total={Math.ceil(list.data.pagination.total / PAGE_SIZE)} size="sm" />
        </Group>
      ) : null}
    </Stack>
  );
}
