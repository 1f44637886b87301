import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Center, Container, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconLinkOff, IconMailForward } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { DEFAULT_ONBOARDING_SETTINGS, type TOnboardingSettings } from '@sanad/contracts/onboarding-configuration';
import { contactCodeChannel } from '@sanad/contracts/otp';
import { flowSteps, type RegistrationFlow } from '@sanad/contracts/registration-steps';
import { TEMP_CUSTOMER_MESSAGES } from '@sanad/contracts/temp-customers';
import { TEMP_CUSTOMER_ENDPOINTS } from '@sanad/contracts/temp-customers.endpoints';
import { GuestPage } from '../../../components/GuestPage';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/use-t';
import { setLinkSession } from '../../../lib/link-session';
import { useRouteMeta } from '../../../lib/route-meta';
import { newDraft, toSubmission, type RegisteredCustomer, type SelfRegisterDraft } from '../self-register/draft';
import { RegistrationWizard, type WizardMode } from '../self-register/RegistrationWizard';
import { isStepName, type StepName } from '../self-register/steps';
import { PublicHeader } from '../public-start/PublicHeader';
import { cache, draftKey, readCachedDraft, resumeDraft } from './deep-register-drafts';

/** The deep register's address of a step; upload-document is also the index. */
export function deepRegisterPath(dataSegmentId: string, token: string, step: StepName): string {
  return `/${dataSegmentId}/${token}/deep-register/${step}`;
}

/** The link's progress was read in this tab: the other steps' pages do not read it again. */
let openedKey: string | null = null;
/** The onboarding configuration of the link's segment, as its opening answered it. */
let openedSettings: TOnboardingSettings = DEFAULT_ONBOARDING_SETTINGS;
/** The steps the link's journey runs (a sent link's seven, the older public form's six), as its opening answered. */
let openedFlow: RegistrationFlow = 'deep-register';
/** Step pages of a link on screen (one, or two for a moment while moving between steps). */
let mounted = 0;
/** Where the older public form's continue link went, per journey: the later steps' pages keep saying so. */
const continueNotices = new Map<string, string>();

/** The one page a link that cannot be used shows: nothing of the registration behind it. */
function InvalidLink() {
  const { t, tm } = useT();
  return (
    <GuestPage title={t('public.linkUnusable')} footerRoom={0}>
      <Stack gap="sm" align="flex-start">
        <ThemeIcon color="gray" variant="light" size="xl" radius="xl">
          <IconLinkOff size={24} aria-hidden />
        </ThemeIcon>
        <Text>{tm(TEMP_CUSTOMER_MESSAGES.linkInvalid)}</Text>
        <Text size="sm" c="dimmed">
          {t('public.askNewLink')}
        </Text>
      </Stack>
    </GuestPage>
  );
}

function CustomerFinish({ customer }: { customer: RegisteredCustomer; onStartAgain: () => void }) {
  const { t } = useT();
  return (
    <Stack gap="md">
      <ThemeIcon color="green" variant="light" size="xl" radius="xl">
        <IconCircleCheck size={26} aria-hidden />
      </ThemeIcon>
      <Title order={3} size="h4">
        {t('public.thankYou')}
      </Title>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('public.receivedNamed', { name: customer.fullName })}
      </Text>
      <Text size="sm">
        {t('public.yourReference')}{' '}
        <Text span fw={700} data-testid="sanad-id" dir="ltr">
          {customer.sanadId}
        </Text>
      </Text>
      <Text size="sm" c="dimmed">
        {t('public.closePage')}
      </Text>
    </Stack>
  );
}

/**
 * The public deep register (/:dataSegmentId/:token/deep-register/…): no sign-in and no shell, laid
 * out for a phone. The link opens with the progress saved on the server, so it continues where it
 * stopped on any device; each step is saved on the server when left with Next, this tab keeping a
 * copy only as a cache. The same seven step screens as the staff self-register run here with the
 * customer's link instead of a staff session.
 */
export default function DeepRegisterPage() {
  const { dataSegmentId = '', token = '' } = useParams();
  const meta = useRouteMeta();
  const step: StepName = isStepName(meta.sessionStep) ? meta.sessionStep : 'upload-document';
  const stepPath = useCallback((target: StepName) => deepRegisterPath(dataSegmentId, token, target), [dataSegmentId, token]);
  return <DeepRegisterJourney dataSegmentId={dataSegmentId} token={token} step={step} stepPath={stepPath} invalid={<InvalidLink />} />;
}

/** The frame of a public registration's steps: the logo and the language menu above, no shell, laid out for a phone. */
export function PublicRegisterFrame({ children }: { children: ReactNode }) {
  return (
    <Box component="main" id="main" mih="100vh" bg="var(--mantine-color-gray-0)" py={{ base: 'sm', sm: 'xl' }}>
      <Container size="lg" px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <PublicHeader />
          {children}
        </Stack>
      </Container>
    </Box>
  );
}

/**
 * A deep-register link's journey: opened with the progress saved on the server, each step saved
 * when left with Next, completed from the preview. The steps are those of the link's flow (the
 * server answers it on opening): a sent link's seven, or the older public form's six. Where the
 * steps live (`stepPath`) and what a link that stops working shows (`invalid`) are the page's.
 */
