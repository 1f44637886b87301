import { Anchor, Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { TCompanyDetail } from '@sanad/contracts/companies';
import { NoRecords } from '../../../components/NoRecords';
import { StatusBadge } from '../../../components/StatusBadge';
import { hitTypeLabel } from '../../../lib/hit-types';
import { CompanyProfileLayout } from './CompanyProfileLayout';

const DETERMINATION = { open: 'Open', genuine: 'Relevant', 'false-positive': 'Not relevant' } as const;

/** The company's own hits: its legal and former names as organisations, and its parents not yet customers. */
function CompanyHits({ company }: { company: TCompanyDetail }) {
  if (company.hits.length === 0) return <NoRecords message="No screening hits for the company or its parents" />;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder aria-label="Screening hits">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Listed name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>List</Table.Th>
            <Table.Th>Score</Table.Th>
            <Table.Th>Decision</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {company.hits.map((hit) => (
            <Table.Tr key={hit._id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{hit.fullName}</Table.Td>
              <Table.Td>
                <Badge color={hit.hitType === 'sanction' ? 'red' : 'dark'} tt="none">
                  {hitTypeLabel(hit.hitType)}
                </Badge>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{hit.sourceList}</Table.Td>
              <Table.Td>{Math.round(hit.score)}</Table.Td>
              <Table.Td>{DETERMINATION[hit.hitDetermination]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The parents that are customers in their own right: their own screening and risk, rolled up here. */
function ParentResults({ company }: { company: TCompanyDetail }) {
  const known = company.structure.parties.filter((party) => party.kyc.customerId !== null);
  if (known.length === 0) return <NoRecords message="No parent has completed their own KYC yet" />;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table withTableBorder aria-label="Parents' own screening">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Parent</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Hits</Table.Th>
            <Table.Th>Risk</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {known.map((party) => (
            <Table.Tr key={party._id}>
              <Table.Td>{party.name}</Table.Td>
              <Table.Td>
                {party.kyc.sanadId ? (
                  <Anchor component={Link} to={`/customer-profiles/name-screening/${party.kyc.customerId ?? ''}`} size="sm">
                    {party.kyc.sanadId}
                  </Anchor>
                ) : null}
              </Table.Td>
              <Table.Td>{party.kyc.hitTypes.length === 0 ? 'No hit' : party.kyc.hitTypes.map(hitTypeLabel).join(', ')}</Table.Td>
              <Table.Td>
                <StatusBadge status={party.kyc.riskLevel} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** name-screening/:id: the company's and its parents' screening. */
export default function CompanyNameScreeningPage() {
  const { id = '' } = useParams();
  return (
    <CompanyProfileLayout id={id} active="name-screening">
      {(company) => (
        <Stack gap="md">
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            <Title order={2} size="h4" mb={4}>
              Company and parents
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              The legal name and former names are screened as organisations; parents that are not customers yet are screened by name.
            </Text>
            <CompanyHits company={company} />
          </Paper>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            <Title order={2} size="h4" mb="md">
              Parents&apos; own KYC
            </Title>
            <ParentResults company={company} />
          </Paper>
        </Stack>
      )}
    </CompanyProfileLayout>
  );
}
