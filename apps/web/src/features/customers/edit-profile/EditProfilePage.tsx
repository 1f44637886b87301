import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Anchor, Breadcrumbs, Button, Group, Paper, Progress, Skeleton, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { TCustomerDetail } from '@sanad/contracts/customers';
import { CUSTOMER_ENDPOINTS } from '@sanad/contracts/customers.endpoints';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { firstOfEach, type FieldErrors } from '../../../lib/form-errors';
import { useOnboardingSettings } from '../../../lib/onboarding-settings';
import { useRouteMeta } from '../../../lib/route-meta';
import { toastError, toastSuccess } from '../../../lib/toast';
import { CUSTOMER_LIST_PATH, customerProfilePath } from '../paths';
import { AccountInfoStep } from '../self-register/AccountInfoStep';
import { AdditionalInfoStep } from '../self-register/AdditionalInfoStep';
import { withSection, type SelfRegisterDraft } from '../self-register/draft';
import { OnboardingSettingsContext, settingsErrorsUpTo } from '../self-register/onboarding-settings-context';
import { RecordVideoStep } from '../self-register/RecordVideoStep';
import { SetupProfileStep } from '../self-register/SetupProfileStep';
import { errorsOfStep, firstStepWithErrors, validateUpTo } from '../self-register/steps';
import { UploadDocumentStep } from '../self-register/UploadDocumentStep';
import { WizardContext, type Wizard } from '../self-register/wizard-context';
import { EditFinish } from './EditFinish';
import { EditPreview } from './EditPreview';
import {
  EDIT_PROFILE_STEPS,
  clearEdit,
  editDraftOf,
  editProfilePath,
  editStepIndex,
  isEditStep,
  loadEdit,
  saveEdit,
  toUpdate,
  type EditDraft,
  type EditStepName,
} from './edit-steps';

export const customerQueryKey = (id: string) => ['customer', id];

function withoutKey(errors: FieldErrors, key: string): FieldErrors {
  if (!(key in errors)) return errors;
  const { [key]: _removed, ...rest } = errors;
  return rest;
}

/** The edit steps: numbered from a tablet up, 'Step n of 7' with a bar on a phone. Every step but finish may be opened. */
function StepHeader({ step, onOpen }: { step: EditStepName; onOpen: (step: EditStepName) => void }) {
  const active = editStepIndex(step);
  const count = EDIT_PROFILE_STEPS.length;
  return (
    <>
      <Stepper
        active={active}
        onStepClick={(index) => {
          const target = EDIT_PROFILE_STEPS[index]?.name;
          if (target && target !== 'finish' && step !== 'finish') onOpen(target);
        }}
        size="xs"
        visibleFrom="md"
        aria-label="Edit profile steps"
      >
        {EDIT_PROFILE_STEPS.map((item) => (
          <Stepper.Step key={item.name} label={item.label} />
        ))}
      </Stepper>
      <Stack gap={6} hiddenFrom="md">
        <Text size="sm" fw={600}>
          Step {active + 1} of {count}: {EDIT_PROFILE_STEPS[active]?.label}
        </Text>
        <Progress value={((active + 1) / count) * 100} size="sm" aria-hidden />
      </Stack>
    </>
  );
}

/**
 * Edit profile (/customer-profiles/edit-profile/<step>/:id, edit-profile): the registration's own
 * steps opened on the stored record. The edit is kept in this tab between steps; saving sends the
 * whole record with the version it started from (PUT customers/:id), which re-screens and re-rates
 * the customer and keeps a new version. A customer changed since answers 409: the edit is reloaded.
 */
