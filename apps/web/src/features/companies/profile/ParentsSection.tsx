import { useState } from 'react';
import {
  Badge,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  PARENT_ROLE_LABELS,
  ZParentCreateInput,
  type TCompanyDetail,
  type TParentCreateBody,
  type TParentRole,
  type TPartyKind,
} from '@sanad/contracts/companies';
import { COMPANY_ENDPOINTS } from '@sanad/contracts/companies.endpoints';
import { hasAnyPermission } from '@sanad/contracts/permissions';
import { NoRecords } from '../../../components/NoRecords';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { firstOfEach, validateWith, type FieldErrors } from '../../../lib/form-errors';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { PartyFields } from '../components/PartyFields';
import { ROLE_OPTIONS } from '../options';
import { companyQueryKey } from './CompanyProfileLayout';

const EMPTY = {
  kind: 'person' as TPartyKind,
  partyId: '',
  name: '',
  email: '',
  dateOfBirth: '',
  nationalityId: '',
  registrationNumber: '',
  countryId: '',
  ofPartyId: '',
  roles: [] as TParentRole[],
  shareholding: '' as number | '',
  shareClass: '',
};
type Values = typeof EMPTY;

const optional = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());

/** The form's values as the API takes them: an existing party, or a new one with its details. */
export function parentBody(values: Values): TParentCreateBody {
  const relation = {
    roles: values.roles,
    ...(values.shareholding === '' ? {} : { shareholding: values.shareholding }),
    ...(optional(values.shareClass) ? { shareClass: values.shareClass.trim() } : {}),
    ...(optional(values.ofPartyId) ? { ofPartyId: values.ofPartyId } : {}),
  };
  if (values.partyId) return { partyId: values.partyId, ...relation };
  const isPerson = values.kind === 'person';
  const details = {
    kind: values.kind,
    name: values.name,
    email: isPerson ? optional(values.email) : undefined,
    dateOfBirth: isPerson ? optional(values.dateOfBirth) : undefined,
    nationalityId: isPerson ? optional(values.nationalityId) : undefined,
    registrationNumber: isPerson ? undefined : optional(values.registrationNumber),
    countryId: isPerson ? undefined : optional(values.countryId),
  };
  return {
    ...(Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined)) as Partial<TParentCreateBody>),
    ...relation,
  };
}

