import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBuilding, IconCircleCheck } from '@tabler/icons-react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ZCompanyCreateInput, type TCompanyCreateBody, type TCompanyDetail } from '@sanad/contracts/companies';
import { COMPANY_ENDPOINTS } from '@sanad/contracts/companies.endpoints';
import { CountrySelect } from '../../../components/CountrySelect';
import { StatusBadge } from '../../../components/StatusBadge';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { firstOfEach, validateWith, type FieldErrors } from '../../../lib/form-errors';
import { useRouteMeta } from '../../../lib/route-meta';
import { getActiveDataSegmentId } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { INDUSTRY_OPTIONS, LEGAL_FORM_OPTIONS, PURPOSE_OPTIONS, STATUS_OPTIONS } from '../options';
import { companyProfilePath, COMPANY_LIST_PATH, REGISTER_COMPANY_PATH } from '../paths';

/** Company onboarding by staff has two steps (KB-02): the company's profile, then where it went. */
const STEPS = [
  { name: 'setup-profile', label: 'Setup profile' },
  { name: 'finish', label: 'Finish' },
] as const;

const EMPTY = {
  legalName: '',
  formerNames: '',
  registrationNumber: '',
  register: '',
  legalForm: '',
  status: 'active',
  incorporationDate: '',
  incorporationCountryId: '',
  registeredLine1: '',
  registeredCity: '',
  registeredCountryId: '',
  tradingLine1: '',
  tradingCity: '',
  tradingCountryId: '',
  industryId: '',
  tradeLicenceNumber: '',
  tradeLicenceExpiry: '',
  tradeLicencePlace: '',
  taxId: '',
  website: '',
  purposeOfRelationship: '',
  expectedActivity: '',
};
type Values = typeof EMPTY;

const address = (line1: string, city: string, countryId: string) =>
  line1.trim() || city.trim() || countryId ? { line1, ...(city ? { city } : {}), ...(countryId ? { countryId } : {}) } : undefined;

const optional = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());

/** The form's values as the API takes them: empty choices left out, former names one per line. */
export function companyBody(values: Values): TCompanyCreateBody {
  const registeredAddress = address(values.registeredLine1, values.registeredCity, values.registeredCountryId);
  const tradingAddress = address(values.tradingLine1, values.tradingCity, values.tradingCountryId);
  const formerNames = values.formerNames
    .split('\n')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const info = {
    legalName: values.legalName,
    registrationNumber: values.registrationNumber,
    formerNames,
    register: optional(values.register),
    legalForm: optional(values.legalForm),
    status: optional(values.status) as TCompanyCreateBody['companyInfo']['status'],
    incorporationDate: optional(values.incorporationDate),
    incorporationCountryId: optional(values.incorporationCountryId),
    registeredAddress,
    tradingAddress,
    industryId: optional(values.industryId),
    tradeLicenceNumber: optional(values.tradeLicenceNumber),
    tradeLicenceExpiry: optional(values.tradeLicenceExpiry),
    tradeLicencePlace: optional(values.tradeLicencePlace),
    taxId: optional(values.taxId),
    website: optional(values.website),
    purposeOfRelationship: optional(values.purposeOfRelationship),
    expectedActivity: optional(values.expectedActivity),
  };
  const companyInfo = Object.fromEntries(
    Object.entries(info).filter(([, value]) => value !== undefined),
  ) as TCompanyCreateBody['companyInfo'];
  const dataSegmentId = getActiveDataSegmentId();
  return { companyInfo, ...(dataSegmentId ? { dataSegmentId } : {}) };
}

/** A server or schema error on companyInfo.x is shown on the field x. */
function fieldOf(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([key, message]) => [key.replace(/^companyInfo\./, ''), message]));
}

function StepHeader({ active }: { active: number }) {
  return (
    <>
      <Stepper active={active} size="xs" visibleFrom="sm" allowNextStepsSelect={false} aria-label="Registration steps">
        {STEPS.map((step) => (
          <Stepper.Step key={step.name} label={step.label} />
        ))}
      </Stepper>
      <Stack gap={6} hiddenFrom="sm">
        <Text size="sm" fw={600}>
          Step {active + 1} of {STEPS.length}: {STEPS[active]?.label}
        </Text>
        <Progress value={((active + 1) / STEPS.length) * 100} size="sm" aria-hidden />
      </Stack>
    </>
  );
}

