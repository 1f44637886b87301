import { useEffect, useState } from 'react';
import { Accordion, Badge, Button, Code, Drawer, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconRefresh, IconSend } from '@tabler/icons-react';
import type { TWebhookDeliveryRow, TWebhookRow } from '@sanad/contracts/developers';
import { WEBHOOK_ENDPOINTS } from '@sanad/contracts/developers.endpoints';
import { ErrorAlert } from '../../../components/form/ErrorAlert';
import { NoRecords } from '../../../components/NoRecords';
import { formatDateTimeSeconds } from '../../../lib/format';
import { usePage } from '../../../lib/list-api';
import { useSaveFlow } from '../../../lib/use-save-flow';
import { resendDelivery, sendTestEvent } from '../api/developers-api';

const TONES = { succeeded: 'green', failed: 'red', pending: 'yellow' } as const;

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function DeliveryItem({ delivery, onResend, isBusy }: { delivery: TWebhookDeliveryRow; onResend: () => void; isBusy: boolean }) {
  return (
    <Accordion.Item value={delivery._id}>
      <Accordion.Control>
        <Group gap="xs" wrap="wrap">
          <Badge color={TONES[delivery.status]} variant="light" tt="none">
            {delivery.status === 'succeeded' ? 'Delivered' : delivery.status === 'failed' ? 'Failed' : 'Pending'}
          </Badge>
          <Text size="sm" fw={600}>
            {delivery.eventType}
          </Text>
          <Text size="sm" c="dimmed">
            {formatDateTimeSeconds(delivery.lastAttemptAt ?? delivery.createdAt)}
          </Text>
          <Text size="sm" c="dimmed">
            {delivery.responseStatus ? `HTTP ${delivery.responseStatus}` : 'No answer'} · {delivery.attempts}{' '}
            {delivery.attempts === 1 ? 'attempt' : 'attempts'}
          </Text>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="xs">
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            webhook-id {delivery.messageId}
            {delivery.durationMs !== null ? ` · ${delivery.durationMs} ms` : ''}
            {delivery.nextAttemptAt ? ` · next attempt ${formatDateTimeSeconds(delivery.nextAttemptAt)}` : ''}
          </Text>
          {delivery.error ? (
            <Text size="sm" c="red">
              {delivery.error}
            </Text>
          ) : null}
          <Text size="sm" fw={600}>
            Request body
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {prettyJson(delivery.requestBody)}
          </Code>
          {delivery.responseBody !== null ? (
            <>
              <Text size="sm" fw={600}>
                Response body
              </Text>
              <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {delivery.responseBody || '(empty)'}
              </Code>
            </>
          ) : null}
          <Group justify="flex-end">
            <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={onResend} loading={isBusy}>
              Resend
            </Button>
          </Group>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** A webhook's delivery log, newest first, refreshed every few seconds; each entry can be resent. */
export function DeliveryLogDrawer({ webhook, onClose }: { webhook: TWebhookRow | null; onClose: () => void }) {
  const [perPage, setPerPage] = useState(20);
  const queryClient = useQueryClient();
  const listPath = WEBHOOK_ENDPOINTS.deliveries.path;
  const action = useSaveFlow({ listPath });
  const page = usePage(
    WEBHOOK_ENDPOINTS.deliveries,
    { params: { id: webhook?._id ?? '' }, query: { startAt: 1, perPage } },
    { enabled: webhook !== null },
  );
  const rows = page.data?.rows ?? [];
  const total = page.data?.pagination.total ?? 0;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['list', listPath] });
  // Deliveries happen in the background: the open log reads them again every few seconds.
  useEffect(() => {
    if (!webhook) return undefined;
    const timer = window.setInterval(() => void queryClient.invalidateQueries({ queryKey: ['list', listPath] }), 3000);
    return () => window.clearInterval(timer);
  }, [webhook, queryClient, listPath]);
  return (
    <Drawer
      opened={webhook !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={webhook ? `Delivery log: ${webhook.title}` : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {webhook?.endpointUrl}
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={refresh}>
              Refresh
            </Button>
            {webhook?.status === 'active' ? (
              <Button
                size="xs"
                leftSection={<IconSend size={14} />}
                loading={action.isSaving}
                onClick={() => webhook && void action.run(() => sendTestEvent(webhook._id))}
              >
                Send test event
              </Button>
            ) : null}
          </Group>
        </Group>
        <ErrorAlert message={page.error ? page.error.message : null} />
        {rows.length === 0 && !page.isPending ? <NoRecords /> : null}
        <Accordion variant="separated" chevronPosition="left">
          {rows.map((delivery) => (
            <DeliveryItem
              key={delivery._id}
              delivery={delivery}
              isBusy={action.isSaving}
              onResend={() => webhook && void action.run(() => resendDelivery(webhook._id, delivery._id))}
            />
          ))}
        </Accordion>
        {total > rows.length ? (
          <Button variant="subtle" onClick={() => setPerPage((current) => (current >= 100 ? 500 : current >= 50 ? 100 : 50))}>
            Show more ({rows.length} of {total})
          </Button>
        ) : null}
      </Stack>
    </Drawer>
  );
}
