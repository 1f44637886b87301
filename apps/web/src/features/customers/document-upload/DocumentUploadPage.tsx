import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Center,
  Container,
  FileInput,
  Group,
  Image,
  Loader,
  Paper,
  Select,
  Stack,
  Stepper,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconFileTypePdf, IconLinkOff, IconUpload } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { DEFAULT_UPLOAD_LIMIT_MB } from '@sanad/contracts/constants';
import { DOCUMENT_LABELS, DOCUMENT_REQUEST_MESSAGES } from '@sanad/contracts/document-requests';
import { DOCUMENT_REQUEST_ENDPOINTS } from '@sanad/contracts/document-requests.endpoints';
import { checkFile } from '../../../components/FileUpload';
import { GuestPage } from '../../../components/GuestPage';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { useT, type Translator } from '../../../lib/i18n/use-t';
import { setLinkSession } from '../../../lib/link-session';
import { useRouteMeta } from '../../../lib/route-meta';
import { toastError } from '../../../lib/toast';
import { uploadFile } from '../../../lib/upload';
import { DOCUMENT_EXTENSIONS, DOCUMENT_FORMAT_MESSAGE } from '../self-register/read-document';
import { PublicHeader } from '../public-start/PublicHeader';
import {
  UPLOAD_STEPS,
  documentUploadPath,
  isUploadStep,
  missingUploads,
  newUploadState,
  submissionOf,
  uploadStates,
  type UploadSlot,
  type UploadState,
  type UploadStep,
  type UploadedFile,
} from './upload-state';

const today = () => new Date().toISOString().slice(0, 10);

function stepLabel(step: UploadStep, t: Translator['t']): string {
  return t(step === 'upload' ? 'docs.stepUpload' : step === 'preview' ? 'step.preview' : 'step.finish');
}

/** Step pages of a link on screen (one, or two for a moment while moving between steps). */
let mounted = 0;

/** The one page a link that cannot be used shows: nothing of the request behind it. */
function InvalidLink() {
  const { t, tm } = useT();
  return (
    <GuestPage title={t('public.linkUnusable')} footerRoom={0}>
      <Stack gap="sm" align="flex-start">
        <ThemeIcon color="gray" variant="light" size="xl" radius="xl">
          <IconLinkOff size={24} aria-hidden />
        </ThemeIcon>
        <Text>{tm(DOCUMENT_REQUEST_MESSAGES.linkInvalid)}</Text>
        <Text size="sm" c="dimmed">
          {t('public.askNewLink')}
        </Text>
      </Stack>
    </GuestPage>
  );
}

/**
 * One file to upload: JPEG, JPG, PNG or PDF only ('File format not supported' as a toast and under
 * the field, the choice cleared); images are sent 1000 px wide as JPEG, uploaded as soon as chosen.
 */
function FileSlot({
  label,
  description,
  file,
  error,
  dataSegmentId,
  onUploaded,
  testId,
}: {
  label: string;
  description?: string;
  file: UploadedFile | undefined;
  error: string | undefined;
  dataSegmentId: string;
  onUploaded: (file: UploadedFile) => void;
  testId: string;
}) {
  const [chosen, setChosen] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isUploading, setUploading] = useState(false);
  const { t, tm } = useT();

  async function choose(picked: File | null): Promise<void> {
    setProblem(null);
    if (!picked) return setChosen(null);
    const english = checkFile(picked, DOCUMENT_EXTENSIONS, DEFAULT_UPLOAD_LIMIT_MB, DOCUMENT_FORMAT_MESSAGE);
    const refused = english ? tm(english) : null;
    if (refused) {
      setChosen(null);
      setProblem(refused);
      toastError(refused);
      return;
    }
    setChosen(picked);
    setUploading(true);
    try {
      const stored = await uploadFile(picked, 'customers', dataSegmentId);
      onUploaded({
        fileName: stored.fileName,
        originalFileName: picked.name,
        contentType: stored.contentType,
        previewUrl: picked.type.startsWith('image/') ? URL.createObjectURL(picked) : null,
      });
    } catch (caught) {
      setChosen(null);
      const message = tm(caught instanceof Error ? caught.message : 'There is something wrong');
      setProblem(message);
      toastError(message);
    } finally {
      setUploading(false);
    }
  }

  return (
    <Stack gap={6}>
      <FileInput
        label={label}
        description={description}
        placeholder={t('upload.placeholder')}
        accept={DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',')}
        leftSection={isUploading ? <Loader size={14} /> : <IconUpload size={16} aria-hidden />}
        value={chosen}
        onChange={(picked) => void choose(picked)}
        disabled={isUploading}
        error={problem ?? (error ? tm(error) : error)}
        data-testid={testId}
        clearable
      />
      {file ? <FileThumb file={file} /> : null}
    </Stack>
  );
}

