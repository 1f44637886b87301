import type { ReactNode } from 'react';
import { Badge, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { LOG_MODULE_LABELS, logActionLabel, type LogModule } from '@sanad/contracts/log-modules';
import type { TSystemLog } from '@sanad/contracts/system-logs';
import { formatDateTimeSeconds } from '../../../lib/format';

export const moduleLabel = (type: string) => LOG_MODULE_LABELS[type as LogModule] ?? type;
export const formatLogTime = (createdAt: string) => formatDateTimeSeconds(createdAt);

function List({ items }: { items: readonly string[] }) {
  return (
    <Group gap={4}>
      {items.map((item) => (
        <Badge key={item} variant="outline" color="gray" tt="none" radius="sm">
          {item}
        </Badge>
      ))}
    </Group>
  );
}

/** One entry with its GDPR record-of-processing fields. */
export function LogDetailDialog({ entry, onClose }: { entry: TSystemLog; onClose: () => void }) {
  const rows: Array<[string, ReactNode]> = [
    ['User', entry.user ? `${entry.user.name}${entry.user.email ? ` (${entry.user.email})` : ''}` : 'System'],
    ['Type', moduleLabel(entry.type)],
    ['Action', `${logActionLabel(entry.action)} (${entry.action})`],
    ['Created at', formatLogTime(entry.createdAt)],
    ['Summary', entry.summary || '—'],
    ['Purpose of processing', entry.purposeOfProcessing],
    ['Legal basis for processing', entry.legalBasisForProcessing],
    ['Categories of data involved', <List key="categories" items={entry.categoriesOfDataInvolved} />],
    ['Recipients', <List key="recipients" items={entry.recipients} />],
    ['Retention period', entry.retentionPeriod],
    ['Location of processing', entry.locationOfProcessing],
    ['Security measures', entry.securityMeasures],
  ];
  return (
    <Modal opened onClose={onClose} title="System log entry" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="xs">
        <Table variant="vertical" layout="fixed" withTableBorder>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={220}>{label}</Table.Th>
                <Table.Td>{typeof value === 'string' ? <Text size="sm">{value}</Text> : value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Modal>
  );
}
