import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Breadcrumbs, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconBan, IconCheck, IconEye, IconPencil, IconSend } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { REGISTRATION_STEPS } from '@sanad/contracts/registration-steps';
import type { TTempCustomer } from '@sanad/contracts/temp-customers';
import { TEMP_CUSTOMER_ENDPOINTS } from '@sanad/contracts/temp-customers.endpoints';
import { api } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { TempCustomerStatus } from '../deep-link/TempCustomerStatus';
import { TEMP_CUSTOMERS_PATH, customerProfilePath } from '../paths';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div style={{ overflowWrap: 'anywhere' }}>{children}</div>
    </Stack>
  );
}

const stepLabel = (step: TTempCustomer['reachedStep']) => {
  const index = REGISTRATION_STEPS.findIndex((candidate) => candidate.name === step);
  return `${index + 1}. ${REGISTRATION_STEPS[index]?.label ?? step}`;
};

/** What happened to the link, in order: sent, opened, steps saved, completed. */
function History({ temp }: { temp: TTempCustomer }) {
  const items = [
    { title: temp.sentCount > 1 ? `Sent ${temp.sentCount} times` : 'Sent', at: temp.lastSentAt, icon: <IconSend size={12} /> },
    ...(temp.openedAt ? [{ title: 'Opened', at: temp.openedAt, icon: <IconEye size={12} /> }] : []),
    ...(temp.progressedAt
      ? [{ title: `Last step saved (reached ${stepLabel(temp.reachedStep)})`, at: temp.progressedAt, icon: <IconPencil size={12} /> }]
      : []),
    ...(temp.completedAt ? [{ title: 'Registration completed', at: temp.completedAt, icon: <IconCheck size={12} /> }] : []),
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Link history">
      <Title order={2} size="h4" mb="sm">
        Link history
      </Title>
      <Timeline active={items.length - 1} bulletSize={22} lineWidth={2}>
        {items.map((item) => (
          <Timeline.Item key={item.title} title={item.title} bullet={item.icon}>
            <Text size="xs" c="dimmed">
              {formatDateTime(item.at)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Paper>
  );
}

/**
 * One temp customer (/customer-profiles/temp-customer-information/:id, view-deeplink-sent): who was
 * sent the link, where it stands, and (with register-customer) sending it again with a new token or
 * revoking it.
 */
export default function TempCustomerPage() {
  const { id = '' } = useParams();
  const user = useSessionUser();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState<'resend' | 'revoke' | null>(null);
  const [isBusy, setBusy] = useState(false);
  const temp = useQuery({
    queryKey: ['temp-customer', id],
    queryFn: ({ signal }) => api(TEMP_CUSTOMER_ENDPOINTS.get, { params: { id } }, { signal }),
  });
  const data = temp.data?.data;
  const canChange = Boolean(user?.scopes.includes('register-customer'));
  const isActive = data ? ['sent', 'opened', 'in-progress'].includes(data.status) : false;
  const canResend = data ? ['sent', 'opened', 'in-progress', 'expired'].includes(data.status) : false;

  async function act(action: 'resend' | 'revoke'): Promise<void> {
    setBusy(true);
    try {
      const endpoint = action === 'resend' ? TEMP_CUSTOMER_ENDPOINTS.resend : TEMP_CUSTOMER_ENDPOINTS.revoke;
      const { message } = await api(endpoint, { params: { id }, body: {} });
      toastSuccess(message);
      setConfirming(null);
      await client.invalidateQueries({ queryKey: ['temp-customer', id] });
      await client.invalidateQueries({ queryKey: ['list'] });
    } catch (caught) {
      toastError(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={TEMP_CUSTOMERS_PATH} size="sm">
          Temp Customers
        </Anchor>
        <Text size="sm">{data?.fullName ?? 'Temp customer'}</Text>
      </Breadcrumbs>
      {temp.error ? (
        <Alert color="red" role="alert" title="The temp customer could not be opened">
          {temp.error.message}
        </Alert>
      ) : !data ? (
        <Stack gap="md" aria-busy>
          <Skeleton h={36} w="50%" />
          <Skeleton h={160} />
        </Stack>
      ) : (
        <>
          <Group justify="space-between" gap="sm" align="flex-start">
            <Group gap="sm" style={{ minWidth: 0 }}>
              <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                {data.fullName}
              </Title>
              <TempCustomerStatus status={data.status} />
            </Group>
            {canChange && (canResend || isActive) ? (
              <Group gap="sm">
                {canResend ? (
                  <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => setConfirming('resend')}>
                    Resend link
                  </Button>
                ) : null}
                {isActive ? (
                  <Button
                    color="red"
                    variant="light"
                    leftSection={<IconBan size={16} aria-hidden />}
                    onClick={() => setConfirming('revoke')}
                  >
                    Revoke link
                  </Button>
                ) : null}
              </Group>
            ) : null}
          </Group>
          <Paper withBorder radius="md" p="md" component="section" aria-label="Temp customer">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="md">
              <Fact label="Email">{data.email ?? '-'}</Fact>
              <Fact label="Phone number">{data.phoneNumber ?? '-'}</Fact>
              <Fact label="Sent by">{data.channel === 'email' ? 'Email' : 'SMS'}</Fact>
              <Fact label="Reached step">{stepLabel(data.reachedStep)}</Fact>
              <Fact label="Link expires">{formatDateTime(data.expiresAt)}</Fact>
              <Fact label="Sent by staff">{data.createdBy?.name ?? '-'}</Fact>
              <Fact label="Created">{formatDateTime(data.createdAt)}</Fact>
              <Fact label="Customer">
                {data.customerId && data.sanadId ? (
                  <Anchor component={Link} to={customerProfilePath(data.customerId)} size="sm" data-testid="temp-customer-sanad-id">
                    {data.sanadId}
                  </Anchor>
                ) : (
                  <Text size="sm">Not registered yet</Text>
                )}
              </Fact>
            </SimpleGrid>
          </Paper>
          <History temp={data} />
        </>
      )}
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming === 'resend' ? 'Send the link again?' : 'Revoke the link?'}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {confirming === 'resend'
              ? 'A new link is sent and the previous one stops working. What the customer has saved so far is kept.'
              : 'The link stops working at once. The customer cannot continue the registration with it.'}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button color={confirming === 'revoke' ? 'red' : undefined} loading={isBusy} onClick={() => confirming && void act(confirming)}>
              {confirming === 'resend' ? 'Resend link' : 'Revoke link'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
