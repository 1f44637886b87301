import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Paper, Progress, Stack, Stepper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconBuilding, IconCircleCheck } from '@tabler/icons-react';
import { Link, Navigate, useNavigate } from 'react-router';
import { COMPANY_ENDPOINTS } from '@sanad/contracts/companies.endpoints';
import { StatusBadge } from '../../../components/StatusBadge';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { firstOfEach, type FieldErrors } from '../../../lib/form-errors';
import { useRouteMeta } from '../../../lib/route-meta';
import { toastError, toastSuccess } from '../../../lib/toast';
import { companyProfilePath } from '../paths';
import { CompanyProfileFields } from '../register/company-form';
import { DocumentsStep } from './DocumentsStep';
import {
  clearCompanyDraft,
  companyErrorsUpTo,
  errorsOfCompanyStep,
  firstCompanyStepWithErrors,
  loadCompanyDraft,
  newCompanyDraft,
  saveCompanyDraft,
  toCompanySubmission,
  type CompanyDraft,
  type RegisteredCompany,
} from './draft';
import { ParentsStep } from './ParentsStep';
import { PreviewStep } from './PreviewStep';
import {
  COMPANY_STEPS,
  companyStepCaption,
  companyStepIndex,
  companyStepPath,
  isCompanyStep,
  LAST_STEP_NUMBER,
  type CompanyStep,
} from './steps';

/** The stepper: the spec's numbers (1, 3, 4, 5, 6) from a tablet up, a compact 'Step n of 6' with a bar on a phone. */
function StepHeader({ step, reached, onOpen }: { step: CompanyStep; reached: CompanyStep; onOpen: (step: CompanyStep) => void }) {
  const active = companyStepIndex(step);
  const number = COMPANY_STEPS[active]?.number ?? 1;
  return (
    <>
      <Stepper
        active={active}
        onStepClick={(index) => {
          const target = COMPANY_STEPS[index]?.name;
          if (target && index <= companyStepIndex(reached) && reached !== 'finish') onOpen(target);
        }}
        size="xs"
        visibleFrom="md"
        allowNextStepsSelect={false}
        aria-label="Registration steps"
      >
        {COMPANY_STEPS.map((item) => (
          <Stepper.Step
            key={item.name}
            label={item.label}
            icon={item.number}
            completedIcon={item.number}
            aria-label={`Step ${item.number}: ${item.label}`}
          />
        ))}
      </Stepper>
      <Stack gap={6} hiddenFrom="md">
        <Text size="sm" fw={600}>
          {companyStepCaption(step)}
        </Text>
        <Progress value={(number / LAST_STEP_NUMBER) * 100} size="sm" aria-hidden />
      </Stack>
    </>
  );
}

