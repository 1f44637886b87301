import { useState } from 'react';
import { Badge, Button, Card, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { BULK_COLUMNS } from '@sanad/contracts/bulk-onboarding';
import { toastError } from '../../../lib/toast';
import { downloadTemplate } from '../api/bulk-uploads';

/** The template in CSV or XLSX, and what each of its columns holds. */
export function TemplateCard() {
  const [loading, setLoading] = useState<'csv' | 'xlsx' | null>(null);
  async function download(format: 'csv' | 'xlsx'): Promise<void> {
    setLoading(format);
    try {
      await downloadTemplate(format);
    } catch (caught) {
      toastError(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setLoading(null);
    }
  }
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          Template
        </Title>
        <Text size="sm" c="dimmed">
          One customer per row. Each row is checked like a registration: duplicates are refused, and every customer is screened and rated.
        </Text>
        <Group gap="sm">
          <Button leftSection={<IconDownload size={16} />} variant="light" loading={loading === 'csv'} onClick={() => void download('csv')}>
            Template (CSV)
          </Button>
          <Button
            leftSection={<IconDownload size={16} />}
            variant="light"
            loading={loading === 'xlsx'}
            onClick={() => void download('xlsx')}
          >
            Template (XLSX)
          </Button>
        </Group>
        <ScrollArea type="auto">
          <Table striped withTableBorder fz="sm" miw={560} aria-label="Template columns">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Column</Table.Th>
                <Table.Th>Required</Table.Th>
                <Table.Th>How to write it</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {BULK_COLUMNS.map((column) => (
                <Table.Tr key={column.column}>
                  <Table.Td ff="monospace">{column.column}</Table.Td>
                  <Table.Td>{column.isRequired ? <Badge size="sm">Required</Badge> : <Text size="sm">Optional</Text>}</Table.Td>
                  <Table.Td>{column.note || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Stack>
    </Card>
  );
}
