import { useState } from 'react';
import { Alert, Button, Group, Paper, Progress, Stack, Stepper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuilding, IconCircleCheck } from '@tabler/icons-react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ZCompanyCreateInput, type TCompanyDetail } from '@sanad/contracts/companies';
import { COMPANY_ENDPOINTS } from '@sanad/contracts/companies.endpoints';
import { StatusBadge } from '../../../components/StatusBadge';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { firstOfEach, validateWith, type FieldErrors } from '../../../lib/form-errors';
import { useRouteMeta } from '../../../lib/route-meta';
import { toastError, toastSuccess } from '../../../lib/toast';
import { companyProfilePath, COMPANY_LIST_PATH, REGISTER_COMPANY_PATH } from '../paths';
import { companyBody, CompanyProfileFields, EMPTY_COMPANY_VALUES, fieldOf, type CompanyValues } from './company-form';

/** Company onboarding by staff has two steps (KB-02): the company's profile, then where it went. */
const STEPS = [
  { name: 'setup-profile', label: 'Setup profile' },
  { name: 'finish', label: 'Finish' },
] as const;

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
  const [values, setValues] = useState<CompanyValues>(EMPTY_COMPANY_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSaving, setSaving] = useState(false);

  const change = (name: keyof CompanyValues, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
  };

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
      <CompanyProfileFields values={values} errors={errors} onChange={change} />
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
