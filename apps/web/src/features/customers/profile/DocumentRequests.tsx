import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Modal, Paper, Select, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasAnyPermission } from '@sanad/contracts/permissions';
import {
  DOCUMENT_LABELS,
  DOCUMENT_REQUEST_MESSAGES,
  requestedLabels,
  type TDocumentRequest,
  type TRequestedDocuments,
} from '@sanad/contracts/document-requests';
import { DOCUMENT_REQUEST_ENDPOINTS } from '@sanad/contracts/document-requests.endpoints';
import { MESSAGE_LANGUAGE_LABELS, type TMessageLanguage } from '@sanad/contracts/temp-customers';
import { NoRecords } from '../../../components/NoRecords';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useSessionUser } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toast';
import { onboardingConfigurationQuery } from '../../../lib/onboarding-settings';

const STATUS_COLORS: Record<TDocumentRequest['status'], string> = {
  active: 'blue',
  completed: 'green',
  revoked: 'gray',
  expired: 'orange',
};
const STATUS_LABELS: Record<TDocumentRequest['status'], string> = {
  active: 'Sent',
  completed: 'Received',
  revoked: 'Revoked',
  expired: 'Expired',
};

const EMPTY: TRequestedDocuments = { addressProofTypes: [], isFundsEvidence: false, isIdentityDocument: false };

/**
 * 'Request documents' (edit-profile): staff choose what to ask for (the onboarding
 * configuration's proof-of-address types, source-of-funds evidence, a renewed identity document)
 * and an optional note; the customer gets a document-upload link by e-mail.
 */
function RequestDocumentsDialog({
  customer,
  opened,
  onClose,
}: {
  customer: { _id: string; dataSegmentId: string; email: string | null };
  opened: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [requested, setRequested] = useState<TRequestedDocuments>(EMPTY);
  const [note, setNote] = useState('');
  /** Empty: the language the customer registered through their link in, else English (the server decides). */
  const [language, setLanguage] = useState<TMessageLanguage | ''>('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const configuration = useQuery({ ...onboardingConfigurationQuery(customer.dataSegmentId), enabled: opened });
  const types = configuration.data?.settings.addressProofDocumentTypes ?? [];

  async function send() {
    setSending(true);
    setProblem(null);
    try {
      const { message } = await api(DOCUMENT_REQUEST_ENDPOINTS.create, {
        params: { id: customer._id },
        body: { requested, note, dataSegmentId: customer.dataSegmentId, ...(language ? { language } : {}) },
      });
      toastSuccess(message);
      await queryClient.invalidateQueries({ queryKey: ['document-requests', customer._id] });
      setRequested(EMPTY);
      setNote('');
      onClose();
    } catch (caught) {
      setProblem(caught instanceof ApiError || caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setSending(false);
    }
  }

  const toggleType = (type: string, isOn: boolean) =>
    setRequested((current) => ({
      ...current,
      addressProofTypes: isOn ? [...current.addressProofTypes, type] : current.addressProofTypes.filter((item) => item !== type),
    }));

  return (
    <Modal opened={opened} onClose={onClose} title="Request documents" size="lg">
      <Stack gap="md">
        <Text size="sm">
          The customer receives a link by e-mail{customer.email ? ` (${customer.email})` : ''} to upload the documents you choose. It can be
          used once.
        </Text>
        <Stack gap="xs" role="group" aria-label={DOCUMENT_LABELS.addressProof}>
          <Text size="sm" fw={600}>
            {DOCUMENT_LABELS.addressProof}
          </Text>
          {configuration.isLoading ? <Skeleton h={24} /> : null}
          {types.map((type) => (
            <Checkbox
              key={type}
              label={type}
              checked={requested.addressProofTypes.includes(type)}
              onChange={(event) => toggleType(type, event.currentTarget.checked)}
            />
          ))}
        </Stack>
        <Stack gap="xs" role="group" aria-label="Other documents">
          <Text size="sm" fw={600}>
            Other documents
          </Text>
          <Checkbox
            label={DOCUMENT_LABELS.fundsEvidence}
            checked={requested.isFundsEvidence}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setRequested((current) => ({ ...current, isFundsEvidence: checked }));
            }}
          />
          <Checkbox
            label={`${DOCUMENT_LABELS.identity} (renewed, with its expiry date)`}
            checked={requested.isIdentityDocument}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setRequested((current) => ({ ...current, isIdentityDocument: checked }));
            }}
          />
        </Stack>
        <Textarea
          label="Note to the customer (optional)"
          value={note}
          maxLength={1000}
          autosize
          minRows={2}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Select
          label="Language of the e-mail"
          data={[
            { value: '', label: "The customer's (of their registration, else English)" },
            ...Object.entries(MESSAGE_LANGUAGE_LABELS).map(([value, label]) => ({ value, label })),
          ]}
          value={language}
          onChange={(value) => setLanguage((value ?? '') as TMessageLanguage | '')}
          allowDeselect={false}
        />
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void send()} loading={isSending}>
            Send request
          </Button>
        </Group>
        {requestedLabels(requested).length === 0 ? (
          <Text size="xs" c="dimmed">
            {DOCUMENT_REQUEST_MESSAGES.nothingRequested}
          </Text>
        ) : null}
      </Stack>
    </Modal>
  );
}

/**
 * The customer's document requests on the customer-information tab, each with its link's state,
 * and the 'Request documents' action for holders of edit-profile.
 */
export function DocumentRequests({ customer }: { customer: { _id: string; dataSegmentId: string; email: string | null } }) {
  const user = useSessionUser();
  const canRequest = hasAnyPermission(user?.scopes ?? [], ['edit-profile']);
  const [isOpen, setOpen] = useState(false);
  const requests = useQuery({
    queryKey: ['document-requests', customer._id],
    queryFn: ({ signal }) => api(DOCUMENT_REQUEST_ENDPOINTS.list, { params: { id: customer._id } }, { signal }),
  });
  const rows = requests.data?.data ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="document-requests-heading">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h4" id="document-requests-heading">
          Document requests
        </Title>
        {canRequest ? (
          <Button variant="light" size="sm" leftSection={<IconFileUpload size={16} aria-hidden />} onClick={() => setOpen(true)}>
            Request documents
          </Button>
        ) : null}
      </Group>
      {requests.error ? (
        <Alert color="red" role="alert">
          {requests.error.message}
        </Alert>
      ) : requests.isLoading ? (
        <Skeleton h={40} />
      ) : rows.length === 0 ? (
        <NoRecords message="No documents requested yet" />
      ) : (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <Group key={row._id} component="li" gap="sm" wrap="wrap" align="baseline" data-testid="document-request">
              <Badge variant="light" color={STATUS_COLORS[row.status]} tt="none">
                {STATUS_LABELS[row.status]}
              </Badge>
              <Text size="sm" style={{ flex: 1, minWidth: 180, overflowWrap: 'anywhere' }}>
                {requestedLabels(row.requested).join(', ')}
              </Text>
              <Text size="xs" c="dimmed">
                {row.reason === 'document-expiry' ? 'Expiry reminder' : `by ${row.createdByName}`} · {formatDateTime(row.createdAt)}
                {row.completedAt ? ` · received ${formatDateTime(row.completedAt)}` : ''}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      {canRequest ? <RequestDocumentsDialog customer={customer} opened={isOpen} onClose={() => setOpen(false)} /> : null}
    </Paper>
  );
}
