import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Group, Paper, Progress, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { Navigate, useNavigate } from 'react-router';
import { CUSTOMER_ENDPOINTS } from '@sanad/contracts/customers.endpoints';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { firstOfEach, type FieldErrors } from '../../../lib/form-errors';
import { useRouteMeta } from '../../../lib/route-meta';
import { useOnboardingSettings } from '../../../lib/onboarding-settings';
import { getActiveDataSegmentId } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { AccountInfoStep } from './AccountInfoStep';
import { AdditionalInfoStep } from './AdditionalInfoStep';
import { clearDraft, loadDraft, newDraft, saveDraft, toSubmission, withSection, type SelfRegisterDraft } from './draft';
import { FinishStep } from './FinishStep';
import { OnboardingSettingsContext, settingsErrorsUpTo } from './onboarding-settings-context';
import { PreviewStep } from './PreviewStep';
import { RecordVideoStep } from './RecordVideoStep';
import { SetupProfileStep } from './SetupProfileStep';
import {
  SELF_REGISTER_STEPS,
  errorsOfStep,
  firstStepWithErrors,
  isStepName,
  stepIndex,
  stepPath,
  validateUpTo,
  type StepName,
} from './steps';
import { UploadDocumentStep } from './UploadDocumentStep';
import { WizardContext, type Wizard } from './wizard-context';

function laterOf(a: StepName, b: StepName): StepName {
  return stepIndex(a) >= stepIndex(b) ? a : b;
}

function withoutKey(errors: FieldErrors, key: string): FieldErrors {
  if (!(key in errors)) return errors;
  const { [key]: _removed, ...rest } = errors;
  return rest;
}

/** The stepper: the seven numbered steps from a tablet up, a compact 'Step n of 7' with a bar on a phone. */
function StepHeader({ step, reached, onOpen }: { step: StepName; reached: StepName; onOpen: (step: StepName) => void }) {
  const active = stepIndex(step);
  const label = SELF_REGISTER_STEPS[active]?.label ?? '';
  return (
    <>
      <Stepper
        active={active}
        onStepClick={(index) => {
          const target = SELF_REGISTER_STEPS[index]?.name;
          if (target && index <= stepIndex(reached) && reached !== 'finish') onOpen(target);
        }}
        size="xs"
        visibleFrom="md"
        allowNextStepsSelect={false}
        aria-label="Registration steps"
      >
        {SELF_REGISTER_STEPS.map((item) => (
          <Stepper.Step key={item.name} label={item.label} />
        ))}
      </Stepper>
      <Stack gap={6} hiddenFrom="md">
        <Text size="sm" fw={600}>
          Step {active + 1} of {SELF_REGISTER_STEPS.length}: {label}
        </Text>
        <Progress value={((active + 1) / SELF_REGISTER_STEPS.length) * 100} size="sm" aria-hidden />
      </Stack>
    </>
  );
}

/**
 * The staff-assisted Self Service Onboarding: seven steps, each its own address under
 * /self-register. The draft stays in this tab's session storage between steps and reloads; the
 * whole record is sent once from the preview, with a submission key made once per draft so that a
 * retried submission returns the customer the first one created.
 */
export default function SelfRegisterPage() {
  const meta = useRouteMeta();
  const step: StepName = isStepName(meta.sessionStep) ? meta.sessionStep : 'upload-document';
  // Each step starts afresh from the stored draft, with no error left from another step.
  return <SelfRegisterStep key={step} step={step} />;
}