export function DeepRegisterJourney({
  dataSegmentId,
  token,
  step,
  stepPath,
  invalid,
  expectedFlow = 'deep-register',
}: {
  dataSegmentId: string;
  token: string;
  step: StepName;
  stepPath: (step: StepName) => string;
  invalid: ReactNode;
  /** The flow the page's address runs, until (or without: a finished journey) the link's opening answers it. */
  expectedFlow?: RegistrationFlow;
}) {
  const navigate = useNavigate();
  const { t, language, isolate } = useT();
  const key = draftKey(dataSegmentId, token);
  const [continueSentTo, setContinueSentTo] = useState<string | null>(() => continueNotices.get(key) ?? null);
  const [phase, setPhase] = useState<'opening' | 'invalid' | 'ready'>(() => {
    if (openedKey === key) return 'ready';
    // Finished in this tab: the used-up link still shows the customer their reference.
    const cached = readCachedDraft(key);
    return step === 'finish' && cached?.result ? 'ready' : 'opening';
  });

  // Every call of this page speaks for the link; the staff session (if any) is left alone. Set
  // while rendering, so the steps' own effects already speak for the link; let go only once no
  // step page of a link is shown any more (the next step's page mounts as this one unmounts).
  setLinkSession({ token, dataSegmentId });
  useEffect(() => {
    mounted += 1;
    return () => {
      mounted -= 1;
      window.setTimeout(() => {
        if (mounted === 0) setLinkSession(null);
      }, 0);
    };
  }, []);

  useEffect(() => {
    if (phase !== 'opening') return;
    let isCurrent = true;
    api(TEMP_CUSTOMER_ENDPOINTS.open, { body: { dataSegmentId } })
      .then(({ data }) => {
        if (!isCurrent) return;
        const draft = resumeDraft(data, readCachedDraft(key));
        cache.save(key, draft);
        openedKey = key;
        openedSettings = data.settings;
        openedFlow = data.flow;
        // Opened at its address (the first step) on another device: continue where it stopped.
        if (step === 'upload-document' && draft.reached !== 'upload-document') void navigate(stepPath(draft.reached), { replace: true });
        setPhase('ready');
      })
      .catch(() => {
        if (isCurrent) setPhase('invalid');
      });
    return () => {
      isCurrent = false;
    };
  }, [phase, key, dataSegmentId, step, stepPath, navigate]);

  /** A link that stops working on the way (revoked, replaced, expired) turns the page into the one clear page. */
  const whileLinkWorks = useCallback(async <T,>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) {
        openedKey = null;
        setPhase('invalid');
      }
      throw caught;
    }
  }, []);

  // Which contact the journey proves: read once the link's opening answered the settings.
  const contactChannel = contactCodeChannel(openedSettings);
  const flow = openedKey === key ? openedFlow : expectedFlow;
  const mode = useMemo<WizardMode>(
    () => ({
      title: t('public.title'),
      audience: 'customer',
      steps: flowSteps(flow),
      stepPath,
      drafts: {
        load: () => cache.load(key),
        save: (draft) => cache.save(key, draft),
        clear: () => cache.clear(key),
        fresh: () => newDraft(),
      },
      async saveStep(target, draft) {
        const { data } = await whileLinkWorks(() =>
          api(TEMP_CUSTOMER_ENDPOINTS.saveStep, {
            params: { step: target },
            body: { dataSegmentId, submission: toSubmission(draft, null) as Record<string, unknown>, draft: stateOf(draft), language },
          }),
        );
        if (data.continueLinkSentTo) {
          continueNotices.set(key, data.continueLinkSentTo);
          setContinueSentTo(data.continueLinkSentTo);
        }
      },
      async submit(draft) {
        await whileLinkWorks(() =>
          api(TEMP_CUSTOMER_ENDPOINTS.saveStep, {
            params: { step: 'preview' },
            body: { dataSegmentId, submission: toSubmission(draft, null) as Record<string, unknown>, draft: stateOf(draft), language },
          }),
        );
        const { message, data } = await whileLinkWorks(() => api(TEMP_CUSTOMER_ENDPOINTS.complete, { body: { dataSegmentId } }));
        openedKey = null;
        return {
          message,
          customer: { _id: '', sanadId: data.sanadId, fullName: data.fullName, riskLevel: null, kycStatus: 'pending', hitCount: 0 },
        };
      },
      submitLabel: t('public.submitRegistration'),
      Finish: CustomerFinish,
      contactCheck: { dataSegmentId, channel: contactChannel },
    }),
    [dataSegmentId, key, stepPath, whileLinkWorks, contactChannel, flow, t, language],
  );

  if (phase === 'invalid') return <>{invalid}</>;
  return (
    <PublicRegisterFrame>
      {phase === 'opening' ? (
        <Center py="xl">
          <Loader aria-label={t('public.opening')} />
        </Center>
      ) : (
        <>
          {continueSentTo && step !== 'finish' ? (
            <Alert color="teal" variant="light" icon={<IconMailForward size={20} aria-hidden />} data-testid="continue-link-sent">
              {t('public.continueLinkSent', { destination: isolate(continueSentTo) })}
            </Alert>
          ) : null}
          <RegistrationWizard key={step} step={step} mode={mode} settings={openedSettings} />
        </>
      )}
    </PublicRegisterFrame>
  );
}

/** What the server keeps of the wizard: everything but the answers of this tab's last call. */
function stateOf(draft: SelfRegisterDraft): Record<string, unknown> {
  const { serverErrors: _errors, result: _result, ...state } = draft;
  return state;
}
