import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Box, Center, Container, Loader, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { DYNAMIC_REGISTER_MESSAGES, DYNAMIC_REGISTER_STEPS, type TDynamicRegisterSession } from '@sanad/contracts/dynamic-register';
import { DYNAMIC_REGISTER_ENDPOINTS } from '@sanad/contracts/dynamic-register.endpoints';
import {
  allFields,
  formAnswerErrors,
  isFieldVisible,
  localized,
  recordPatchFromAnswers,
  type TFormAnswers,
  type TFormDefinition,
} from '@sanad/contracts/form-builder';
import { contactAddress, contactCodeChannel, type TContactChannel } from '@sanad/contracts/otp';
import { DynamicForm } from '../../../components/dynamic-form/DynamicForm';
import { GuestPage } from '../../../components/GuestPage';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { useT, type Translator } from '../../../lib/i18n/use-t';
import type { FieldErrors } from '../../../lib/form-errors';
import { setLinkSession } from '../../../lib/link-session';
import { useRouteMeta } from '../../../lib/route-meta';
import {
  asDraft,
  clearDraft,
  loadDraft,
  newDraft,
  saveDraft,
  type RegisteredCustomer,
  type SelfRegisterDraft,
} from '../self-register/draft';
import { readStoredDraft, type DraftStores } from '../self-register/draft-storage';
import { RegistrationWizard, type WizardMode } from '../self-register/RegistrationWizard';
import { isStepName, type StepName } from '../self-register/steps';
import { useWizard } from '../self-register/wizard-context';
import { ContactCodeCheck, verifiedKey } from '../self-register/ContactCodeCheck';
import { PublicStart } from '../public-start/PublicStart';
import { PublicHeader } from '../public-start/PublicHeader';
import { dynamicRegisterPath } from './dynamic-paths';

type FormStep = 'setup-profile' | 'account-info';
/**
 * The dynamic register keeps its whole draft in this tab's session storage: custom answers may hold
 * anything a form asks (an ID number under any label), so none of it goes to local storage.
 */
const TAB_STORES: DraftStores = { kept: sessionStorage, tab: sessionStorage };

type DynamicDraft = SelfRegisterDraft & { answers?: Partial<Record<FormStep, TFormAnswers>> };

/** The journey opened in this tab (the step pages do not open it again). */
let opened: { key: string; session: TDynamicRegisterSession } | null = null;

const draftKey = (dataSegmentId: string, token: string) => `sanad.dynamicRegister.${dataSegmentId}.${token.slice(0, 12)}`;