function SelfRegisterStep({ step }: { step: StepName }) {
  const navigate = useNavigate();
  const { settings } = useOnboardingSettings();
  const [draft, setDraft] = useState<SelfRegisterDraft>(() => {
    const loaded = loadDraft();
    // A finished registration is over: opening another step starts the next customer.
    if (loaded.result && step !== 'finish') {
      const fresh = newDraft();
      saveDraft(fresh);
      return fresh;
    }
    return loaded;
  });
  // Every change is written to session storage at once: the next step's page reads it as it opens.
  const latest = useRef(draft);
  const change = (next: (current: SelfRegisterDraft) => SelfRegisterDraft) => {
    const value = next(latest.current);
    latest.current = value;
    saveDraft(value);
    setDraft(value);
  };
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  // A block body: scrolling may answer a promise, which must not be taken for a cleanup.
  useEffect(() => {
    window.scrollTo?.({ top: 0 });
  }, []);

  const errors = useMemo(() => ({ ...errorsOfStep(draft.serverErrors, step), ...localErrors }), [draft.serverErrors, localErrors, step]);

  // The first wrong field is brought into view, so a phone user sees why the step did not move on.
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
    update: change,
    setField: (section, field, value) => {
      const key = `${section}.${field}`;
      change((current) => ({
        ...withSection(current, section, { [field]: value } as never),
        serverErrors: withoutKey(current.serverErrors, key),
      }));
      setLocalErrors((current) => withoutKey(current, key));
    },
  };

  if (step === 'finish' && !draft.result) return <Navigate to={stepPath(draft.reached === 'finish' ? 'preview' : draft.reached)} replace />;
  if (step !== 'finish' && stepIndex(step) > stepIndex(draft.reached)) return <Navigate to={stepPath(draft.reached)} replace />;

  const index = stepIndex(step);
  const previous = SELF_REGISTER_STEPS[index - 1]?.name;
  const next = SELF_REGISTER_STEPS[index + 1]?.name;

  function goNext(): void {
    if (!next) return;
    const body = toSubmission(draft, null);
    const found = errorsOfStep({ ...settingsErrorsUpTo(body, settings, step), ...validateUpTo(body, step) }, step);
    if (Object.keys(found).length > 0) {
      setLocalErrors(found);
      return;
    }
    change((current) => ({ ...current, reached: laterOf(current.reached, next) }));
    void navigate(stepPath(next));
  }

  async function submit(): Promise<void> {
    const body = toSubmission(draft, getActiveDataSegmentId());
    const found = { ...settingsErrorsUpTo(body, settings, 'preview'), ...validateUpTo(body, 'preview') };
    const wrongStep = firstStepWithErrors(found);
    if (wrongStep && wrongStep !== 'preview') {
      change((current) => ({ ...current, serverErrors: found }));
      toastError(Object.values(found)[0] ?? 'Check the highlighted fields');
      void navigate(stepPath(wrongStep));
      return;
    }
    setSubmitting(true);
    setSubmitError(null);
    try {
      const { message, data } = await api(CUSTOMER_ENDPOINTS.selfRegister, { body });
      change((current) => ({
        ...current,
        serverErrors: {},
        reached: 'finish',
        result: {
          _id: data._id,
          sanadId: data.sanadId,
          fullName: data.fullName,
          riskLevel: data.riskLevel,
          kycStatus: data.kycStatus,
          hitCount: data.hits.length,
        },
      }));
      toastSuccess(message);
      void navigate(stepPath('finish'));
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : 'There is something wrong';
      const fieldErrors = caught instanceof ApiError ? firstOfEach(caught.errors) : {};
      const target = firstStepWithErrors(fieldErrors);
      toastError(message);
      if (target && target !== 'preview') {
        change((current) => ({ ...current, serverErrors: fieldErrors }));
        void navigate(stepPath(target));
      } else {
        change((current) => ({ ...current, serverErrors: fieldErrors }));
        setSubmitError(message);
      }
    } finally {
      setSubmitting(false);
    }
  }

  function registerAnother(): void {
    clearDraft();
    change(() => newDraft());
    void navigate(stepPath('upload-document'));
  }

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
        return <PreviewStep submitError={submitError} />;
      case 'finish':
        return draft.result ? <FinishStep customer={draft.result} onRegisterAnother={registerAnother} /> : null;
    }
  })();

  return (
    <OnboardingSettingsContext.Provider value={settings}>
      <WizardContext.Provider value={wizard}>
        <Stack gap="md" maw={1100} w="100%" mx="auto">
          <Title order={1} size="h2">
            Self Service Onboarding
          </Title>
          <StepHeader step={step} reached={draft.reached} onOpen={(target) => void navigate(stepPath(target))} />
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            <Title order={2} size="h3" mb="md">
              {SELF_REGISTER_STEPS[index]?.label}
            </Title>
            {body}
          </Paper>
          {step === 'finish' ? null : (
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} aria-hidden />}
                disabled={!previous}
                onClick={() => previous && void navigate(stepPath(previous))}
              >
                Back
              </Button>
              {step === 'preview' ? (
                <Button onClick={() => void submit()} loading={isSubmitting}>
                  Register customer
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