function SetupProfile() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSaving, setSaving] = useState(false);

  const clear = (name: string) => setErrors(({ [name]: _cleared, ...rest }) => rest);
  const text = (name: keyof Values) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      clear(name);
    },
  });
  const choice = (name: keyof Values, errorKey: string = name) => ({
    value: values[name] || null,
    error: errors[errorKey],
    onChange: (value: string | null) => {
      setValues((current) => ({ ...current, [name]: value ?? '' }));
      clear(errorKey);
    },
  });

  async function save(): Promise<void> {
    const body = companyBody(values);
    const checked = validateWith(ZCompanyCreateInput, body);
    if (!checked.isValid) {
      setErrors(fieldOf(checked.errors));
      toastError(checked.first);
      return;
    }
    setSaving(true);
    try {
      const { message, data } = await api(COMPANY_ENDPOINTS.register, { body });
      toastSuccess(message);
      void navigate(`${REGISTER_COMPANY_PATH}/finish`, { state: { company: data } });
    } catch (caught) {
      if (caught instanceof ApiError) setErrors(fieldOf(firstOfEach(caught.errors)));
      toastError(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="md">
      <Title order={3} size="h5">
        Company
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <TextInput label="Legal name" required autoComplete="off" {...text('legalName')} />
        <TextInput label="Registration number" required autoComplete="off" {...text('registrationNumber')} />
        <TextInput label="Register" placeholder="e.g. Companies House, Dubai DED" autoComplete="off" {...text('register')} />
        <Select label="Legal form" data={LEGAL_FORM_OPTIONS} searchable clearable {...choice('legalForm')} />
        <Select label="Status" data={STATUS_OPTIONS} {...choice('status')} />
        <TextInput label="Incorporation date" type="date" {...text('incorporationDate')} />
        <CountrySelect label="Country of incorporation" {...choice('incorporationCountryId')} />
        <Select label="Industry" data={INDUSTRY_OPTIONS} searchable clearable {...choice('industryId')} />
        <TextInput label="Tax ID" autoComplete="off" {...text('taxId')} />
        <TextInput label="Website" autoComplete="off" {...text('website')} />
      </SimpleGrid>
      <Textarea label="Former names" description="One per line" autosize minRows={2} {...text('formerNames')} />
      <Title order={3} size="h5">
        Addresses
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput label="Registered address" {...text('registeredLine1')} error={errors['registeredAddress.line1']} />
        <TextInput label="City" {...text('registeredCity')} />
        <CountrySelect label="Country" {...choice('registeredCountryId')} />
        <TextInput label="Trading address" {...text('tradingLine1')} error={errors['tradingAddress.line1']} />
        <TextInput label="City" {...text('tradingCity')} />
        <CountrySelect label="Country" {...choice('tradingCountryId')} />
      </SimpleGrid>
      <Title order={3} size="h5">
        Trade licence
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput label="Licence number" {...text('tradeLicenceNumber')} />
        <TextInput label="Expiry date" type="date" {...text('tradeLicenceExpiry')} />
        <TextInput label="Place of issue" {...text('tradeLicencePlace')} />
      </SimpleGrid>
      <Title order={3} size="h5">
        Relationship
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select label="Purpose of the relationship" data={PURPOSE_OPTIONS} clearable {...choice('purposeOfRelationship')} />
        <Textarea label="Expected activity" autosize minRows={1} {...text('expectedActivity')} />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button leftSection={<IconBuilding size={16} aria-hidden />} onClick={() => void save()} loading={isSaving}>
          Register company
        </Button>
      </Group>
    </Stack>
  );
}

function Finish({ company }: { company: TCompanyDetail }) {
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon color="green" variant="light" size="xl" radius="xl">
          <IconCircleCheck size={26} aria-hidden />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {company.fullName} is registered
          </Title>
          <Text size="sm" c="dimmed">
            {company.sanadId}: screened as an organisation ({company.hits.length} hit{company.hits.length === 1 ? '' : 's'}) and rated.
          </Text>
        </div>
      </Group>
      <Group gap="xs">
        <Text size="sm">Risk:</Text>
        <StatusBadge status={company.riskLevel} />
      </Group>
      <Alert color="blue" variant="light" title="Next: ownership and control">
        <Text size="sm">
          Add the directors, shareholders (people and companies), beneficial owners and authorised signatories on the company&apos;s
          profile. Sanad computes each person&apos;s effective ownership and sends the beneficial owners their own onboarding link.
        </Text>
      </Alert>
      <Group gap="sm">
        <Button component={Link} to={companyProfilePath(company._id)}>
          Open the company
        </Button>
        <Button component={Link} to={`${REGISTER_COMPANY_PATH}/setup-profile`} variant="default">
          Register another
        </Button>
        <Button component={Link} to={COMPANY_LIST_PATH} variant="default">
          Company profiles
        </Button>
      </Group>
    </Stack>
  );
}

/** Company Onboarding (/register-company, register-company): setup-profile (also the index), then finish. */
export default function RegisterCompanyPage() {
  const meta = useRouteMeta();
  const location = useLocation();
  const step = meta.sessionStep === 'finish' ? 'finish' : 'setup-profile';
  const company = (location.state as { company?: TCompanyDetail } | null)?.company ?? null;
  if (step === 'finish' && !company) return <Navigate to={`${REGISTER_COMPANY_PATH}/setup-profile`} replace />;
  const active = step === 'finish' ? 1 : 0;
  return (
    <Stack gap="md" maw={1100} w="100%" mx="auto">
      <Title order={1} size="h2">
        Company Onboarding
      </Title>
      <StepHeader active={active} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} size="h3" mb="md">
          {STEPS[active]?.label}
        </Title>
        {company && step === 'finish' ? <Finish company={company} /> : <SetupProfile />}
      </Paper>
    </Stack>
  );
}
