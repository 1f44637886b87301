import { Alert, Modal, Stack, Text } from '@mantine/core';
import { MAILBOX_MESSAGES } from '@sanad/contracts/mailbox';
import { Loading } from '../../../components/Loading';
import { formatDateTime } from '../../../lib/format';
import { useMailboxMessage } from '../api/get-mailbox';
import { MessageText } from './MessageText';

export function MessageDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { data, isPending, error } = useMailboxMessage(id);
  return (
    <Modal opened={id !== null} onClose={onClose} title={data?.subject || 'Message'} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : isPending || !data ? (
        <Loading />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            To {data.recipient} ({data.channel === 'sms' ? 'text message' : 'e-mail'}) · {formatDateTime(data.createdAt)}
          </Text>
          {data.text === null ? <Alert color="gray">{MAILBOX_MESSAGES.withheld}</Alert> : <MessageText text={data.text} />}
        </Stack>
      )}
    </Modal>
  );
}
