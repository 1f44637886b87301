import { useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ZHitDecisionSave, type TGoodGuy, type THitDecision } from '@sanad/contracts/customer-profile';
import { CUSTOMER_PROFILE_ENDPOINTS } from '@sanad/contracts/customer-profile.endpoints';
import type { TCustomerHit } from '@sanad/contracts/customers';
import { hasAnyPermission } from '@sanad/contracts/permissions';
import { FormModal } from '../../../components/form/FormModal';
import { NoRecords } from '../../../components/NoRecords';
import { api } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { hitTypeLabel } from '../../../lib/hit-types';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSaveFlow } from '../../../lib/use-save-flow';
import { hitDetailPath } from '../paths';
import { CustomerProfileLayout } from './CustomerProfileLayout';
import { DETERMINATION_LABELS, yesNo } from './hit-labels';

/** After a change of hits: the customer (hits, hit types, risk) and its timeline are read again. */
function useRefreshCustomer(id: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['customer', id] }),
      queryClient.invalidateQueries({ queryKey: ['good-guys', id] }),
      queryClient.invalidateQueries({ queryKey: ['list', CUSTOMER_PROFILE_ENDPOINTS.timeline.path] }),
      queryClient.invalidateQueries({ queryKey: ['customer-rating', id] }),
    ]);
}

const DECISION_TITLES: Record<THitDecision, string> = { relevant: 'Mark as relevant', 'not-relevant': 'Mark as not relevant' };

function DecisionModal({
  customerId,
  hit,
  decision,
  onClose,
}: {
  customerId: string;
  hit: TCustomerHit;
  decision: THitDecision;
  onClose: () => void;
}) {
  const [comment, setComment] = useState(hit.comments);
  const [error, setError] = useState<string | null>(null);
  const refresh = useRefreshCustomer(customerId);
  const flow = useSaveFlow({ onClose });
  async function save() {
    const parsed = ZHitDecisionSave.safeParse({ decision, comment });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please add a comment');
      return;
    }
    setError(null);
    const saved = await flow.run(() =>
      api(CUSTOMER_PROFILE_ENDPOINTS.decideHit, { params: { id: customerId, hitId: hit._id }, body: parsed.data }),
    );
    if (saved) await refresh();
  }
  return (
    <FormModal
      title={DECISION_TITLES[decision]}
      size="md"
      onClose={onClose}
      error={error ?? flow.error}
      isSaving={flow.isSaving}
      submitLabel="Save"
      onSubmit={save}
    >
      <Text size="sm">
        {hit.fullName} · {hit.sourceList} · score {Math.round(hit.score)}
      </Text>
      {decision === 'not-relevant' ? (
        <Text size="sm" c="dimmed">
          This entity will not raise a hit for this customer again unless the list changes it. You can withdraw the decision later.
        </Text>
      ) : null}
      <Textarea
        label="Comment"
        required
        autosize
        minRows={3}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
        error={flow.fieldErrors.comment?.[0]}
        data-autofocus
      />
    </FormModal>
  );
}

