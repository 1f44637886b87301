import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import type { TCustomerDetail } from '@sanad/contracts/customers';
import { CustomerProfileLayout } from './CustomerProfileLayout';
import { NOT_RECORDED, ocrFields, otherFiles, verifiedDocuments, type DocumentCheck } from './document-verification';

const TONE_COLOURS: Record<DocumentCheck['tone'], string> = { good: 'green', bad: 'red', warn: 'yellow', none: 'gray' };

const RESULT_WORDS: Record<string, { label: string; colour: string }> = {
  pending: { label: 'Pending', colour: 'gray' },
  passed: { label: 'Passed', colour: 'green' },
  failed: { label: 'Failed', colour: 'red' },
  matched: { label: 'Matched', colour: 'green' },
  'not-matched': { label: 'Not matched', colour: 'red' },
};

function ResultBadge({ result }: { result: string | undefined }) {
  const words = RESULT_WORDS[result ?? 'pending'] ?? { label: result ?? 'Pending', colour: 'gray' };
  return (
    <Badge variant="light" tt="none" color={words.colour}>
      {words.label}
    </Badge>
  );
}

function Tags({ customer }: { customer: TCustomerDetail }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="document-status-heading">
      <Title order={2} size="h4" id="document-status-heading" mb="sm">
        Document status
      </Title>
      {customer.documentStatuses.length === 0 ? (
        <Text size="sm" c="dimmed">
          No document status yet: the document was not read, or nothing could be compared.
        </Text>
      ) : (
        <Group gap="xs">
          {customer.documentStatuses.map((status) => (
            <Badge
              key={status}
              tt="none"
              variant="light"
              color={status === 'Document Matched' ? 'green' : status === 'Documents nearing expiry' ? 'yellow' : 'red'}
            >
              {status}
            </Badge>
          ))}
        </Group>
      )}
    </Paper>
  );
}

function Documents({ customer }: { customer: TCustomerDetail }) {
  const identity = customer.record.identityInfo ?? {};
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {verifiedDocuments(customer.record).map((document) => (
        <Paper key={document.key} withBorder radius="md" p="md" component="section" aria-label={document.title}>
          <Title order={2} size="h5" mb={4}>
            {document.title}
          </Title>
          <Text size="sm" c="dimmed" mb="sm" style={{ overflowWrap: 'anywhere' }}>
            {document.file ?? 'No file uploaded'}
            {document.key !== 'passport' && identity.cardType ? ` · ${identity.cardType}` : ''}
          </Text>
          <Stack gap={6}>
            {document.checks.map((check) => (
              <Group key={check.label} justify="space-between" gap="sm" wrap="nowrap">
                <Text size="sm">{check.label}</Text>
                <Badge variant="light" tt="none" color={TONE_COLOURS[check.tone]} style={{ flexShrink: 1, minWidth: 0 }}>
                  {check.value}
                </Badge>
              </Group>
            ))}
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <Text size="sm">MRZ check digits</Text>
              <Badge variant="light" tt="none" color="gray">
                {NOT_RECORDED}
              </Badge>
            </Group>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function Reading({ customer }: { customer: TCustomerDetail }) {
  const fields = ocrFields(customer.record);
  const identity = customer.record.identityInfo ?? {};
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="ocr-heading">
      <Title order={2} size="h4" id="ocr-heading" mb="sm">
        Read from the document
      </Title>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing="xs" aria-label="Read from the document">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              <Table.Th>Read (OCR)</Table.Th>
              <Table.Th>On the record</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field) => (
              <Table.Tr key={field.label}>
                <Table.Th scope="row">{field.label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{field.read ?? NOT_RECORDED}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{field.entered ?? '-'}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row">Expiry date</Table.Th>
              <Table.Td>{NOT_RECORDED}</Table.Td>
              <Table.Td>{identity.isLifetimeExpiry ? 'Lifetime' : (identity.expiryDate ?? '-')}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function Biometrics({ customer }: { customer: TCustomerDetail }) {
  const status = customer.record.verificationStatus;
  const files = otherFiles(customer.record);
  const video = files.find((file) => file.key === 'video');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="biometrics-heading">
      <Title order={2} size="h4" id="biometrics-heading" mb="sm">
        Face match and liveness
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Face match
          </Text>
          <Group gap="xs">
            <ResultBadge result={status?.face} />
            <Text size="sm" c="dimmed">
              Score: {NOT_RECORDED.toLowerCase()}
            </Text>
          </Group>
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Liveness
          </Text>
          <ResultBadge result={status?.liveness} />
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Recorded video
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {video?.name ?? 'No video recorded'}
          </Text>
        </Stack>
      </SimpleGrid>
      {files.filter((file) => file.key !== 'video').length > 0 ? (
        <Stack gap={4} mt="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Other documents
          </Text>
          {files
            .filter((file) => file.key !== 'video')
            .map((file) => (
              <Text key={file.key} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {file.key}: {file.name}
              </Text>
            ))}
        </Stack>
      ) : null}
    </Paper>
  );
}

/**
 * The document-verification tab (/customer-profiles/document-verification/:id): the document status
 * tags, each identity document with the reader's findings (quality, text, damage, expiry, portrait),
 * what was read off it, and the face-match and liveness results, as the record stores them.
 */
export default function DocumentVerificationPage() {
  const { id = '' } = useParams();
  return (
    <CustomerProfileLayout id={id} active="document-verification">
      {(customer) => (
        <>
          <Tags customer={customer} />
          <Documents customer={customer} />
          <Reading customer={customer} />
          <Biometrics customer={customer} />
        </>
      )}
    </CustomerProfileLayout>
  );
}
