import { useState } from 'react';
import { Alert, Badge, Button, Group, Pagination, Paper, Skeleton, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useParams } from 'react-router';
import type { TTimelineEvent } from '@sanad/contracts/customer-profile';
import { CUSTOMER_PROFILE_ENDPOINTS } from '@sanad/contracts/customer-profile.endpoints';
import { hasAnyPermission } from '@sanad/contracts/permissions';
import { NoRecords } from '../../../components/NoRecords';
import { apiDownload } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { usePage } from '../../../lib/list-api';
import { useSessionUser } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { CustomerProfileLayout } from './CustomerProfileLayout';

const PAGE_SIZE = 20;

function Changes({ event }: { event: TTimelineEvent }) {
  if (event.changes.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={420} mt={6}>
      <Table withTableBorder verticalSpacing={4} fz="xs" aria-label={`Changes of ${event.title}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            <Table.Th>Before</Table.Th>
            <Table.Th>After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {event.changes.map((change) => (
            <Table.Tr key={change.field}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.field}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.from ?? '-'}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.to ?? '-'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Events({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const events = usePage(
    CUSTOMER_PROFILE_ENDPOINTS.timeline,
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
  const total = events.data.pagination.total;
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
            <Changes event={event} />
          </Timeline.Item>
        ))}
      </Timeline>
      {total > PAGE_SIZE ? <Pagination total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} size="sm" /> : null}
    </Stack>
  );
}

/**
 * The activity-timeline tab (/customer-profiles/activity-timeline/:id): every event of the customer
 * from the audit trail, newest first, each edit with its fields before and after; holders of
 * export-activity-timeline download it as CSV.
 */
export default function ActivityTimelinePage() {
  const { id = '' } = useParams();
  const canExport = hasAnyPermission(useSessionUser()?.scopes ?? [], ['export-activity-timeline']);
  const [isExporting, setExporting] = useState(false);
  async function exportCsv() {
    setExporting(true);
    try {
      await apiDownload(CUSTOMER_PROFILE_ENDPOINTS.exportTimeline, { params: { id } });
    } catch (caught) {
      toastError(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setExporting(false);
    }
  }
  return (
    <CustomerProfileLayout id={id} active="activity-timeline">
      {() => (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="timeline-heading">
          <Group justify="space-between" align="center" mb="md" gap="sm">
            <Title order={2} size="h4" id="timeline-heading">
              Activity timeline
            </Title>
            {canExport ? (
              <Button
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={isExporting}
                onClick={() => void exportCsv()}
              >
                Export CSV
              </Button>
            ) : null}
          </Group>
          <Events id={id} />
        </Paper>
      )}
    </CustomerProfileLayout>
  );
}