function HitsTable({
  customerId,
  hits,
  canDecide,
  onDecide,
}: {
  customerId: string;
  hits: readonly TCustomerHit[];
  canDecide: boolean;
  onDecide: (hit: TCustomerHit, decision: THitDecision) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={1700}>
      <Table striped verticalSpacing="xs" aria-label="Name screening hits">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Full name</Table.Th>
            <Table.Th>DOB</Table.Th>
            <Table.Th>Father or husband</Table.Th>
            <Table.Th>ID number</Table.Th>
            <Table.Th>Country</Table.Th>
            <Table.Th>Associates</Table.Th>
            <Table.Th>Publisher name</Table.Th>
            <Table.Th>Source list</Table.Th>
            <Table.Th ta="right">Score</Table.Th>
            <Table.Th>Sanction</Table.Th>
            <Table.Th>PEP</Table.Th>
            <Table.Th>Special interest</Table.Th>
            <Table.Th>Adverse media</Table.Th>
            <Table.Th>Hit determination</Table.Th>
            <Table.Th>Relevant</Table.Th>
            <Table.Th>Not relevant</Table.Th>
            <Table.Th>Comments</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {hits.map((hit) => (
            <Table.Tr key={hit._id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Anchor component={Link} to={hitDetailPath(customerId, hit._id)} size="sm">
                  {hit.fullName}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {hitTypeLabel(hit.hitType)}
                </Text>
              </Table.Td>
              <Table.Td>{hit.dob ?? '-'}</Table.Td>
              <Table.Td>{hit.fatherOrHusband ?? '-'}</Table.Td>
              <Table.Td>{hit.idNumber ?? '-'}</Table.Td>
              <Table.Td>{hit.country ?? '-'}</Table.Td>
              <Table.Td>{hit.associates.length > 0 ? hit.associates.join(', ') : '-'}</Table.Td>
              <Table.Td>{hit.publisherName || '-'}</Table.Td>
              <Table.Td>{hit.sourceList}</Table.Td>
              <Table.Td ta="right">{Math.round(hit.score)}</Table.Td>
              <Table.Td>{yesNo(hit.sanction)}</Table.Td>
              <Table.Td>{yesNo(hit.pep)}</Table.Td>
              <Table.Td>{yesNo(hit.specialInterest)}</Table.Td>
              <Table.Td>{yesNo(hit.adverseMedia)}</Table.Td>
              <Table.Td>
                <Badge variant="light" tt="none" color={hit.hitDetermination === 'open' ? 'orange' : hit.relevant ? 'red' : 'green'}>
                  {DETERMINATION_LABELS[hit.hitDetermination]}
                </Badge>
              </Table.Td>
              <Table.Td>{yesNo(hit.relevant)}</Table.Td>
              <Table.Td>{yesNo(hit.notRelevant)}</Table.Td>
              <Table.Td style={{ minWidth: 160, overflowWrap: 'anywhere' }}>{hit.comments || '-'}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Button size="compact-xs" variant="default" component={Link} to={hitDetailPath(customerId, hit._id)}>
                    Details
                  </Button>
                  {canDecide ? (
                    <>
                      <Button
                        size="compact-xs"
                        variant="light"
                        color="red"
                        onClick={() => onDecide(hit, 'relevant')}
                        aria-label={`Mark ${hit.fullName} relevant`}
                      >
                        Relevant
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="light"
                        color="green"
                        onClick={() => onDecide(hit, 'not-relevant')}
                        aria-label={`Mark ${hit.fullName} not relevant`}
                      >
                        Not relevant
                      </Button>
                    </>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RememberedDecisions({ customerId, canWithdraw }: { customerId: string; canWithdraw: boolean }) {
  const [withdrawing, setWithdrawing] = useState<TGoodGuy | null>(null);
  const [isBusy, setBusy] = useState(false);
  const refresh = useRefreshCustomer(customerId);
  const goodGuys = useQuery({
    queryKey: ['good-guys', customerId],
    queryFn: ({ signal }) => api(CUSTOMER_PROFILE_ENDPOINTS.goodGuys, { params: { id: customerId } }, { signal }),
  });
  const rows = goodGuys.data?.data ?? [];
  async function withdraw(goodGuy: TGoodGuy) {
    setBusy(true);
    try {
      const answer = await api(CUSTOMER_PROFILE_ENDPOINTS.withdrawGoodGuy, { params: { id: customerId, goodGuyId: goodGuy._id } });
      toastSuccess(answer.message);
      setWithdrawing(null);
      await refresh();
    } catch (caught) {
      toastError(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="good-guys-heading">
      <Title order={2} size="h4" id="good-guys-heading">
        Remembered &lsquo;not relevant&rsquo; decisions
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        These listed entities raise no hit for this customer again unless the list changes them.
      </Text>
      {rows.length === 0 ? (
        <NoRecords message="No remembered decisions" />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-label="Remembered decisions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Listed entity</Table.Th>
                <Table.Th>Source list</Table.Th>
                <Table.Th>Comment</Table.Th>
                <Table.Th>Decided</Table.Th>
                {canWithdraw ? <Table.Th>Actions</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row._id}>
                  <Table.Td>{row.fullName}</Table.Td>
                  <Table.Td>{row.sourceList}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.comment}</Table.Td>
                  <Table.Td>
                    {row.decidedBy} · {formatDateTime(row.createdAt)}
                  </Table.Td>
                  {canWithdraw ? (
                    <Table.Td>
                      <Button size="compact-xs" variant="default" onClick={() => setWithdrawing(row)}>
                        Withdraw
                      </Button>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={withdrawing !== null}
        onClose={() => setWithdrawing(null)}
        title="Withdraw the decision"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {withdrawing?.fullName} will be open for review again, and a later screening will raise it as a hit. Withdraw the &lsquo;not
            relevant&rsquo; decision?
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setWithdrawing(null)} disabled={isBusy}>
              Cancel
            </Button>
            <Button color="red" loading={isBusy} onClick={() => (withdrawing ? void withdraw(withdrawing) : undefined)}>
              Withdraw
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/**
 * The name-screening tab (/customer-profiles/name-screening/:id): the hits with every column the spec
 * lists, each marked relevant or not relevant with a comment by a holder of kyc-status-review, the
 * remembered 'not relevant' decisions, and re-screening now.
 */
export default function NameScreeningPage() {
  const { id = '' } = useParams();
  const scopes = useSessionUser()?.scopes ?? [];
  const canReview = hasAnyPermission(scopes, ['kyc-status-review']);
  const [deciding, setDeciding] = useState<{ hit: TCustomerHit; decision: THitDecision } | null>(null);
  const [isScreening, setScreening] = useState(false);
  const refresh = useRefreshCustomer(id);

  async function rescreen() {
    setScreening(true);
    try {
      const answer = await api(CUSTOMER_PROFILE_ENDPOINTS.rescreen, { params: { id } });
      const { found, newHits, suppressed } = answer.data;
      toastSuccess(`${answer.message}: ${found} found, ${newHits} new, ${suppressed} kept back by 'not relevant' decisions`);
      await refresh();
    } catch (caught) {
      toastError(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setScreening(false);
    }
  }

  return (
    <CustomerProfileLayout id={id} active="name-screening">
      {(customer) => (
        <>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="hits-heading">
            <Group justify="space-between" align="center" mb="sm" gap="sm">
              <Title order={2} size="h4" id="hits-heading">
                Name screening hits ({customer.hits.length})
              </Title>
              {canReview ? (
                <Button
                  leftSection={<IconRefresh size={16} aria-hidden />}
                  variant="light"
                  loading={isScreening}
                  onClick={() => void rescreen()}
                >
                  Re-screen now
                </Button>
              ) : null}
            </Group>
            {customer.hits.length === 0 ? (
              <NoRecords message="No Name Screening Hits" />
            ) : (
              <HitsTable
                customerId={id}
                hits={customer.hits}
                canDecide={canReview}
                onDecide={(hit, decision) => setDeciding({ hit, decision })}
              />
            )}
          </Paper>
          <RememberedDecisions customerId={id} canWithdraw={canReview} />
          {deciding ? (
            <DecisionModal customerId={id} hit={deciding.hit} decision={deciding.decision} onClose={() => setDeciding(null)} />
          ) : null}
        </>
      )}
    </CustomerProfileLayout>
  );
}
