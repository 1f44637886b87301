import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ALERT_MESSAGES, type TAlertDetail, type TAlertLogEntry, type TLevelDecision } from '@sanad/contracts/alerts';
import { ALERT_ENDPOINTS } from '@sanad/contracts/alerts.endpoints';
import { NoRecords } from '../../../components/NoRecords';
import { StatusBadge } from '../../../components/StatusBadge';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { hitTypeLabel } from '../../../lib/hit-types';
import { STORAGE_KEYS, useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { AlertIndicators, AlertStatusBadge } from '../components/AlertBadges';
import { ALERT_LIST_PATH } from '../paths';
import { AlertTrigger } from './AlertTrigger';
import { DECISION_LABELS, reviewActionOf, type ReviewAction } from './review-actions';

/** The customer's profile page (owned by the customer screens; linked by its address only). */
const customerProfilePath = (id: string) => `/customer-profiles/customer-information/${encodeURIComponent(id)}`;

const LOG_LABELS: Record<TAlertLogEntry['action'], string> = {
  raised: 'Alert raised',
  'created alert': 'Created alert (manual)',
  lock: 'Review initiated (lock)',
  approve: 'Approve',
  reject: 'Reject',
  confirm: 'Confirmed',
  return: 'Returned to maker',
  'cancel review': 'Cancel review',
  unlock: 'Unlock',
};

/** A failed action shows the first server error, else the message, else 'There is something wrong'. */
const failureText = (error: unknown) => (error instanceof ApiError ? error.message : ALERT_MESSAGES.fallback);

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

function Summary({ alert, canOpenCustomer }: { alert: TAlertDetail; canOpenCustomer: boolean }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Customer">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" verticalSpacing="md">
        <Fact label="Customer">
          {canOpenCustomer ? (
            <Anchor component={Link} to={customerProfilePath(alert.customer._id)} fw={700}>
              {alert.customer.sanadId}
            </Anchor>
          ) : (
            <Text fw={700}>{alert.customer.sanadId}</Text>
          )}
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {alert.customer.fullName}
          </Text>
        </Fact>
        <Fact label="KYC status">
          <span data-testid="kyc-status">
            <StatusBadge status={alert.customer.kycStatus} />
          </span>
        </Fact>
        <Fact label="Risk level">
          <StatusBadge status={alert.customer.riskLevel} />
        </Fact>
        <Fact label="Type">
          <Text size="sm" tt="capitalize">
            {alert.type}
          </Text>
        </Fact>
        <Fact label="Status">
          <AlertStatusBadge status={alert.status} />
        </Fact>
        <Fact label="Raised">
          <Text size="sm">
            {formatDateTime(alert.createdAt)}
            {alert.createdBy ? ` by ${alert.createdBy.name}` : ''}
          </Text>
        </Fact>
      </SimpleGrid>
    </Paper>
  );
}

