import type { ReactNode } from 'react';
import { Code, Drawer, Stack, Table, Text } from '@mantine/core';
import { API_LOG_KIND_LABELS, type TApiLog } from '@sanad/contracts/api-logs';
import { formatDateTimeSeconds } from '../../../lib/format';

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** One API-log entry: every field of the spec's API log, and the response body as it was kept (redacted). */
export function ApiLogDrawer({ entry, onClose }: { entry: TApiLog; onClose: () => void }) {
  const rows: Array<[string, ReactNode]> = [
    ['Kind', API_LOG_KIND_LABELS[entry.kind]],
    ['Status', entry.status === null ? 'No answer' : String(entry.status)],
    ['Method', entry.method],
    ['Endpoint', entry.endpoint],
    ['Created at', formatDateTimeSeconds(entry.createdAt)],
    ['Duration', entry.durationMs === null ? '—' : `${entry.durationMs} ms`],
    [entry.kind === 'api' ? 'Application' : 'Webhook', entry.userName || '—'],
    ['User id', entry.userId ?? '—'],
    ['Key', entry.codeKey ?? '—'],
    [entry.kind === 'api' ? 'Session (request id)' : 'Session (webhook-id)', entry.sessionId || '—'],
  ];
  return (
    <Drawer opened onClose={onClose} position="right" size="lg" title="API log entry" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <Table variant="vertical" layout="fixed" withTableBorder>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={150}>{label}</Table.Th>
                <Table.Td style={{ wordBreak: 'break-all' }}>
                  <Text size="sm">{value}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {entry.error ? (
          <Text size="sm" c="red.8">
            {entry.error}
          </Text>
        ) : null}
        <Text size="sm" fw={600}>
          Response body
        </Text>
        <Text size="xs" c="dimmed">
          Document numbers, images, secrets and codes are replaced by [redacted] before an entry is stored.
        </Text>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} aria-label="Response body">
          {entry.responseBody ? prettyJson(entry.responseBody) : 'No body'}
        </Code>
      </Stack>
    </Drawer>
  );
}
