import { useState } from 'react';
import {
  Anchor,
  Divider,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHECK_OUTCOMES,
  CHECK_STATUS_LABELS,
  VERIFICATION_CHECK_LABELS,
  VERIFICATION_CHECKS,
  ZVerificationOutcomeSave,
  type TCustomerVerificationItem,
  type TVerificationCheck,
  type TVerificationRecord,
} from '@sanad/contracts/customer-verification';
import { CUSTOMER_VERIFICATION_ENDPOINTS } from '@sanad/contracts/customer-verification.endpoints';
import { UPLOAD_POLICIES } from '@sanad/contracts/files';
import { FileUpload } from '../../components/FileUpload';
import { SaveForm } from '../../components/form/SaveForm';
import { Loading } from '../../components/Loading';
import { NoRecords } from '../../components/NoRecords';
import { StatusBadge } from '../../components/StatusBadge';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { downloadStoredFile, uploadFile } from '../../lib/upload';
import { useSaveFlow } from '../../lib/use-save-flow';
import { toastError } from '../../lib/toast';
import { CheckBadge } from './CheckBadge';

const EVIDENCE_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'];
type Outcome = (typeof CHECK_OUTCOMES)[number];

/** The form an officer records an external check's outcome with. */
function OutcomeForm({ customer, onSaved }: { customer: TCustomerVerificationItem; onSaved: () => Promise<unknown> }) {
  const [check, setCheck] = useState<TVerificationCheck>(customer.nadra.status === 'pending' ? 'nadra' : 'criminalRecord');
  const [status, setStatus] = useState<Outcome>('verified');
  const [note, setNote] = useState('');
  const [reference, setReference] = useState('');
  const [evidence, setEvidence] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [isUploading, setUploading] = useState(false);
  const flow = useSaveFlow({ listPath: CUSTOMER_VERIFICATION_ENDPOINTS.list.path });

  async function save() {
    const parsed = ZVerificationOutcomeSave.safeParse({ check, status, note, reference });
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      setFieldErrors(errors);
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFieldErrors({});
    setError(null);
    let evidenceFileName: string | undefined;
    if (evidence) {
      setUploading(true);
      try {
        // The evidence is stored in the customer's own segment, which may not be the active one.
        evidenceFileName = (await uploadFile(evidence, 'verification', customer.dataSegmentId)).fileName;
      } catch (caught) {
        setError(caught instanceof Error ? caught.message : 'There is something wrong');
        return;
      } finally {
        setUploading(false);
      }
    }
    const saved = await flow.run(() =>
      api(CUSTOMER_VERIFICATION_ENDPOINTS.record, { params: { id: customer._id }, body: { ...parsed.data, evidenceFileName } }),
    );
    if (saved) {
      setNote('');
      setReference('');
      setEvidence(null);
      await onSaved();
    }
  }

  return (
    <SaveForm error={error ?? flow.error} isSaving={flow.isSaving || isUploading} submitLabel="Record outcome" onSubmit={save}>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="verification-check-label">
          Check
        </Text>
        <SegmentedControl
          aria-labelledby="verification-check-label"
          fullWidth
          value={check}
          onChange={(value) => setCheck(value as TVerificationCheck)}
          data={VERIFICATION_CHECKS.map((value) => ({ value, label: VERIFICATION_CHECK_LABELS[value] }))}
        />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="verification-outcome-label">
          Outcome
        </Text>
        <SegmentedControl
          aria-labelledby="verification-outcome-label"
          fullWidth
          value={status}
          onChange={(value) => setStatus(value as Outcome)}
          data={CHECK_OUTCOMES.map((value) => ({ value, label: CHECK_STATUS_LABELS[value] }))}
        />
      </Stack>
      <TextInput
        label="Reference"
        description="The reference of the external check, e.g. the Verisys transaction id or certificate number"
        required={status !== 'not-required'}
        value={reference}
        onChange={(event) => setReference(event.currentTarget.value)}
        error={fieldErrors.reference ?? flow.fieldErrors.reference?.[0]}
      />
      <Textarea
        label="Note"
        required
        autosize
        minRows={2}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        error={fieldErrors.note ?? flow.fieldErrors.note?.[0]}
      />
      <FileUpload
        label="Evidence (optional)"
        placeholder="PDF, JPG or PNG"
        extensions={EVIDENCE_EXTENSIONS}
        maxMegabytes={UPLOAD_POLICIES.verification.maxMegabytes}
        value={evidence}
        onChange={setEvidence}
        error={flow.fieldErrors.evidenceFileName?.[0]}
      />
    </SaveForm>
  );
}

function History({ rows }: { rows: readonly TVerificationRecord[] }) {
  if (rows.length === 0) return <NoRecords message="No outcome recorded yet" />;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Check</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th>Reference and note</Table.Th>
            <Table.Th>By</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row._id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.recordedAt)}</Table.Td>
              <Table.Td>{VERIFICATION_CHECK_LABELS[row.check]}</Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} />
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  {row.reference ? (
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {row.reference}
                    </Text>
                  ) : null}
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {row.note}
                  </Text>
                  {row.evidence ? (
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() => {
                        downloadStoredFile(row.evidence?.fileName ?? '').catch((caught: unknown) =>
                          toastError(caught instanceof Error ? caught.message : 'There is something wrong'),
                        );
                      }}
                    >
                      {row.evidence.originalFileName}
                    </Anchor>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>{row.recordedBy}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * One customer's checks: their state, every outcome recorded (newest first) and, for a holder of
 * manage-customer-verification, the form that records the next one.
 */
export function VerificationDialog({
  customer,
  canRecord,
  onClose,
}: {
  customer: TCustomerVerificationItem;
  canRecord: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const queryKey = ['customer-verification', customer._id];
  const detail = useQuery({
    queryKey,
    queryFn: async () => (await api(CUSTOMER_VERIFICATION_ENDPOINTS.get, { params: { id: customer._id } })).data,
  });
  const current = detail.data ?? customer;
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Verification checks: ${customer.fullName || customer.sanadId}`}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {VERIFICATION_CHECKS.map((check) => (
            <Paper key={check} withBorder radius="md" p="sm">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Text fw={600}>{VERIFICATION_CHECK_LABELS[check]}</Text>
                <CheckBadge state={current[check]} />
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
        {canRecord ? (
          <>
            <Title order={3} size="h5">
              Record an outcome
            </Title>
            <OutcomeForm customer={current} onSaved={() => queryClient.invalidateQueries({ queryKey })} />
            <Divider />
          </>
        ) : null}
        <Title order={3} size="h5">
          History
        </Title>
        {detail.isLoading ? <Loading /> : <History rows={detail.data?.history ?? []} />}
      </Stack>
    </Modal>
  );
}
