import { Alert, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { RISK_ENDPOINTS } from '@sanad/contracts/risk.endpoints';
import { NoRecords } from '../../../components/NoRecords';
import { OverrideTable } from '../../../components/OverrideTable';
import { RiskTable } from '../../../components/RiskTable';
import { StatusBadge } from '../../../components/StatusBadge';
import { api } from '../../../lib/api';
import { formatDate, formatDateTime } from '../../../lib/format';
import { CompanyProfileLayout } from './CompanyProfileLayout';

function Rating({ id }: { id: string }) {
  const tab = useQuery({
    queryKey: ['customer-rating', id],
    queryFn: ({ signal }) => api(RISK_ENDPOINTS.customerRating, { params: { id } }, { signal }),
  });
  if (tab.error)
    return (
      <Alert color="red" role="alert">
        {tab.error.message}
      </Alert>
    );
  if (!tab.data) return <Skeleton h={240} />;
  const rating = tab.data.data.rating;
  if (!rating) return <NoRecords message="This company has not been rated yet" />;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="rating-heading">
        <Title order={2} size="h4" id="rating-heading" mb="sm">
          Rating in force
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Level
            </Text>
            <StatusBadge status={rating.level} />
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Total score
            </Text>
            <Text size="sm">{rating.totalScore === null ? '-' : Math.round(rating.totalScore * 100) / 100}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Rated
            </Text>
            <Text size="sm">
              {formatDateTime(rating.createdAt)} · {rating.actorName || 'System'}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Next review
            </Text>
            <Text size="sm">{rating.nextReviewDate ? formatDate(rating.nextReviewDate) : '-'}</Text>
          </Stack>
        </SimpleGrid>
        <Group gap="sm" mt="sm">
          {rating.isEddRequired ? <Badge color="red">Enhanced due diligence required</Badge> : null}
          <Text size="sm" c="dimmed">
            Configuration {rating.configVersion}. The parents&apos; own screening hits count towards the company&apos;s.
          </Text>
        </Group>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="risk-table-heading">
        <Title order={2} size="h4" id="risk-table-heading" mb="sm">
          Risk table
        </Title>
        <RiskTable rows={rating.explanation.riskTable} />
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="override-table-heading">
        <Title order={2} size="h4" id="override-table-heading" mb="sm">
          Override table
        </Title>
        <OverrideTable rows={rating.explanation.overrideTable} />
      </Paper>
    </Stack>
  );
}

/** kyc-risk-rating/:id: the company's rating by the risk engine, with its risk and override tables. */
export default function CompanyRiskRatingPage() {
  const { id = '' } = useParams();
  return (
    <CompanyProfileLayout id={id} active="kyc-risk-rating">
      {() => <Rating id={id} />}
    </CompanyProfileLayout>
  );
}
