import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { CUSTOMER_SOURCE_LABELS, type TCustomerDetail, type TCustomerHit, type TCustomerVersion } from '@sanad/contracts/customers';
import { CUSTOMER_ENDPOINTS } from '@sanad/contracts/customers.endpoints';
import { NoRecords } from '../../../components/NoRecords';
import { StatusBadge } from '../../../components/StatusBadge';
import { api } from '../../../lib/api';
import { formatDate, formatDateTime } from '../../../lib/format';
import { hitTypeLabel } from '../../../lib/hit-types';
import { HitTypeBadges, RiskBadge } from '../components/CustomerBadges';
import { RecordSections } from '../components/RecordSections';
import { recordSections } from '../components/record-sections';
import { customerTabPath } from '../paths';
import { CustomerProfileLayout } from './CustomerProfileLayout';
import { DETERMINATION_LABELS } from './hit-labels';
import { DocumentRequests } from './DocumentRequests';
import { SignatureSection } from './SignatureSection';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

function Summary({ customer }: { customer: TCustomerDetail }) {
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 7 }} spacing="md" verticalSpacing="md">
        <Fact label="Sanad ID">
          <Text fw={700}>{customer.sanadId}</Text>
        </Fact>
        <Fact label="KYC status">
          <StatusBadge status={customer.kycStatus} />
        </Fact>
        <Fact label="Risk level">
          <span data-testid="risk-level">
            <RiskBadge level={customer.riskLevel} />
          </span>
        </Fact>
        <Fact label="Screening">
          <HitTypeBadges hitTypes={customer.hitTypes} />
        </Fact>
        <Fact label="Came through">
          <Text size="sm">
            {CUSTOMER_SOURCE_LABELS[customer.source]}
            {customer.campaign ? ` (${customer.campaign})` : ''}
          </Text>
        </Fact>
        <Fact label="Record">
          <StatusBadge status={customer.status} />
        </Fact>
        <Fact label="Created">
          <Text size="sm">
            {formatDateTime(customer.createdAt)}
            {customer.createdBy ? ` by ${customer.createdBy.name}` : ''}
          </Text>
        </Fact>
      </SimpleGrid>
      {customer.isEddRequired || customer.nextReviewDate ? (
        <Group gap="sm" mt="sm">
          {customer.isEddRequired ? <Badge color="red">Enhanced due diligence required</Badge> : null}
          {customer.nextReviewDate ? <Text size="sm">Next review: {formatDate(customer.nextReviewDate)}</Text> : null}
        </Group>
      ) : null}
    </Paper>
  );
}

/** The screening hits with the columns a reviewer reads first; the table scrolls sideways on a phone. */
function Hits({ id, hits }: { id: string; hits: readonly TCustomerHit[] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="hits-heading">
      <Group justify="space-between" align="baseline" gap="sm" mb="sm">
        <Title order={2} size="h4" id="hits-heading">
          Name screening hits ({hits.length})
        </Title>
        <Anchor component={Link} to={customerTabPath('name-screening', id)} size="sm">
          Review in Name Screening
        </Anchor>
      </Group>
      {hits.length === 0 ? (
        <NoRecords message="No Name Screening Hits" />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="xs" aria-label="Name screening hits">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Full name</Table.Th>
                <Table.Th>Hit type</Table.Th>
                <Table.Th ta="right">Score</Table.Th>
                <Table.Th>Date of birth</Table.Th>
                <Table.Th>Country</Table.Th>
                <Table.Th>Source list</Table.Th>
                <Table.Th>Publisher</Table.Th>
                <Table.Th>Determination</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {hits.map((hit) => (
                <Table.Tr key={hit._id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{hit.fullName}</Table.Td>
                  <Table.Td>{hitTypeLabel(hit.hitType)}</Table.Td>
                  <Table.Td ta="right">{Math.round(hit.score)}</Table.Td>
                  <Table.Td>{hit.dob ?? '-'}</Table.Td>
                  <Table.Td>{hit.country ?? '-'}</Table.Td>
                  <Table.Td>{hit.sourceList}</Table.Td>
                  <Table.Td>{hit.publisherName}</Table.Td>
                  <Table.Td>{DETERMINATION_LABELS[hit.hitDetermination]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

function Alerts({ customer }: { customer: TCustomerDetail }) {
  if (customer.alerts.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="alerts-heading">
      <Title order={2} size="h4" id="alerts-heading" mb="sm">
        Alerts
      </Title>
      <Stack gap="xs">
        {customer.alerts.map((alert) => (
          <Group key={alert._id} gap="sm" wrap="wrap">
            <Badge variant="light" color="orange" tt="none">
              {alert.type}
            </Badge>
            <Text size="sm" style={{ flex: 1, minWidth: 160 }}>
              {alert.reason}
            </Text>
            <Text size="xs" c="dimmed">
              {alert.state} · {formatDateTime(alert.createdAt)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

function Versions({ id }: { id: string }) {
  const versions = useQuery({
    queryKey: ['customer-versions', id],
    queryFn: ({ signal }) => api(CUSTOMER_ENDPOINTS.versions, { params: { id }, query: { perPage: 50 } }, { signal }),
  });
  const rows: TCustomerVersion[] = versions.data?.data ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="versions-heading">
      <Title order={2} size="h4" id="versions-heading" mb="sm">
        Record versions
      </Title>
      {versions.error ? (
        <Alert color="red" role="alert">
          {versions.error.message}
        </Alert>
      ) : versions.isLoading ? (
        <Skeleton h={40} />
      ) : rows.length === 0 ? (
        <NoRecords message="No versions kept yet" />
      ) : (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((version) => (
            <Group key={version._id} component="li" gap="sm" wrap="wrap" align="baseline">
              <Badge variant="outline" tt="none">
                Version {version.version}
              </Badge>
              <Text size="sm" fw={600}>
                {version.action === 'created' ? 'Created' : 'Edited'}
              </Text>
              <Text size="sm">by {version.actor.name}</Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(version.createdAt)}
              </Text>
              {version.changedFields.length > 0 && !version.changedFields.includes('*') ? (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere', flexBasis: '100%' }}>
                  Changed: {version.changedFields.join(', ')}
                </Text>
              ) : null}
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/**
 * One customer (/customer-profiles/customer-information/:id): who they are, their KYC status, risk
 * level and screening hits, every section of the record, alerts and the kept versions.
 */
export default function CustomerProfilePage() {
  const { id = '' } = useParams();
  return (
    <CustomerProfileLayout id={id} active="customer-information">
      {(data) => (
        <>
          <Summary customer={data} />
          <Hits id={id} hits={data.hits} />
          <Alerts customer={data} />
          <RecordSections sections={recordSections(data.record)} />
          <SignatureSection signature={data.record.signature} />
          <DocumentRequests customer={data} />
          <Versions id={id} />
        </>
      )}
    </CustomerProfileLayout>
  );
}
