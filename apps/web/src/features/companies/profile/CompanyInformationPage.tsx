import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { COMPANY_STATUS_LABELS } from '@sanad/contracts/company-record';
import { REGISTRY_FLAG_LABELS, REGISTRY_FLAGS, type TCompanyDetail, type TRegistryFlag } from '@sanad/contracts/companies';
import { COMPANY_ENDPOINTS } from '@sanad/contracts/companies.endpoints';
import { hasAnyPermission } from '@sanad/contracts/permissions';
import { countryName } from '../../../components/CountrySelect';
import { api } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { INDUSTRY_OPTIONS, labelOf, LEGAL_FORM_OPTIONS, PURPOSE_OPTIONS } from '../options';
import { CompanyProfileLayout, companyQueryKey } from './CompanyProfileLayout';
import { OwnershipGraph } from './OwnershipGraph';
import { OwnershipTable } from './OwnershipTable';
import { ParentsSection } from './ParentsSection';
import { RegisterCheckCard } from './RegisterCheckCard';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value && value !== '' ? value : '-'}
      </Text>
    </Stack>
  );
}

function Details({ company }: { company: TCompanyDetail }) {
  const info = company.record.companyInfo;
  if (!info) return null;
  const address = (value: typeof info.registeredAddress) =>
    value ? [value.line1, value.line2, value.city, value.postalCode, countryName(value.countryId)].filter(Boolean).join(', ') : null;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="details-heading">
      <Title order={2} size="h4" id="details-heading" mb="md">
        Company details
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <Field label="Legal name" value={info.legalName} />
        <Field label="Former names" value={(info.formerNames ?? []).join(', ')} />
        <Field label="Registration number" value={info.registrationNumber} />
        <Field label="Register" value={info.register} />
        <Field label="Legal form" value={labelOf(LEGAL_FORM_OPTIONS, info.legalForm)} />
        <Field label="Status" value={info.status ? COMPANY_STATUS_LABELS[info.status] : null} />
        <Field label="Incorporated" value={[info.incorporationDate, countryName(info.incorporationCountryId)].filter(Boolean).join(', ')} />
        <Field label="Industry" value={labelOf(INDUSTRY_OPTIONS, info.industryId)} />
        <Field label="Tax ID" value={info.taxId} />
        <Field label="Registered address" value={address(info.registeredAddress)} />
        <Field label="Trading address" value={address(info.tradingAddress)} />
        <Field label="Website" value={info.website} />
        <Field
          label="Trade licence"
          value={[info.tradeLicenceNumber, info.tradeLicencePlace, info.tradeLicenceExpiry ? `expires ${info.tradeLicenceExpiry}` : null]
            .filter(Boolean)
            .join(', ')}
        />
        <Field label="Purpose of the relationship" value={labelOf(PURPOSE_OPTIONS, info.purposeOfRelationship)} />
        <Field label="Expected activity" value={info.expectedActivity} />
      </SimpleGrid>
    </Paper>
  );
}

/** The five company-registry flags (KB-11): who set each and when; changing them re-rates the company. */
function RegistryFlags({ company }: { company: TCompanyDetail }) {
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const canEdit = user ? hasAnyPermission(user.scopes, ['register-company']) : false;
  const stored = Object.fromEntries(company.registryFlags.map((flag) => [flag.flag, flag.value])) as Record<TRegistryFlag, boolean>;
  const [values, setValues] = useState<Record<TRegistryFlag, boolean>>(stored);
  const [isSaving, setSaving] = useState(false);
  const changed = REGISTRY_FLAGS.filter((flag) => values[flag] !== stored[flag]);
  async function save() {
    setSaving(true);
    try {
      const body = Object.fromEntries(changed.map((flag) => [flag, values[flag]]));
      const { message } = await api(COMPANY_ENDPOINTS.saveRegistryFlags, { params: { id: company._id }, body });
      toastSuccess(message);
      await queryClient.invalidateQueries({ queryKey: companyQueryKey(company._id) });
    } catch (caught) {
      toastError(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setSaving(false);
    }
  }
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="flags-heading">
      <Title order={2} size="h4" id="flags-heading" mb={4}>
        Company registry flags
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Facts from the company register that raise the risk rating.
      </Text>
      <Stack gap="sm">
        {company.registryFlags.map((flag) => (
          <Group key={flag.flag} justify="space-between" align="flex-start" gap="xs" wrap="wrap">
            <Switch
              label={REGISTRY_FLAG_LABELS[flag.flag]}
              checked={values[flag.flag]}
              disabled={!canEdit}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setValues((current) => ({ ...current, [flag.flag]: checked }));
              }}
            />
            <Text size="xs" c="dimmed">
              {flag.setBy && flag.setAt
                ? `Set ${flag.value ? 'on' : 'off'} by ${flag.setBy.name} · ${formatDateTime(flag.setAt)}`
                : 'Never set'}
            </Text>
          </Group>
        ))}
        {canEdit ? (
          <Group justify="flex-end">
            <Button onClick={() => void save()} loading={isSaving} disabled={changed.length === 0}>
              Save flags
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** company-information/:id: the declaration, registry flags, parents, effective ownership and the graph. */
export default function CompanyInformationPage() {
  const { id = '' } = useParams();
  return (
    <CompanyProfileLayout id={id} active="company-information">
      {(company) => (
        <Stack gap="md">
          <Details company={company} />
          <RegisterCheckCard company={company} />
          <RegistryFlags key={company.updatedAt} company={company} />
          {company.structure.ownership.warnings.length > 0 ? (
            <Alert color="orange" title="The structure needs attention" role="status">
              <Stack gap={2}>
                {company.structure.ownership.warnings.map((warning) => (
                  <Text key={warning} size="sm">
                    {warning}
                  </Text>
                ))}
              </Stack>
            </Alert>
          ) : null}
          <ParentsSection company={company} />
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="ownership-heading">
            <Group justify="space-between" mb="md" gap="xs">
              <Title order={2} size="h4" id="ownership-heading">
                Effective ownership
              </Title>
              <Badge variant="light" tt="none">
                UBO threshold {company.structure.ownership.threshold}%
              </Badge>
            </Group>
            <OwnershipTable ownership={company.structure.ownership} />
          </Paper>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="graph-heading">
            <Title order={2} size="h4" id="graph-heading" mb="md">
              Ownership graph
            </Title>
            <OwnershipGraph structure={company.structure} />
          </Paper>
        </Stack>
      )}
    </CompanyProfileLayout>
  );
}
