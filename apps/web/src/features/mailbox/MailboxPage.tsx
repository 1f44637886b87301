import { useState } from 'react';
import { Alert, Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import type { TMailboxMessageRow } from '@sanad/contracts/mailbox';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { toListQuery, useListState } from '../../components/data-table/use-list-state';
import { formatDateTime } from '../../lib/format';
import { useMailboxStatus } from '../../lib/mailbox-status';
import { useMailbox } from './api/get-mailbox';
import { MessageDialog } from './components/MessageDialog';

/**
 * The built-in mailbox: the e-mails and text messages waiting in the outbox because no mail server
 * is set up. Each opens to its text with clickable links; codes and password links meant for
 * someone else are listed without their text.
 */
export default function MailboxPage() {
  const isOn = useMailboxStatus();
  const { state, update } = useListState({ sortBy: 'createdAt', sortOrder: 'desc' });
  const { data, isPending, error } = useMailbox(toListQuery(state), isOn);
  const [openId, setOpenId] = useState<string | null>(null);

  const columns: Column<TMailboxMessageRow>[] = [
    {
      key: 'subject',
      title: 'Subject',
      render: (row) => (
        <Anchor component="button" type="button" size="sm" ta="left" onClick={() => setOpenId(row._id)}>
          {row.subject || '(no subject)'}
        </Anchor>
      ),
    },
    { key: 'recipient', title: 'To', render: (row) => row.recipient },
    {
      key: 'kind',
      title: 'Kind',
      sortable: false,
      render: (row) => (
        <Badge variant="light" color={row.isWithheld ? 'gray' : 'brand'} c="var(--mantine-color-text)" tt="none">
          {row.isWithheld ? 'For the recipient only' : row.channel === 'sms' ? 'Text message' : 'E-mail'}
        </Badge>
      ),
    },
    { key: 'createdAt', title: 'Written', render: (row) => formatDateTime(row.createdAt) },
  ];

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Mailbox
        </Title>
        <Text c="dimmed">
          No mail server is set up (SMTP_URL), so e-mails are not sent: they wait here. You see the messages addressed to you and, if you
          manage users, the invitations of your data segments.
        </Text>
      </div>
      {isOn ? (
        <DataTable
          caption="Mailbox"
          columns={columns}
          rows={data?.rows}
          rowKey={(row) => row._id}
          total={data?.pagination.total ?? 0}
          state={state}
          onStateChange={update}
          isLoading={isPending}
          error={error}
          searchPlaceholder="Search recipients or subjects"
          emptyMessage="No messages are waiting"
        />
      ) : (
        <Alert color="gray">This server sends e-mail through its mail server, so there is no built-in mailbox.</Alert>
      )}
      <MessageDialog id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
