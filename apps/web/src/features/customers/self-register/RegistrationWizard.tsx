import { useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Button, Group, Paper, Progress, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { Navigate, useNavigate } from 'react-router';
import { DEFAULT_ONBOARDING_SETTINGS, type TOnboardingSettings } from '@sanad/contracts/onboarding-configuration';
import { ApiError } from '../../../lib/api-client';
import { useT, type Translator } from '../../../lib/i18n/use-t';
import { firstOfEach, type FieldErrors } from '../../../lib/form-errors';
import { toastError, toastSuccess } from '../../../lib/toast';
import { AccountInfoStep } from './AccountInfoStep';
import { AdditionalInfoStep } from './AdditionalInfoStep';
import { withSection, type RegisteredCustomer, type SelfRegisterDraft } from './draft';
import { OnboardingSettingsContext, settingsErrorsUpTo } from './onboarding-settings-context';
import { PreviewStep } from './PreviewStep';
import { RecordVideoStep } from './RecordVideoStep';
import { SetupProfileStep } from './SetupProfileStep';
import { SELF_REGISTER_STEPS, errorsOfStep, firstStepWithErrors, stepIndex, validateUpTo, type StepName } from './steps';
import { toSubmission } from './draft';
import { UploadDocumentStep } from './UploadDocumentStep';
import type { ContactCheck } from './ContactCodeCheck';
import { WizardContext, type Wizard } from './wizard-context';

/**
 * What differs between the wizards that run the seven registration steps: the staff-assisted
 * self-register (staff API, draft in session storage) and the public deep register (the customer's
 * link, each step saved on the server, session storage only as a cache).
 */
export interface WizardMode {
  title: string;
  audience: Wizard['audience'];
  stepPath: (step: StepName) => string;
  /** Where the draft is kept between steps and reloads in this tab. */
  drafts: { load: () => SelfRegisterDraft; save: (draft: SelfRegisterDraft) => void; clear: () => void; fresh: () => SelfRegisterDraft };
  /** Keeps a step that was left with Next (the deep register saves it on the server); rejects to stay on the step. */
  saveStep?: (step: StepName, draft: SelfRegisterDraft) => Promise<void>;
  /** Sends the whole registration from the preview. */
  submit: (draft: SelfRegisterDraft) => Promise<{ message: string; customer: RegisteredCustomer }>;
  submitLabel: string;
  /** The finish step's content. */
  Finish: ComponentType<{ customer: RegisteredCustomer; onStartAgain: () => void }>;
  /** The steps this wizard runs, in order (the seven registration steps when not said; the dynamic register leaves one out). */
  steps?: ReadonlyArray<{ name: StepName; label: string }>;
  /** The errors that keep a step from being left, instead of the customer contract's (the dynamic register checks its forms). */
  validateStep?: (step: StepName, draft: SelfRegisterDraft) => FieldErrors;
  /** A step's own content, instead of the built-in step (null: the built-in one). */
  renderStep?: (step: StepName, state: { submitError: string | null; setLocalErrors: (errors: FieldErrors) => void }) => ReactNode | null;
  /** A public journey: the contact is proved with a one-time code. */
  contactCheck?: ContactCheck;
}

function laterOf(a: StepName, b: StepName): StepName {
  return stepIndex(a) >= stepIndex(b) ? a : b;
}

function withoutKey(errors: FieldErrors, key: string): FieldErrors {
  if (!(key in errors)) return errors;
  const { [key]: _removed, ...rest } = errors;
  return rest;
}

/** The stepper: the seven numbered steps from a tablet up, a compact 'Step n of 7' with a bar on a phone. */
function StepHeader({
  step,
  reached,
  onOpen,
  steps,
}: {
  step: StepName;
  reached: StepName;
  onOpen: (step: StepName) => void;
  steps: ReadonlyArray<{ name: StepName; label: string }>;
}) {
  const { t } = useT();
  const active = steps.findIndex((item) => item.name === step);
  const label = active >= 0 ? t(`step.${step}`) : '';
  return (
    <>
      <Stepper
        active={active}
        onStepClick={(index) => {
          const target = steps[index]?.name;
          if (target && stepIndex(target) <= stepIndex(reached) && reached !== 'finish') onOpen(target);
        }}
        size="xs"
        visibleFrom="md"
        allowNextStepsSelect={false}
        aria-label={t('wizard.stepsLabel')}
      >
        {steps.map((item) => (
          <Stepper.Step key={item.name} label={t(`step.${item.name}`)} />
        ))}
      </Stepper>
      <Stack gap={6} hiddenFrom="md">
        <Text size="sm" fw={600}>
          {t('wizard.stepOf', { current: active + 1, total: steps.length, label })}
        </Text>
        <Progress value={((active + 1) / steps.length) * 100} size="sm" aria-hidden />
      </Stack>
    </>
  );
}

/** The error a failed call shows (in the language on screen), and the field errors it carried (by dotted path). */
function failureOf(caught: unknown, { tm }: Translator): { message: string; fieldErrors: FieldErrors } {
  return {
    message: tm(caught instanceof Error ? caught.message : 'There is something wrong'),
    fieldErrors: caught instanceof ApiError ? firstOfEach(caught.errors) : {},
  };
}

/** Field errors in the language on screen: the contract's and the server's messages come in English. */
function translated(errors: FieldErrors, { tm, language }: Translator): FieldErrors {
  if (language === 'en') return errors;
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [path, tm(message)]));
}