function Reasons({ alert }: { alert: TAlertDetail }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="alert-reasons">
      <Title order={2} size="h4" id="alert-reasons" mb="sm">
        Why it was raised
      </Title>
      <Stack gap="sm">
        <Text size="sm">{alert.reason}</Text>
        <AlertIndicators indicators={alert.indicators} />
        {alert.trigger ? <AlertTrigger trigger={alert.trigger} /> : null}
        {alert.hits.length > 0 ? (
          <Table.ScrollContainer minWidth={520}>
            <Table striped verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Listed name</Table.Th>
                  <Table.Th>Hit type</Table.Th>
                  <Table.Th>Score</Table.Th>
                  <Table.Th>List</Table.Th>
                  <Table.Th>Determination</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {alert.hits.map((hit) => (
                  <Table.Tr key={hit._id}>
                    <Table.Td>
                      {hit.fullName}
                      {hit.isDelisted ? (
                        <Badge
                          ml="xs"
                          size="sm"
                          variant="outline"
                          color="gray"
                          title="The listed entity was removed from its list; review the hit"
                        >
                          Removed from list
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{hitTypeLabel(hit.hitType)}</Table.Td>
                    <Table.Td>{Math.round(hit.score)}</Table.Td>
                    <Table.Td>{hit.sourceList}</Table.Td>
                    <Table.Td tt="capitalize">{hit.hitDetermination.replace('-', ' ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            No screening hits
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function Decision({ title, decision }: { title: string; decision: TLevelDecision | null }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {title}
      </Text>
      {decision ? (
        <Stack gap={2} mt={4}>
          <Text fw={600} tt="capitalize">
            {decision.decision}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {decision.reason}
          </Text>
          <Text size="xs" c="dimmed">
            {decision.by.name}, {formatDateTime(decision.at)}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" mt={4}>
          Not yet
        </Text>
      )}
    </Paper>
  );
}

function ReviewForm({
  action,
  isBusy,
  onSubmit,
  onCancel,
}: {
  action: Extract<ReviewAction, { kind: 'review' }>;
  isBusy: boolean;
  onSubmit: (decision: string, reason: string) => void;
  onCancel: () => void;
}) {
  const [decision, setDecision] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!decision) return setError('Choose a decision');
        if (!reason.trim()) return setError('Reason is required');
        setError(null);
        onSubmit(decision, reason.trim());
      }}
    >
      <Stack gap="sm">
        <Radio.Group label={`Your decision (${action.level})`} value={decision} onChange={setDecision} required>
          <Group gap="md" mt={4}>
            {action.decisions.map((value) => (
              <Radio key={value} value={value} label={DECISION_LABELS[value] ?? value} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={1000}
          required
        />
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Group gap="sm">
          <Button type="submit" loading={isBusy}>
            Submit review
          </Button>
          <Button variant="default" onClick={onCancel} disabled={isBusy}>
            Cancel review
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReviewPanel({ alert, onChange }: { alert: TAlertDetail; onChange: (alert: TAlertDetail) => void }) {
  const user = useSessionUser();
  const [isBusy, setBusy] = useState(false);
  if (!user) return null;
  const action = reviewActionOf(alert, user);
  const run = async (call: () => Promise<{ message: string; data: TAlertDetail }>) => {
    setBusy(true);
    try {
      const answer = await call();
      toastSuccess(answer.message);
      onChange(answer.data);
    } catch (error) {
      toastError(failureText(error));
    } finally {
      setBusy(false);
    }
  };
  const params = { id: alert._id };
  const unlock = (
    <Button
      variant="default"
      leftSection={<IconLockOpen size={16} aria-hidden />}
      loading={isBusy}
      onClick={() => void run(() => api(ALERT_ENDPOINTS.unlock, { params }))}
    >
      Unlock
    </Button>
  );

  let body: React.ReactNode;
  switch (action.kind) {
    case 'decided':
      body = (
        <Text>
          Decided: <b>{alert.decision}</b>. The customer&apos;s KYC status is {alert.customer.kycStatus}.
        </Text>
      );
      break;
    case 'initiate':
      body = (
        <Group gap="sm">
          <Text size="sm">This alert waits for your review as {action.level}.</Text>
          <Button
            leftSection={<IconLock size={16} aria-hidden />}
            loading={isBusy}
            onClick={() => void run(() => api(ALERT_ENDPOINTS.initiateReview, { params }))}
          >
            Initiate review
          </Button>
        </Group>
      );
      break;
    case 'review':
      body = (
        <ReviewForm
          action={action}
          isBusy={isBusy}
          onSubmit={(decision, reason) =>
            void run(() => api(ALERT_ENDPOINTS.kycStatusReview, { params, body: { decision: decision as 'approved', reason } }))
          }
          onCancel={() => void run(() => api(ALERT_ENDPOINTS.cancelReview, { params }))}
        />
      );
      break;
    case 'locked':
      body = (
        <Group gap="sm">
          <Text size="sm">
            Locked by <b>{action.by}</b>
            {alert.lockedAt ? ` since ${formatDateTime(alert.lockedAt)}` : ''}.
          </Text>
          {action.canUnlock ? unlock : null}
        </Group>
      );
      break;
    case 'acted-elsewhere':
      body = <Text size="sm">You have already acted on this alert as {action.level}; another person reviews it at this level.</Text>;
      break;
    case 'waiting':
      body = <Text size="sm">Waiting for the {action.stage}&apos;s review.</Text>;
      break;
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="alert-review">
      <Title order={2} size="h4" id="alert-review" mb="sm">
        Review
      </Title>
      <Stack gap="md">
        {body}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Decision title="Maker" decision={alert.maker} />
          <Decision title="Checker" decision={alert.checker} />
          <Decision title="Approver" decision={alert.approver} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function AlertLog({ log }: { log: readonly TAlertLogEntry[] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="alert-log">
      <Title order={2} size="h4" id="alert-log" mb="sm">
        Alert log
      </Title>
      {log.length === 0 ? (
        <NoRecords />
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={log.length - 1}>
          {log.map((entry) => (
            <Timeline.Item
              key={entry._id}
              title={`${LOG_LABELS[entry.action]}${entry.level ? ` (${entry.level})` : ''}`}
              data-log-action={entry.action}
            >
              <Text size="sm">
                {entry.actor.name} · {formatDateTime(entry.createdAt)}
              </Text>
              {entry.reason ? (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {entry.reason}
                </Text>
              ) : null}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Paper>
  );
}

/**
 * One alert (/insights/alerts/:id): its customer, why it was raised (reason, indicators, hits), the
 * review actions the user's level allows, each level's decision and the alert log. The alert last
 * opened is kept in local storage (alertData): its id, status and customer.
 */
export default function AlertDetailPage() {
  const { id = '' } = useParams();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const queryKey = ['alert', id];
  const query = useQuery({ queryKey, queryFn: async () => (await api(ALERT_ENDPOINTS.get, { params: { id } })).data });
  const alert = query.data;

  useEffect(() => {
    if (alert)
      localStorage.setItem(
        STORAGE_KEYS.alertData,
        JSON.stringify({ _id: alert._id, status: alert.status, customerId: alert.customer._id }),
      );
  }, [alert]);

  const onChange = (next: TAlertDetail) => {
    queryClient.setQueryData(queryKey, next);
    void queryClient.invalidateQueries({ queryKey: ['list', ALERT_ENDPOINTS.list.path] });
    void queryClient.invalidateQueries({ queryKey: ['alerts', 'count'] });
  };

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={ALERT_LIST_PATH}>
          Alerts
        </Anchor>
        <Text>{alert?.customer.sanadId ?? 'Alert'}</Text>
      </Breadcrumbs>
      {query.error ? (
        <Alert color="red" title="The alert could not be loaded">
          {failureText(query.error)}
        </Alert>
      ) : !alert ? (
        <Skeleton height={240} />
      ) : (
        <>
          <Group gap="sm" justify="space-between">
            <Title order={1} size="h2">
              Alert on {alert.customer.sanadId}
            </Title>
            <AlertStatusBadge status={alert.status} />
          </Group>
          <Summary alert={alert} canOpenCustomer={Boolean(user?.scopes.includes('view-customer-profile'))} />
          <ReviewPanel alert={alert} onChange={onChange} />
          <Reasons alert={alert} />
          <AlertLog log={alert.log} />
        </>
      )}
    </Stack>
  );
}
