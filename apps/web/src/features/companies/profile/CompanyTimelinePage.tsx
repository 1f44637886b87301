import { useState } from 'react';
import { Alert, Badge, Group, Pagination, Paper, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { COMPANY_ENDPOINTS } from '@sanad/contracts/companies.endpoints';
import { NoRecords } from '../../../components/NoRecords';
import { formatDateTime } from '../../../lib/format';
import { usePage } from '../../../lib/list-api';
import { CompanyProfileLayout } from './CompanyProfileLayout';

const PAGE_SIZE = 20;

function Events({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const events = usePage(
    COMPANY_ENDPOINTS.timeline,
    { params: { id }, query: { startAt: page, perPage: PAGE_SIZE } },
    { dataSegmentId: 'skip' },
  );
  if (events.error)
    return (
      <Alert color="red" role="alert">
        {events.error.message}
      </Alert>
    );
  if (!events.data) return <Skeleton h={240} />;
  const rows = events.data.rows;
  if (rows.length === 0) return <NoRecords message="No activity yet" />;
  return (
    <Stack gap="sm">
      <Timeline bulletSize={14} lineWidth={2} active={rows.length} aria-label="Activity">
        {rows.map((event) => (
          <Timeline.Item
            key={event._id}
            title={
              <Group gap="xs" wrap="wrap">
                <Text fw={600} size="sm">
                  {event.title}
                </Text>
                <Badge variant="outline" size="xs" tt="none">
                  {event.module.replaceAll('_', ' ')}
                </Badge>
              </Group>
            }
          >
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {event.summary}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(event.at)} · {event.actorName}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
      {events.data.pagination.total > PAGE_SIZE ? (
        <Pagination value={page} onChange={setPage} total={Math.ceil(events.data.pagination.total / PAGE_SIZE)} size="sm" />
      ) : null}
    </Stack>
  );
}

/** activity-timeline/:id: every event of the company from the audit trail, newest first. */
export default function CompanyTimelinePage() {
  const { id = '' } = useParams();
  return (
    <CompanyProfileLayout id={id} active="activity-timeline">
      {() => (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <Title order={2} size="h4" mb="md">
            Activity timeline
          </Title>
          <Events id={id} />
        </Paper>
      )}
    </CompanyProfileLayout>
  );
}
