import { Accordion, Alert, Anchor, Badge, Code, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PUBLIC_API_DOCUMENT_ENDPOINTS } from '@sanad/contracts/public-api.endpoints';
import { api } from '../../lib/api';
import { DevelopersLayout } from './components/DevelopersLayout';
import { referenceOperations, type ReferenceField, type ReferenceOperation } from './reference/api-reference';

const METHOD_COLOURS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', DELETE: 'red' };

function FieldTable({ fields, caption, showWhere }: { fields: ReferenceField[]; caption: string; showWhere: boolean }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder fz="sm" verticalSpacing={6}>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            {showWhere ? <Table.Th>In</Table.Th> : null}
            <Table.Th>Type</Table.Th>
            <Table.Th>Required</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((field) => (
            <Table.Tr key={`${field.where}-${field.name}`}>
              <Table.Td>
                <Code>{field.name}</Code>
                {field.description ? (
                  <Text size="xs" c="dimmed">
                    {field.description}
                  </Text>
                ) : null}
              </Table.Td>
              {showWhere ? <Table.Td>{field.where}</Table.Td> : null}
              <Table.Td style={{ wordBreak: 'break-word' }}>{field.type}</Table.Td>
              <Table.Td>{field.required ? 'yes' : 'no'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Operation({ operation }: { operation: ReferenceOperation }) {
  return (
    <Accordion.Item value={operation.id}>
      <Accordion.Control aria-label={`${operation.method} ${operation.path}`}>
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap">
            <Badge color={METHOD_COLOURS[operation.method] ?? 'gray'} variant="light" miw={64}>
              {operation.method}
            </Badge>
            <Code style={{ wordBreak: 'break-all' }}>{operation.path}</Code>
          </Group>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {operation.summary}
          </Text>
        </Stack>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          <Text size="sm">{operation.summary}</Text>
          {operation.scope ? (
            <Text size="sm">
              Scope: <Code>{operation.scope}</Code>
            </Text>
          ) : null}
          {operation.fields.length > 0 ? (
            <FieldTable fields={operation.fields} caption="Request" showWhere />
          ) : (
            <Text size="sm" c="dimmed">
              No parameters.
            </Text>
          )}
          {operation.answerFields.length > 0 ? (
            <FieldTable fields={operation.answerFields} caption="Answer: data" showWhere={false} />
          ) : null}
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              Answers
            </Text>
            {operation.responses.map((response) => (
              <Text size="sm" key={response.status}>
                <Code>{response.status}</Code> {response.description}
              </Text>
            ))}
          </Stack>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** The public API v1 reference, read from the OpenAPI document the server generates from the contracts. */
export default function ApiReferencePage() {
  const document = useQuery({
    queryKey: ['public-api-document'],
    queryFn: ({ signal }) => api(PUBLIC_API_DOCUMENT_ENDPOINTS.openApi, {}, { signal }),
    staleTime: Infinity,
  });
  const operations = document.data ? referenceOperations(document.data) : [];
  const address = `${window.location.origin}/api/v1/openapi.json`;
  return (
    <DevelopersLayout>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <Stack gap="xs">
            <Title order={2} size="h4">
              Public API v1
            </Title>
            <Text size="sm">
              Every operation below is called with an application access key as a bearer token (<Code>Authorization: Bearer snd_…</Code>)
              that holds the operation&apos;s scope, and reaches only the key&apos;s data segment. Answers are JSON:{' '}
              <Code>{'{ status, message, data }'}</Code>, and on failure <Code>{'{ status: false, message, errors }'}</Code> with each
              invalid field named.
            </Text>
            <Text size="sm">
              The OpenAPI 3.1 document, for code generators and API tools:{' '}
              <Anchor href={address} target="_blank" rel="noreferrer" style={{ wordBreak: 'break-all' }}>
                {address}
              </Anchor>
            </Text>
          </Stack>
        </Paper>
        {document.error ? (
          <Alert color="red" role="alert">
            {document.error.message}
          </Alert>
        ) : null}
        {document.isPending ? <Skeleton h={320} aria-label="Loading the API reference" /> : null}
        {operations.length > 0 ? (
          <Accordion variant="separated" multiple aria-label="Operations">
            {operations.map((operation) => (
              <Operation key={operation.id} operation={operation} />
            ))}
          </Accordion>
        ) : null}
      </Stack>
    </DevelopersLayout>
  );
}