/**
 * One step of a registration wizard, each step its own address. Every change to the draft is kept
 * at once (mode.drafts); Next checks the step with the customer contract (and, in the deep
 * register, saves it on the server); the preview sends the whole record.
 */
export function RegistrationWizard({
  step,
  mode,
  settings = DEFAULT_ONBOARDING_SETTINGS,
}: {
  step: StepName;
  mode: WizardMode;
  /** The segment's onboarding configuration as far as the browser knows it; the server applies the segment's own. */
  settings?: TOnboardingSettings;
}) {
  const navigate = useNavigate();
  const translator = useT();
  const { t, tm, dir } = translator;
  const { stepPath } = mode;
  const [draft, setDraft] = useState<SelfRegisterDraft>(() => {
    const loaded = mode.drafts.load();
    // A finished registration is over: opening another step starts the next customer.
    if (loaded.result && step !== 'finish') {
      const fresh = mode.drafts.fresh();
      mode.drafts.save(fresh);
      return fresh;
    }
    return loaded;
  });
  // Every change is written at once: the next step's page reads it as it opens.
  const latest = useRef(draft);
  const change = (next: (current: SelfRegisterDraft) => SelfRegisterDraft) => {
    const value = next(latest.current);
    latest.current = value;
    mode.drafts.save(value);
    setDraft(value);
  };
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  // A block body: scrolling may answer a promise, which must not be taken for a cleanup.
  useEffect(() => {
    window.scrollTo?.({ top: 0 });
  }, []);

  const errors = useMemo(
    () => translated({ ...errorsOfStep(draft.serverErrors, step), ...localErrors }, translator),
    [draft.serverErrors, localErrors, step, translator],
  );

  // The first wrong field is brought into view, so a phone user sees why the step did not move on.
  useEffect(() => {
    if (Object.keys(localErrors).length === 0) return;
    const field = document.querySelector<HTMLElement>('#main [aria-invalid="true"]');
    field?.scrollIntoView?.({ block: 'center' });
    field?.focus({ preventScroll: true });
  }, [localErrors]);

  const steps = mode.steps ?? SELF_REGISTER_STEPS;
  const index = steps.findIndex((item) => item.name === step);
  const previous = steps[index - 1]?.name;
  const next = steps[index + 1]?.name;

  /** Shows a refused save or submission: on the step that holds the fields, or here. */
  function showFailure(caught: unknown): void {
    const { message, fieldErrors } = failureOf(caught, translator);
    const target = firstStepWithErrors(fieldErrors);
    toastError(message);
    change((current) => ({ ...current, serverErrors: fieldErrors }));
    if (target && target !== step && stepIndex(target) < stepIndex('preview')) void navigate(stepPath(target));
    else if (Object.keys(errorsOfStep(fieldErrors, step)).length === 0) setSubmitError(message);
  }

  async function goNext(): Promise<void> {
    if (!next) return;
    const current = latest.current;
    const body = toSubmission(current, null);
    const found = mode.validateStep
      ? mode.validateStep(step, current)
      : errorsOfStep({ ...settingsErrorsUpTo(body, settings, step), ...validateUpTo(body, step) }, step);
    if (Object.keys(found).length > 0) {
      setLocalErrors(found);
      return;
    }
    if (mode.saveStep) {
      setSubmitting(true);
      setSubmitError(null);
      try {
        await mode.saveStep(step, current);
      } catch (caught) {
        showFailure(caught);
        return;
      } finally {
        setSubmitting(false);
      }
    }
    change((value) => ({ ...value, serverErrors: {}, reached: laterOf(value.reached, next) }));
    void navigate(stepPath(next));
  }

  const wizard: Wizard = {
    step,
    draft,
    errors,
    audience: mode.audience,
    ...(mode.contactCheck ? { contactCheck: mode.contactCheck } : {}),
    ...(mode.steps ? { steps: mode.steps.map((item) => item.name) } : {}),
    stepPath,
    update: change,
    advance: goNext,
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

  if (step === 'finish' && !draft.result) return <Navigate to={stepPath(draft.reached === 'finish' ? 'preview' : draft.reached)} replace />;
  if (step !== 'finish' && stepIndex(step) > stepIndex(draft.reached)) return <Navigate to={stepPath(draft.reached)} replace />;

  async function submit(): Promise<void> {
    const current = latest.current;
    const body = toSubmission(current, null);
    const found = mode.validateStep ? {} : { ...settingsErrorsUpTo(body, settings, 'preview'), ...validateUpTo(body, 'preview') };
    const wrongStep = firstStepWithErrors(found);
    if (wrongStep && wrongStep !== 'preview') {
      change((value) => ({ ...value, serverErrors: found }));
      toastError(tm(Object.values(found)[0] ?? t('wizard.checkFields')));
      void navigate(stepPath(wrongStep));
      return;
    }
    // The preview's own fields (the Signature Panel) are shown here, beside the panel.
    if (wrongStep === 'preview') {
      setLocalErrors(errorsOfStep(found, 'preview'));
      toastError(tm(Object.values(found)[0] ?? t('wizard.checkFields')));
      return;
    }
    setSubmitting(true);
    setSubmitError(null);
    try {
      const { message, customer } = await mode.submit(current);
      change((value) => ({ ...value, serverErrors: {}, reached: 'finish', result: customer }));
      toastSuccess(tm(message));
      void navigate(stepPath('finish'));
    } catch (caught) {
      showFailure(caught);
    } finally {
      setSubmitting(false);
    }
  }

  function startAgain(): void {
    mode.drafts.clear();
    change(() => mode.drafts.fresh());
    void navigate(stepPath('upload-document'));
  }

  const own = mode.renderStep?.(step, { submitError, setLocalErrors });
  const body = (() => {
    if (own) return own;
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
        return draft.result ? <mode.Finish customer={draft.result} onStartAgain={startAgain} /> : null;
    }
  })();

  return (
    <OnboardingSettingsContext.Provider value={settings}>
      <WizardContext.Provider value={wizard}>
        <Stack gap="md" maw={1100} w="100%" mx="auto">
          <Title order={1} size="h2">
            {mode.title}
          </Title>
          <StepHeader steps={steps} step={step} reached={draft.reached} onOpen={(target) => void navigate(stepPath(target))} />
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            <Title order={2} size="h3" mb="md">
              {index >= 0 ? t(`step.${step}`) : null}
            </Title>
            {body}
          </Paper>
          {step === 'finish' ? null : (
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <Button
                variant="default"
                leftSection={dir === 'rtl' ? <IconArrowRight size={16} aria-hidden /> : <IconArrowLeft size={16} aria-hidden />}
                disabled={!previous}
                onClick={() => previous && void navigate(stepPath(previous))}
              >
                {t('wizard.back')}
              </Button>
              {step === 'preview' ? (
                <Button onClick={() => void submit()} loading={isSubmitting}>
                  {mode.submitLabel}
                </Button>
              ) : (
                <Button
                  rightSection={dir === 'rtl' ? <IconArrowLeft size={16} aria-hidden /> : <IconArrowRight size={16} aria-hidden />}
                  onClick={() => void goNext()}
                  loading={isSubmitting}
                >
                  {t('wizard.next')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </WizardContext.Provider>
    </OnboardingSettingsContext.Provider>
  );
}