export default function EditProfilePage() {
  const meta = useRouteMeta();
  const { id = '' } = useParams();
  const step: EditStepName = isEditStep(meta.sessionStep) ? meta.sessionStep : 'setup-profile';
  const customer = useQuery({
    queryKey: customerQueryKey(id),
    queryFn: ({ signal }) => api(CUSTOMER_ENDPOINTS.get, { params: { id } }, { signal }),
  });
  const data = customer.data?.data;

  if (!meta.sessionStep) return <Navigate to={editProfilePath('setup-profile', id)} replace />;
  return (
    <Stack gap="md" maw={1100} w="100%" mx="auto">
      <Breadcrumbs>
        <Anchor component={Link} to={CUSTOMER_LIST_PATH} size="sm">
          Customer Profiles
        </Anchor>
        <Anchor component={Link} to={customerProfilePath(id)} size="sm">
          {data?.sanadId ?? 'Customer'}
        </Anchor>
        <Text size="sm">Edit profile</Text>
      </Breadcrumbs>
      {customer.error ? (
        <Alert color="red" role="alert" title="The customer could not be opened">
          {customer.error.message}
        </Alert>
      ) : !data ? (
        <Stack gap="md" aria-busy>
          <Skeleton h={36} w="50%" />
          <Skeleton h={320} />
        </Stack>
      ) : (
        // Each step starts afresh from the kept edit, with no error left from another step.
        <EditStep key={step} step={step} customer={data} />
      )}
    </Stack>
  );
}

