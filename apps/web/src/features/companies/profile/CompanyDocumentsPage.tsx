import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { CompanyProfileLayout } from './CompanyProfileLayout';

/** The documents a company provides; their upload and checking are not built yet, and the page says so. */
const COMPANY_DOCUMENTS = [
  'Certificate of incorporation',
  'Memorandum and articles of association',
  'Register of members (shareholders)',
  'Proof of registered address',
  'Trade licence',
] as const;

/** document-verification/:id: the company's documents and where each stands. */
export default function CompanyDocumentsPage() {
  const { id = '' } = useParams();
  return (
    <CompanyProfileLayout id={id} active="document-verification">
      {(company) => (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              Company documents
            </Title>
            <Text size="sm" c="dimmed">
              Company document upload is not available yet: nothing has been received for {company.fullName}. Each parent&apos;s identity
              documents are checked in their own onboarding.
            </Text>
            <Table.ScrollContainer minWidth={360}>
              <Table withTableBorder aria-label="Company documents">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Document</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {COMPANY_DOCUMENTS.map((name) => (
                    <Table.Tr key={name}>
                      <Table.Td>{name}</Table.Td>
                      <Table.Td>
                        <Badge color="gray" variant="light" tt="none">
                          Not received
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </Paper>
      )}
    </CompanyProfileLayout>
  );
}