function Closed({ message }: { message: string }) {
  const { t, tm } = useT();
  return (
    <GuestPage title={t('public.cannotOpen')} footerRoom={0}>
      <Stack gap="sm" align="flex-start">
        <ThemeIcon color="gray" variant="light" size="xl" radius="xl">
          <IconLinkOff size={24} aria-hidden />
        </ThemeIcon>
        <Text>{tm(message)}</Text>
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

/** The answers as text in the chosen language: an option's label for its value, lists joined. */
function shownAnswer(
  definition: TFormDefinition,
  key: string,
  value: unknown,
  { t, language }: Pick<Translator, 't' | 'language'>,
): string {
  const field = allFields(definition).find((item) => item.key === key);
  const optionLabel = (option: unknown) => {
    const found = field?.options.find((item) => item.value === option);
    return found ? localized(found.label, language) : String(option);
  };
  if (Array.isArray(value)) return value.map(optionLabel).join(language === 'en' ? ', ' : '، ');
  if (value === null || value === undefined || value === '') return '';
  // A file or signature answer is a stored file's name: say that it is there, not its random name.
  if (field?.type === 'file') return t('preview.fileUploaded');
  if (field?.type === 'signature') return t('preview.signed');
  if (field?.type === 'yes-no' && typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
  return field && field.options.length > 0 ? optionLabel(value) : String(value);
}

/** The contact a form step's answers write; null when the step does not ask the verified one. */
function askedContact(definition: TFormDefinition, answers: TFormAnswers, channel: TContactChannel) {
  const target = channel === 'email' ? 'contactInfo.email' : 'contactInfo.phoneNumber';
  if (!allFields(definition).some((field) => field.mapsTo === target)) return null;
  const contact = (recordPatchFromAnswers(definition, answers).contactInfo ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof contact[key] === 'string' ? (contact[key] as string) : '');
  return { email: text('email'), phoneNumber: text('phoneNumber'), isdCode: text('isdCode') };
}

/** The code that proves the contact a form step asks (on the step that asks it). */
function FormContactProof({ definition, answers }: { definition: TFormDefinition; answers: TFormAnswers }) {
  const { contactCheck, draft, update } = useWizard();
  if (!contactCheck) return null;
  const contact = askedContact(definition, answers, contactCheck.channel);
  if (!contact) return null;
  const address = contactAddress(contactCheck.channel, contact);
  const key = verifiedKey(contactCheck.channel, address);
  return (
    <ContactCodeCheck
      check={contactCheck}
      address={address}
      contact={
        contactCheck.channel === 'email'
          ? { email: contact.email }
          : { mobileNo: contact.phoneNumber, ...(contact.isdCode ? { isdCode: contact.isdCode } : {}) }
      }
      isVerified={Boolean(address) && draft.verifiedContact === key}
      onVerified={() => update((current) => ({ ...current, verifiedContact: key, serverErrors: {} }))}
    />
  );
}

/** Steps 3 and 4: the journey's pinned form, its answers kept in the draft. */
function FormStepBody({ step, definition }: { step: FormStep; definition: TFormDefinition }) {
  const { draft, update, errors, forgetError } = useWizard();
  const { language } = useT();
  const answers = (draft as DynamicDraft).answers?.[step] ?? {};
  const fieldErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([path]) => path.startsWith(`${step}.`))
      .map(([path, message]) => [path.slice(step.length + 1), message]),
  );
  return (
    <Stack gap="md">
      <DynamicForm
        definition={definition}
        answers={answers}
        errors={fieldErrors}
        language={language}
        isCompact
        onChange={(key, value) => {
          update((current) => {
            const all = (current as DynamicDraft).answers ?? {};
            const next: DynamicDraft = { ...current, answers: { ...all, [step]: { ...all[step], [key]: value } } };
            return next;
          });
          // The answer changed: the message it was refused with (here or by the server) no longer holds.
          forgetError(`${step}.${key}`);
        }}
      />
      <FormContactProof definition={definition} answers={answers} />
    </Stack>
  );
}

/** Step 5: the answers under their labels, and the document. */
function DynamicPreview({ session, submitError }: { session: TDynamicRegisterSession; submitError: string | null }) {
  const { draft, errors } = useWizard();
  const translator = useT();
  const { t, language } = translator;
  const answers = (draft as DynamicDraft).answers ?? {};
  const problem = submitError ?? Object.values(errors)[0];
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('preview.introCustomer')}
      </Text>
      {problem ? (
        <Alert color="red" role="alert" title={t('preview.failedCustomer')}>
          {problem}
        </Alert>
      ) : null}
      <Text size="sm">{t('preview.document', { name: draft.document.front?.originalFileName ?? t('preview.notUploaded') })}</Text>
      {(['setup-profile', 'account-info'] as const).map((step) => {
        const definition = session.forms[step].definition;
        const given = answers[step] ?? {};
        return (
          <Table
            key={step}
            aria-label={t(step === 'setup-profile' ? 'preview.profile' : 'account.legend')}
            variant="vertical"
            withTableBorder
          >
            <Table.Tbody>
              {allFields(definition)
                .filter((field) => !['heading', 'help-text'].includes(field.type) && isFieldVisible(definition, field.key, given))
                .map((field) => (
                  <Table.Tr key={field.key}>
                    <Table.Th w="45%">{localized(field.label, language)}</Table.Th>
                    <Table.Td style={{ overflowWrap: 'anywhere' }} dir="auto">
                      {shownAnswer(definition, field.key, given[field.key], translator)}
                    </Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        );
      })}
    </Stack>
  );
}

/**
 * The public dynamic register (/:dataSegmentId/:token?/dynamic-register/<step>/:source?): no sign-in
 * and no shell. Without a token the page shows the start screen (a captcha), asks the server to start
 * a journey (only where the segment opens its public address) and continues at the address of the
 * journey's own link. Steps 1, 2, 5
 * and 6 are the registration wizard's; 3 and 4 are the segment's published forms, pinned to the
 * versions the journey started on.
 */
export default function DynamicRegisterPage() {
  const { dataSegmentId = '', token = '', source } = useParams();
  const meta = useRouteMeta();
  const navigate = useNavigate();
  const step: StepName = isStepName(meta.sessionStep) ? meta.sessionStep : 'upload-document';
  const key = draftKey(dataSegmentId, token);
  const [session, setSession] = useState<TDynamicRegisterSession | null>(opened?.key === key ? opened.session : null);
  const [closed, setClosed] = useState<string | null>(null);
  const { t, language } = useT();

  // Every call of this page speaks for the journey's link (set while rendering, so the steps' own effects do too).
  if (token) setLinkSession({ token, dataSegmentId });
  useEffect(() => () => setLinkSession(null), []);

  /** Without a token: the captcha is solved on the start screen, then the server gives the journey its own link. */
  const start = useCallback(
    async (captcha: string) => {
      const { data } = await api(DYNAMIC_REGISTER_ENDPOINTS.start, { body: { dataSegmentId, captcha, ...(source ? { source } : {}) } });
      void navigate(dynamicRegisterPath(dataSegmentId, data.token, null, source), { replace: true });
    },
    [dataSegmentId, source, navigate],
  );

  useEffect(() => {
    if (!token || session) return;
    let isCurrent = true;
    api(DYNAMIC_REGISTER_ENDPOINTS.open, { body: { dataSegmentId, ...(source ? { source } : {}) } })
      .then(({ data }) => {
        if (!isCurrent) return;
        const saved = asDraft(data.draft);
        const base: DynamicDraft = readStoredDraft(key, TAB_STORES, Date.now()) ? loadDraft(key, TAB_STORES) : (saved ?? newDraft());
        const reached = data.reachedStep === 'finish' ? 'preview' : data.reachedStep;
        const draft: DynamicDraft = {
          ...base,
          answers: { ...data.answers, ...base.answers },
          reached,
          result: null,
          serverErrors: {},
        };
        saveDraft(draft, key, TAB_STORES);
        opened = { key, session: data };
        setSession(data);
      })
      .catch((caught: unknown) => {
        if (isCurrent)
          setClosed(caught instanceof ApiError && caught.status !== 401 ? caught.message : DYNAMIC_REGISTER_MESSAGES.linkInvalid);
      });
    return () => {
      isCurrent = false;
    };
  }, [token, session, dataSegmentId, source, key]);

  const whileLinkWorks = useCallback(async <T,>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) {
        opened = null;
        setClosed(DYNAMIC_REGISTER_MESSAGES.linkInvalid);
      }
      throw caught;
    }
  }, []);

  const mode = useMemo<WizardMode | null>(() => {
    if (!session) return null;
    const stateOf = (draft: SelfRegisterDraft): Record<string, unknown> => {
      const { serverErrors: _errors, result: _result, ...state } = draft;
      return state;
    };
    const saveStep = async (target: StepName, draft: SelfRegisterDraft) => {
      const dynamic = draft as DynamicDraft;
      if (target === 'setup-profile' || target === 'account-info')
        await whileLinkWorks(() =>
          api(DYNAMIC_REGISTER_ENDPOINTS.saveStep, {
            params: { step: target },
            body: { dataSegmentId, answers: dynamic.answers?.[target] ?? {}, language, draft: stateOf(draft) },
          }),
        );
      else if (target === 'upload-document' || target === 'record-video')
        await whileLinkWorks(() =>
          api(DYNAMIC_REGISTER_ENDPOINTS.saveStep, {
            params: { step: target },
            body: {
              dataSegmentId,
              documents: {
                documentInfo: {
                  ...(draft.document.front ? { identity: draft.document.front } : {}),
                  ...(draft.document.back ? { identityBack: draft.document.back } : {}),
                },
                cardType: draft.document.cardType,
              },
              language,
              draft: stateOf(draft),
            },
          }),
        );
    };
    return {
      title: t('public.title'),
      audience: 'customer',
      steps: DYNAMIC_REGISTER_STEPS,
      stepPath: (target) => dynamicRegisterPath(dataSegmentId, token, target, source),
      drafts: {
        load: () => loadDraft(key, TAB_STORES),
        save: (draft) => saveDraft(draft, key, TAB_STORES),
        clear: () => clearDraft(key, TAB_STORES),
        fresh: () => newDraft(),
      },
      saveStep,
      validateStep(target, draft): FieldErrors {
        if (target !== 'setup-profile' && target !== 'account-info') return {};
        const errors = formAnswerErrors(session.forms[target].definition, (draft as DynamicDraft).answers?.[target] ?? {}, language);
        return Object.fromEntries(Object.entries(errors).map(([field, message]) => [`${target}.${field}`, message]));
      },
      renderStep(target, state) {
        if (target === 'setup-profile' || target === 'account-info')
          return <FormStepBody step={target} definition={session.forms[target].definition} />;
        if (target === 'preview') return <DynamicPreview session={session} submitError={state.submitError} />;
        return null;
      },
      async submit() {
        const { message, data } = await whileLinkWorks(() => api(DYNAMIC_REGISTER_ENDPOINTS.complete, { body: { dataSegmentId } }));
        opened = null;
        return {
          message,
          customer: { _id: '', sanadId: data.sanadId, fullName: data.fullName, riskLevel: null, kycStatus: 'pending', hitCount: 0 },
        };
      },
      submitLabel: t('public.submitRegistration'),
      Finish: CustomerFinish,
      contactCheck: { dataSegmentId, channel: contactCodeChannel(session.settings) },
    };
  }, [session, dataSegmentId, token, source, key, whileLinkWorks, t, language]);

  if (closed) return <Closed message={closed} />;
  if (!token) return <PublicStart start={start} onClosed={setClosed} intro={t('public.introDynamic')} />;
  return (
    <Box component="main" id="main" mih="100vh" bg="var(--mantine-color-gray-0)" py={{ base: 'sm', sm: 'xl' }}>
      <Container size="lg" px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <PublicHeader />
          {mode && session ? (
            <RegistrationWizard key={step} step={step} mode={mode} settings={session.settings} />
          ) : (
            <Center py="xl">
              <Loader aria-label={t('public.opening')} />
            </Center>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