function AddParentForm({ company, onDone }: { company: TCompanyDetail; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSaving, setSaving] = useState(false);
  const entities = company.structure.parties.filter((party) => party.kind === 'entity');
  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
  };
  async function save() {
    const body = parentBody(values);
    const checked = validateWith(ZParentCreateInput, body);
    if (!checked.isValid) {
      setErrors(checked.errors);
      return;
    }
    setSaving(true);
    try {
      const { message } = await api(COMPANY_ENDPOINTS.addParent, { params: { id: company._id }, body });
      toastSuccess(message);
      await queryClient.invalidateQueries({ queryKey: companyQueryKey(company._id) });
      setValues(EMPTY);
      onDone();
    } catch (caught) {
      if (caught instanceof ApiError) setErrors(firstOfEach(caught.errors));
      toastError(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setSaving(false);
    }
  }
  const isShareholder = values.roles.includes('shareholder');
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="var(--mantine-color-gray-0)"
      component="form"
      aria-label="Add a parent"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label="Parent kind"
            value={values.kind}
            onChange={(value) => set('kind', value as TPartyKind)}
            data={[
              { value: 'person', label: 'Person' },
              { value: 'entity', label: 'Company / entity' },
            ]}
            disabled={values.partyId !== ''}
          />
          <Select
            aria-label="Already in the structure"
            placeholder="…or someone already in the structure"
            data={company.structure.parties.map((party) => ({ value: party._id, label: party.name }))}
            value={values.partyId || null}
            onChange={(value) => set('partyId', value ?? '')}
            clearable
            w={{ base: '100%', sm: 280 }}
          />
        </Group>
        {values.partyId === '' ? (
          <PartyFields values={values} errors={errors} nameError={errors.name ?? errors.kind} onChange={set} />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <MultiSelect
            label="Roles"
            required
            placeholder={values.roles.length === 0 ? 'Pick one or more roles' : undefined}
            data={ROLE_OPTIONS}
            value={values.roles}
            error={errors.roles}
            onChange={(value) => set('roles', value as TParentRole[])}
          />
          <Select
            label="Parent of"
            data={[{ value: '', label: company.fullName }, ...entities.map((party) => ({ value: party._id, label: party.name }))]}
            value={values.ofPartyId}
            error={errors.ofPartyId}
            onChange={(value) => set('ofPartyId', value ?? '')}
            allowDeselect={false}
          />
          <NumberInput
            label="Shareholding (%)"
            min={0}
            max={100}
            decimalScale={4}
            required={isShareholder}
            value={values.shareholding}
            error={errors.shareholding}
            onChange={(value) => set('shareholding', typeof value === 'number' ? value : '')}
          />
          <TextInput
            label="Share class"
            value={values.shareClass}
            error={errors.shareClass}
            onChange={(event) => set('shareClass', event.currentTarget.value)}
          />
        </SimpleGrid>
        {errors.partyId || errors.customerId || errors.form ? (
          <Text size="sm" c="red" role="alert">
            {errors.partyId ?? errors.customerId ?? errors.form}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            Add parent
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

const LINK_STATE_LABELS: Record<string, string> = {
  sent: 'Link sent',
  opened: 'Link opened',
  'in-progress': 'KYC in progress',
  completed: 'KYC completed',
  expired: 'Link expired',
  revoked: 'Link revoked',
};

/** The directors, shareholders, beneficial owners and signatories; add, remove, and send a person their own KYC link. */
export function ParentsSection({ company }: { company: TCompanyDetail }) {
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const canEdit = user ? hasAnyPermission(user.scopes, ['register-company']) : false;
  const canSendLinks = user ? hasAnyPermission(user.scopes, ['register-customer']) : false;
  const [isAdding, setAdding] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const parties = new Map(company.structure.parties.map((party) => [party._id, party]));
  async function act(parentId: string, action: () => Promise<{ message: string }>) {
    setBusy(parentId);
    try {
      const { message } = await action();
      toastSuccess(message);
      await queryClient.invalidateQueries({ queryKey: companyQueryKey(company._id) });
    } catch (caught) {
      toastError(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setBusy(null);
    }
  }
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="parents-heading">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} size="h4" id="parents-heading">
          Parents
        </Title>
        {canEdit && !isAdding ? (
          <Button size="xs" onClick={() => setAdding(true)}>
            Add parent
          </Button>
        ) : null}
      </Group>
      <Stack gap="md">
        {isAdding ? <AddParentForm company={company} onDone={() => setAdding(false)} /> : null}
        {company.structure.parents.length === 0 ? (
          <NoRecords message="No directors, shareholders or owners recorded yet" />
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped withTableBorder aria-label="Parents">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Roles</Table.Th>
                  <Table.Th>Of</Table.Th>
                  <Table.Th>Shares</Table.Th>
                  <Table.Th>Own KYC</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {company.structure.parents.map((parent) => {
                  const party = parties.get(parent.partyId);
                  const of = parent.ofPartyId ? (parties.get(parent.ofPartyId)?.name ?? '') : company.fullName;
                  const isPerson = party?.kind === 'person';
                  return (
                    <Table.Tr key={parent._id}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {party?.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {isPerson ? 'Person' : 'Entity'}
                          {party?.email ? ` · ${party.email}` : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td>{parent.roles.map((role) => PARENT_ROLE_LABELS[role]).join(', ')}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{of}</Table.Td>
                      <Table.Td>
                        {parent.shareholding === null ? '-' : `${parent.shareholding}%`}
                        {parent.shareClass ? ` (${parent.shareClass})` : ''}
                      </Table.Td>
                      <Table.Td>
                        {party?.kyc.sanadId ? (
                          <Badge color="green" variant="light" tt="none">
                            {party.kyc.sanadId}
                          </Badge>
                        ) : party?.kyc.linkState ? (
                          <Badge variant="light" tt="none">
                            {LINK_STATE_LABELS[party.kyc.linkState] ?? party.kyc.linkState}
                          </Badge>
                        ) : (
                          <Text size="xs" c="dimmed">
                            {isPerson ? 'Not started' : '-'}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          {isPerson &&
                          canSendLinks &&
                          !party?.kyc.customerId &&
                          (!party?.kyc.linkState || ['expired', 'revoked'].includes(party.kyc.linkState)) ? (
                            <Button
                              size="compact-xs"
                              variant="light"
                              loading={busy === parent._id}
                              disabled={!party?.email}
                              title={party?.email ? undefined : 'Add an e-mail address to send a link'}
                              onClick={() =>
                                void act(parent._id, () =>
                                  api(COMPANY_ENDPOINTS.sendKycLink, { params: { id: company._id, parentId: parent._id }, body: {} }),
                                )
                              }
                            >
                              Send KYC link
                            </Button>
                          ) : null}
                          {canEdit ? (
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              color="red"
                              aria-label={`Remove ${party?.name ?? 'parent'}`}
                              loading={busy === parent._id}
                              onClick={() =>
                                void act(parent._id, () =>
                                  api(COMPANY_ENDPOINTS.removeParent, { params: { id: company._id, parentId: parent._id } }),
                                )
                              }
                            >
                              Remove
                            </Button>
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