function EditStep({ step, customer }: { step: EditStepName; customer: TCustomerDetail }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { settings } = useOnboardingSettings();
  const [edit, setEdit] = useState<EditDraft>(() => {
    const kept = loadEdit(customer._id);
    if (kept) return kept;
    const fresh = editDraftOf(customer);
    saveEdit(fresh);
    return fresh;
  });
  const latest = useRef(edit);
  const change = (next: (current: SelfRegisterDraft) => SelfRegisterDraft) => {
    const value = { ...latest.current, draft: next(latest.current.draft) };
    latest.current = value;
    saveEdit(value);
    setEdit(value);
  };
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const [isSaving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [isStale, setStale] = useState(false);

  useEffect(() => {
    window.scrollTo?.({ top: 0 });
  }, []);

  const draft = edit.draft;
  const errors = useMemo(() => ({ ...errorsOfStep(draft.serverErrors, step), ...localErrors }), [draft.serverErrors, localErrors, step]);

  useEffect(() => {
    if (Object.keys(localErrors).length === 0) return;
    const field = document.querySelector<HTMLElement>('#main [aria-invalid="true"]');
    field?.scrollIntoView?.({ block: 'center' });
    field?.focus({ preventScroll: true });
  }, [localErrors]);

  const wizard: Wizard = {
    step,
    draft,
    errors,
    audience: 'staff',
    // Edit profile has no record-video step: a step it lacks leads back to the profile's setup step.
    stepPath: (target) => editProfilePath(isEditStep(target) ? target : 'setup-profile', customer._id),
    advance: async () => goNext(),
    update: change,
    setField: (section, field, value) => {
      const key = `${section}.${field}`;
      change((current) => ({
        ...withSection(current, section, { [field]: value } as never),
        serverErrors: withoutKey(current.serverErrors, key),
      }));
      setLocalErrors((current) => withoutKey(current, key));
    },
    forgetError: (path) => {
      change((current) => ({ ...current, serverErrors: withoutKey(current.serverErrors, path) }));
      setLocalErrors((current) => withoutKey(current, path));
    },
  };

  const index = editStepIndex(step);
  const previous = EDIT_PROFILE_STEPS[index - 1]?.name;
  const next = EDIT_PROFILE_STEPS[index + 1]?.name;
  const open = (target: EditStepName) => void navigate(editProfilePath(target, customer._id));

  function goNext(): void {
    if (!next) return;
    const body = toUpdate(edit);
    const found = errorsOfStep({ ...settingsErrorsUpTo(body, settings, step), ...validateUpTo(body, step) }, step);
    if (Object.keys(found).length > 0) {
      setLocalErrors(found);
      return;
    }
    open(next);
  }

  /** Starts again from the customer as now stored: the kept edit is dropped. */
  async function reload(): Promise<void> {
    clearEdit(customer._id);
    setStale(false);
    setSaveError(null);
    const fresh = await queryClient.fetchQuery({
      queryKey: customerQueryKey(customer._id),
      queryFn: () => api(CUSTOMER_ENDPOINTS.get, { params: { id: customer._id } }),
    });
    const value = editDraftOf(fresh.data);
    latest.current = value;
    saveEdit(value);
    setEdit(value);
  }

  async function save(): Promise<void> {
    const body = toUpdate(edit);
    const found = { ...settingsErrorsUpTo(body, settings, 'preview'), ...validateUpTo(body, 'preview') };
    const wrongStep = firstStepWithErrors(found);
    if (wrongStep && isEditStep(wrongStep) && wrongStep !== 'preview') {
      change((current) => ({ ...current, serverErrors: found }));
      toastError(Object.values(found)[0] ?? 'Check the highlighted fields');
      open(wrongStep);
      return;
    }
    setSaving(true);
    setSaveError(null);
    setStale(false);
    try {
      const { message, data } = await api(CUSTOMER_ENDPOINTS.update, { params: { id: customer._id }, body });
      clearEdit(customer._id);
      queryClient.setQueryData(customerQueryKey(customer._id), (current: { data: TCustomerDetail } | undefined) =>
        current ? { ...current, data } : current,
      );
      void queryClient.invalidateQueries({ queryKey: ['customer-versions', customer._id] });
      toastSuccess(message);
      void navigate(editProfilePath('finish', customer._id), { state: { savedVersion: data.version } });
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : 'There is something wrong';
      const fieldErrors = caught instanceof ApiError ? firstOfEach(caught.errors) : {};
      const target = firstStepWithErrors(fieldErrors);
      toastError(message);
      change((current) => ({ ...current, serverErrors: fieldErrors }));
      if (caught instanceof ApiError && caught.status === 409 && caught.errors?.version) {
        setStale(true);
        setSaveError(message);
      } else if (target && isEditStep(target) && target !== 'preview') {
        open(target);
      } else {
        setSaveError(message);
      }
    } finally {
      setSaving(false);
    }
  }

  const savedVersion = (location.state as { savedVersion?: number } | null)?.savedVersion ?? null;
  const body = (() => {
    switch (step) {
      case 'upload-document':
        return <UploadDocumentStep />;
      case 'record-video':
        return <RecordVideoStep />;
      case 'setup-profile':
        return <SetupProfileStep />;
      case 'account-info':
        return <AccountInfoStep />;
      case 'additional-info':
        return <AdditionalInfoStep />;
      case 'preview':
        return <EditPreview customerId={customer._id} saveError={saveError} isStale={isStale} onReload={() => void reload()} />;
      case 'finish':
        return <EditFinish customer={customer} savedVersion={savedVersion} />;
    }
  })();

  return (
    <OnboardingSettingsContext.Provider value={settings}>
      <WizardContext.Provider value={wizard}>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {EDIT_PROFILE_STEPS[index]?.title}
            </Title>
            <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {customer.fullName} · {customer.sanadId} · editing version {edit.version}
            </Text>
          </div>
          <StepHeader step={step} onOpen={open} />
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            {body}
          </Paper>
          {step === 'finish' ? null : (
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} aria-hidden />}
                onClick={() => (previous ? open(previous) : void navigate(customerProfilePath(customer._id)))}
              >
                {previous ? 'Back' : 'Cancel'}
              </Button>
              {step === 'preview' ? (
                <Button onClick={() => void save()} loading={isSaving}>
                  Save changes
                </Button>
              ) : (
                <Button rightSection={<IconArrowRight size={16} aria-hidden />} onClick={goNext}>
                  Next
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </WizardContext.Provider>
    </OnboardingSettingsContext.Provider>
  );
}