function FileThumb({ file, large = false }: { file: UploadedFile; large?: boolean }) {
  const { t } = useT();
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      {file.previewUrl ? (
        <Image
          src={file.previewUrl}
          alt={t('docs.previewOf', { name: file.originalFileName ?? file.fileName })}
          w={large ? 160 : 72}
          h="auto"
          radius="sm"
          fit="contain"
          style={{ border: '1px solid var(--mantine-color-gray-3)', flexShrink: 0 }}
        />
      ) : (
        <ThemeIcon variant="light" color="red" size={large ? 'xl' : 'lg'} radius="sm" aria-hidden>
          <IconFileTypePdf size={large ? 26 : 20} />
        </ThemeIcon>
      )}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {file.originalFileName ?? file.fileName}
      </Text>
    </Group>
  );
}

type Errors = ReturnType<typeof missingUploads>;

function UploadView({
  state,
  dataSegmentId,
  update,
  onNext,
}: {
  state: UploadState;
  dataSegmentId: string;
  update: (change: (state: UploadState) => UploadState) => void;
  onNext: () => void;
}) {
  const [errors, setErrors] = useState<Errors>({});
  const { t, tm } = useT();
  const { requested } = state.session;
  const uploaded = (slot: UploadSlot) => (file: UploadedFile) => {
    update((current) => ({ ...current, files: { ...current.files, [slot]: file } }));
    setErrors((current) => ({ ...current, [slot]: undefined }));
  };
  const slot = (name: UploadSlot, label: string, description?: string) => (
    <FileSlot
      label={label}
      {...(description ? { description } : {})}
      file={state.files[name]}
      error={errors[name]}
      dataSegmentId={dataSegmentId}
      onUploaded={uploaded(name)}
      testId={`upload-${name}`}
    />
  );

  function next() {
    const missing = missingUploads(state, today());
    setErrors(missing);
    if (Object.keys(missing).length === 0) onNext();
  }

  return (
    <Stack gap="md">
      {requested.addressProofTypes.length > 0 ? (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={tm(DOCUMENT_LABELS.addressProof)}>
          <Stack gap="sm">
            <Title order={2} size="h5">
              {tm(DOCUMENT_LABELS.addressProof)}
            </Title>
            <Select
              label={t('docs.documentType')}
              placeholder={t('upload.chooseType')}
              data={requested.addressProofTypes}
              value={state.addressProofType}
              onChange={(value) => {
                update((current) => ({ ...current, addressProofType: value }));
                setErrors((current) => ({ ...current, addressProofType: undefined }));
              }}
              error={errors.addressProofType ? tm(errors.addressProofType) : undefined}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            {slot('addressProof', t('docs.addressProofFile'))}
          </Stack>
        </Paper>
      ) : null}
      {requested.isFundsEvidence ? (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={tm(DOCUMENT_LABELS.fundsEvidence)}>
          <Stack gap="sm">
            <Title order={2} size="h5">
              {tm(DOCUMENT_LABELS.fundsEvidence)}
            </Title>
            {slot('fundsEvidence', t('docs.evidenceFile'), t('docs.evidenceExamples'))}
          </Stack>
        </Paper>
      ) : null}
      {requested.isIdentityDocument ? (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={tm(DOCUMENT_LABELS.identity)}>
          <Stack gap="sm">
            <Title order={2} size="h5">
              {tm(DOCUMENT_LABELS.identity)}
            </Title>
            {slot('identityFront', t('upload.front'))}
            {slot('identityBack', t('docs.backOptional'))}
            <TextInput
              type="date"
              dir="ltr"
              label={t('docs.expiry')}
              value={state.expiryDate}
              min={today()}
              onChange={(event) => {
                const value = event.currentTarget.value;
                update((current) => ({ ...current, expiryDate: value }));
                setErrors((current) => ({ ...current, expiryDate: undefined }));
              }}
              error={errors.expiryDate ? tm(errors.expiryDate) : undefined}
              data-testid="identity-expiry"
            />
          </Stack>
        </Paper>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={next} fullWidth={false}>
          {t('docs.nextPreview')}
        </Button>
      </Group>
    </Stack>
  );
}

/** One document on the preview: its title, a detail (the kind, the expiry) and the file. */
function previewItem(title: string, detail: string | null, file: UploadedFile | undefined) {
  return file ? (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={title}>
      <Stack gap="xs">
        <Text fw={600}>{title}</Text>
        {detail ? (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        ) : null}
        <FileThumb file={file} large />
      </Stack>
    </Paper>
  ) : null;
}

function PreviewView({ state, onBack, onSubmit }: { state: UploadState; onBack: () => void; onSubmit: () => Promise<void> }) {
  const [isSending, setSending] = useState(false);
  const [problem, setProblem] = useState<string[] | null>(null);
  const { t, tm, isolate } = useT();
  const { requested } = state.session;
  const { addressProof, fundsEvidence, identityFront, identityBack } = state.files;

  async function send() {
    setSending(true);
    setProblem(null);
    try {
      await onSubmit();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) return;
      const messages = caught instanceof ApiError && caught.errors ? Object.values(caught.errors).flat() : [];
      setProblem((messages.length > 0 ? messages : [caught instanceof Error ? caught.message : 'There is something wrong']).map(tm));
    } finally {
      setSending(false);
    }
  }

  return (
    <Stack gap="md">
      <Text size="sm">{t('docs.checkThem')}</Text>
      {requested.addressProofTypes.length > 0 ? previewItem(tm(DOCUMENT_LABELS.addressProof), state.addressProofType, addressProof) : null}
      {requested.isFundsEvidence ? previewItem(tm(DOCUMENT_LABELS.fundsEvidence), null, fundsEvidence) : null}
      {requested.isIdentityDocument ? (
        <>
          {previewItem(
            t('docs.frontSide', { label: tm(DOCUMENT_LABELS.identity) }),
            t('docs.expiresOn', { date: isolate(state.expiryDate) }),
            identityFront,
          )}
          {previewItem(t('docs.backSide', { label: tm(DOCUMENT_LABELS.identity) }), null, identityBack)}
        </>
      ) : null}
      {problem ? (
        <Alert color="red" role="alert" title={t('docs.sendFailed')}>
          <Stack gap={4}>
            {problem.map((message) => (
              <Text key={message} size="sm">
                {message}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={onBack} disabled={isSending}>
          {t('wizard.back')}
        </Button>
        <Button onClick={() => void send()} loading={isSending}>
          {t('docs.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

function FinishView({ state }: { state: UploadState }) {
  const result = state.result;
  const { t, tm } = useT();
  return (
    <Stack gap="md">
      <ThemeIcon color="green" variant="light" size="xl" radius="xl">
        <IconCircleCheck size={26} aria-hidden />
      </ThemeIcon>
      <Title order={2} size="h4">
        {result?.firstName ? t('docs.thanksNamed', { name: result.firstName }) : t('docs.thanks')}
      </Title>
      <Stack gap={4} component="ul" m={0} pl="md">
        {(result?.received ?? []).map((label) => (
          <Text key={label} component="li" size="sm">
            {tm(label)}
          </Text>
        ))}
      </Stack>
      <Text size="sm" c="dimmed">
        {t('docs.contactLater')}
      </Text>
    </Stack>
  );
}

/**
 * The public document-upload link (/:dataSegmentId/:token/document-upload, then /preview and
 * /finish as step 3): no sign-in and no shell, laid out for a phone. The customer uploads what
 * staff (or the document-expiry reminder) asked for, checks it on the preview and sends it; the
 * link is then used up. A link that cannot be used shows one clear page and nothing of the request.
 */
export default function DocumentUploadPage() {
  const { dataSegmentId = '', token = '' } = useParams();
  const meta = useRouteMeta();
  const navigate = useNavigate();
  const step: UploadStep = isUploadStep(meta.sessionStep) ? meta.sessionStep : 'upload';
  const key = `${dataSegmentId}/${token}`;
  const [state, setState] = useState<UploadState | null>(() => uploadStates.get(key) ?? null);
  const [isInvalid, setInvalid] = useState(false);
  const { t, isolate } = useT();

  // Every call of this page speaks for the link; a staff session in the same browser is left alone.
  // Set while rendering; let go only once no step page of the link is shown (the next step's page
  // mounts as this one unmounts).
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
    if (state) return;
    let isCurrent = true;
    api(DOCUMENT_REQUEST_ENDPOINTS.open, { body: { dataSegmentId } })
      .then(({ data }) => {
        if (!isCurrent) return;
        const opened = newUploadState(data, crypto.randomUUID());
        uploadStates.set(key, opened);
        setState(opened);
        if (step !== 'upload') void navigate(documentUploadPath(dataSegmentId, token, 'upload'), { replace: true });
      })
      .catch(() => {
        if (isCurrent) setInvalid(true);
      });
    return () => {
      isCurrent = false;
    };
  }, [state, key, dataSegmentId, token, step, navigate]);

  // A later step opened before the earlier one is done goes back to where the customer is.
  useEffect(() => {
    if (!state) return;
    if (step === 'finish' && !state.result) void navigate(documentUploadPath(dataSegmentId, token, 'preview'), { replace: true });
    else if (step === 'preview' && Object.keys(missingUploads(state, today())).length > 0)
      void navigate(documentUploadPath(dataSegmentId, token, 'upload'), { replace: true });
    else if (step !== 'finish' && state.result) void navigate(documentUploadPath(dataSegmentId, token, 'finish'), { replace: true });
  }, [state, step, dataSegmentId, token, navigate]);

  const update = useCallback(
    (change: (current: UploadState) => UploadState) =>
      setState((current) => {
        if (!current) return current;
        const next = change(current);
        uploadStates.set(key, next);
        return next;
      }),
    [key],
  );

  async function submit(): Promise<void> {
    if (!state) return;
    try {
      const { data } = await api(DOCUMENT_REQUEST_ENDPOINTS.complete, { body: submissionOf(state, dataSegmentId) });
      update((latest) => ({ ...latest, result: data }));
      void navigate(documentUploadPath(dataSegmentId, token, 'finish'));
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) setInvalid(true);
      throw caught;
    }
  }

  if (isInvalid) return <InvalidLink />;
  const active = UPLOAD_STEPS.findIndex((candidate) => candidate.name === step);
  return (
    <Box component="main" id="main" mih="100vh" bg="var(--mantine-color-gray-0)" py={{ base: 'sm', sm: 'xl' }}>
      <Container size="sm" px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <PublicHeader />
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="sm">
            {!state ? (
              <Center py="xl">
                <Loader aria-label={t('docs.opening')} />
              </Center>
            ) : (
              <Stack gap="lg">
                <div>
                  <Title order={1} size="h3">
                    {t('docs.title')}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {state.session.firstName ? t('docs.helloNamed', { name: state.session.firstName }) : t('docs.hello')}
                  </Text>
                </div>
                <Stepper active={active} size="xs" allowNextStepsSelect={false} aria-label={t('docs.steps')}>
                  {UPLOAD_STEPS.map((candidate, index) => (
                    <Stepper.Step
                      key={candidate.name}
                      label={stepLabel(candidate.name, t)}
                      description={t('docs.stepNumber', { number: index + 1 })}
                      aria-current={candidate.name === step ? 'step' : undefined}
                    />
                  ))}
                </Stepper>
                {state.session.note && step === 'upload' ? (
                  <Alert variant="light" color="blue" title={t('docs.note')}>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {state.session.note}
                    </Text>
                  </Alert>
                ) : null}
                {step === 'upload' ? (
                  <UploadView
                    state={state}
                    dataSegmentId={dataSegmentId}
                    update={update}
                    onNext={() => void navigate(documentUploadPath(dataSegmentId, token, 'preview'))}
                  />
                ) : step === 'preview' ? (
                  <PreviewView
                    state={state}
                    onBack={() => void navigate(documentUploadPath(dataSegmentId, token, 'upload'))}
                    onSubmit={submit}
                  />
                ) : (
                  <FinishView state={state} />
                )}
                {step === 'finish' ? null : (
                  <Text size="xs" c="dimmed">
                    {t('docs.linkUntil', { date: isolate(state.session.expiresAt.slice(0, 10)) })}
                  </Text>
                )}
              </Stack>
            )}
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
