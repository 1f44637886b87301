import { Anchor, Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { COMPANY_DOCUMENT_KINDS, COMPANY_DOCUMENT_LABELS } from '@sanad/contracts/companies';
import { formatDateTime } from '../../../lib/format';
import { downloadStoredFile } from '../../../lib/upload';
import { toastError } from '../../../lib/toast';
import { CompanyProfileLayout } from './CompanyProfileLayout';

/**
 * document-verification/:id: the company's five documents, each received at self-register or not.
 * Checking them (authenticity, expiry) is not built; the page says what was received and when.
 */
export default function CompanyDocumentsPage() {
  const { id = '' } = useParams();
  return (
    <CompanyProfileLayout id={id} active="document-verification">
      {(company) => {
        const received = company.record.companyDocuments ?? [];
        return (
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            <Stack gap="sm">
              <Title order={2} size="h4">
                Company documents
              </Title>
              <Text size="sm" c="dimmed">
                {received.length === 0
                  ? `Nothing has been received for ${company.fullName}: documents are uploaded in Company Self Service Onboarding.`
                  : 'The documents received at onboarding. They are stored encrypted; automatic checking of company documents is not available yet.'}{' '}
                Each parent&apos;s identity documents are checked in their own onboarding.
              </Text>
              <Table.ScrollContainer minWidth={360}>
                <Table withTableBorder aria-label="Company documents">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Document</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>File</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {COMPANY_DOCUMENT_KINDS.map((kind) => {
                      const document = received.find((candidate) => candidate.kind === kind);
                      return (
                        <Table.Tr key={kind}>
                          <Table.Td>{COMPANY_DOCUMENT_LABELS[kind]}</Table.Td>
                          <Table.Td>
                            {document ? (
                              <Badge color="green" variant="light" tt="none">
                                Received {formatDateTime(document.receivedAt)}
                              </Badge>
                            ) : (
                              <Badge color="gray" variant="light" tt="none">
                                Not received
                              </Badge>
                            )}
                          </Table.Td>
                          <Table.Td style={{ overflowWrap: 'anywhere' }}>
                            {document ? (
                              <Anchor
                                component="button"
                                type="button"
                                size="sm"
                                onClick={() =>
                                  void downloadStoredFile(document.fileName).catch((caught: unknown) =>
                                    toastError(caught instanceof Error ? caught.message : 'There is something wrong'),
                                  )
                                }
                              >
                                {document.originalFileName}
                              </Anchor>
                            ) : (
                              '—'
                            )}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          </Paper>
        );
      }}
    </CompanyProfileLayout>
  );
}