function Finish({ company, onStartAgain }: { company: RegisteredCompany; onStartAgain: () => void }) {
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
            {company.sanadId}: {company.documentCount} document{company.documentCount === 1 ? '' : 's'} stored, the company and its{' '}
            {company.parentCount} parent{company.parentCount === 1 ? '' : 's'} screened ({company.hitCount} hit
            {company.hitCount === 1 ? '' : 's'}), and rated.
          </Text>
        </div>
      </Group>
      <Group gap="xs">
        <Text size="sm">Risk:</Text>
        <StatusBadge status={company.riskLevel} />
      </Group>
      <Group gap="sm">
        <Button component={Link} to={companyProfilePath(company._id)}>
          Open the company profile
        </Button>
        <Button variant="default" onClick={onStartAgain}>
          Register another company
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Company self-register (/self-register-company, register-company and the kyb flag): upload-document
 * (also the index), setup-profile, account-info, preview and finish, numbered 1, 3, 4, 5, 6. The
 * draft stays in this tab's session storage between steps; the preview sends everything at once and
 * the server creates the company, its documents and its parents in one transaction.
 */
function CompanyWizard({ step }: { step: CompanyStep }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<CompanyDraft>(() => {
    const loaded = loadCompanyDraft();
    // A finished registration is over: opening another step starts the next company.
    return loaded.result && step !== 'finish' ? newCompanyDraft() : loaded;
  });
  const latest = useRef(draft);
  const change = (next: (current: CompanyDraft) => CompanyDraft) => {
    const value = next(latest.current);
    latest.current = value;
    saveCompanyDraft(value);
    setDraft(value);
  };
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  useEffect(() => {
    window.scrollTo?.({ top: 0 });
  }, []);

  const index = companyStepIndex(step);
  const previous = COMPANY_STEPS[index - 1]?.name;
  const next = COMPANY_STEPS[index + 1]?.name;
  const errors = errorsOfCompanyStep({ ...draft.serverErrors, ...localErrors }, step);

  if (step === 'finish' && !draft.result)
    return <Navigate to={companyStepPath(draft.reached === 'finish' ? 'preview' : draft.reached)} replace />;
  if (step !== 'finish' && index > companyStepIndex(draft.reached)) return <Navigate to={companyStepPath(draft.reached)} replace />;

  /** Drops the errors of fields whose path starts with this prefix: the user changed them. */
  const forget = (prefix: string) => {
    const keep = (known: FieldErrors) => Object.fromEntries(Object.entries(known).filter(([path]) => !path.startsWith(prefix)));
    setLocalErrors(keep);
    change((current) => ({ ...current, serverErrors: keep(current.serverErrors) }));
  };

  function goNext(): void {
    if (!next) return;
    const found = errorsOfCompanyStep(companyErrorsUpTo(latest.current, step), step);
    if (Object.keys(found).length > 0) {
      setLocalErrors(Object.fromEntries(Object.entries(companyErrorsUpTo(latest.current, step))));
      // The messages stand beside their fields; a toast here would sit over this very button.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    change((value) => ({
      ...value,
      reached: companyStepIndex(value.reached) >= companyStepIndex(next) ? value.reached : next,
    }));
    void navigate(companyStepPath(next));
  }

  async function submit(): Promise<void> {
    const found = companyErrorsUpTo(latest.current, 'preview');
    const wrongStep = firstCompanyStepWithErrors(found);
    if (wrongStep) {
      change((value) => ({ ...value, serverErrors: found }));
      toastError(Object.values(found)[0] ?? 'Check the highlighted fields');
      if (wrongStep !== 'preview') void navigate(companyStepPath(wrongStep));
      return;
    }
    setSubmitting(true);
    setSubmitError(null);
    try {
      const body = toCompanySubmission(latest.current);
      const { message, data } = await api(COMPANY_ENDPOINTS.selfRegister, { body });
      const result: RegisteredCompany = {
        _id: data._id,
        sanadId: data.sanadId,
        fullName: data.fullName,
        riskLevel: data.riskLevel,
        hitCount: data.hits.length,
        parentCount: data.structure.parties.length,
        documentCount: data.record.companyDocuments?.length ?? 0,
      };
      change((value) => ({ ...value, serverErrors: {}, reached: 'finish', result }));
      toastSuccess(message);
      void navigate(companyStepPath('finish'));
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : 'There is something wrong';
      const fieldErrors = caught instanceof ApiError ? firstOfEach(caught.errors) : {};
      toastError(message);
      change((value) => ({ ...value, serverErrors: fieldErrors }));
      const target = firstCompanyStepWithErrors(fieldErrors);
      if (target && target !== 'preview') void navigate(companyStepPath(target));
      else setSubmitError(message);
    } finally {
      setSubmitting(false);
    }
  }

  function startAgain(): void {
    clearCompanyDraft();
    change(() => newCompanyDraft());
    void navigate(companyStepPath('upload-document'));
  }

  const body = (() => {
    switch (step) {
      case 'upload-document':
        return (
          <DocumentsStep
            documents={draft.documents}
            errors={errors}
            onChange={(kind, document) => {
              forget(`documents.${kind}`);
              change((current) => {
                const { [kind]: _replaced, ...rest } = current.documents;
                return { ...current, documents: document ? { ...rest, [kind]: document } : rest };
              });
            }}
          />
        );
      case 'setup-profile':
        return (
          <CompanyProfileFields
            values={draft.values}
            errors={errors}
            onChange={(name, value) => {
              forget(`companyInfo.${name}`);
              change((current) => ({ ...current, values: { ...current.values, [name]: value } }));
            }}
          />
        );
      case 'account-info':
        return (
          <ParentsStep
            parents={draft.parents}
            errors={errors}
            onChange={(parents) => {
              forget('parents');
              change((current) => ({ ...current, parents }));
            }}
          />
        );
      case 'preview':
        return <PreviewStep draft={draft} submitError={submitError} />;
      case 'finish':
        return draft.result ? <Finish company={draft.result} onStartAgain={startAgain} /> : null;
    }
  })();

  return (
    <Stack gap="md" maw={1100} w="100%" mx="auto">
      <Title order={1} size="h2">
        Company Self Service Onboarding
      </Title>
      <StepHeader step={step} reached={draft.reached} onOpen={(target) => void navigate(companyStepPath(target))} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} size="h3" mb="md">
          {COMPANY_STEPS[index]?.label}
        </Title>
        <Stack gap="md">{body}</Stack>
      </Paper>
      {step === 'finish' ? null : (
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            disabled={!previous}
            onClick={() => previous && void navigate(companyStepPath(previous))}
          >
            Back
          </Button>
          {step === 'preview' ? (
            <Button leftSection={<IconBuilding size={16} aria-hidden />} onClick={() => void submit()} loading={isSubmitting}>
              Register company
            </Button>
          ) : (
            <Button rightSection={<IconArrowRight size={16} aria-hidden />} onClick={goNext}>
              Next
            </Button>
          )}
        </Group>
      )}
      {step === 'upload-document' ? (
        <Alert color="gray" variant="light">
          Step 2 (record video) is for individuals only: a company goes from its documents straight to its profile.
        </Alert>
      ) : null}
    </Stack>
  );
}

export default function SelfRegisterCompanyPage() {
  const meta = useRouteMeta();
  const step: CompanyStep = isCompanyStep(meta.sessionStep) ? meta.sessionStep : 'upload-document';
  // Each step starts afresh from the stored draft, with no error left from another step.
  return <CompanyWizard key={step} step={step} />;
}
