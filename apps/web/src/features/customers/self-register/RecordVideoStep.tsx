import { useEffect, useReducer, useRef, type RefObject } from 'react';
import { Alert, Badge, Box, Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import { IconPlayerStopFilled, IconPlayerSkipForward, IconRefresh, IconVideo } from '@tabler/icons-react';
import {
  canStop,
  checkRecordedVideo,
  fetchChallenge,
  nextRecorderState,
  recordingType,
  referenceImage,
  videoVerdicts,
  withVideoResult,
  withVideoSkipped,
} from './video-check';
import { useT, type Translator } from '../../../lib/i18n/use-t';
import { useWizard } from './wizard-context';

function cameraProblem(caught: unknown, { t, tm }: Translator): string {
  if (caught instanceof DOMException && (caught.name === 'NotAllowedError' || caught.name === 'SecurityError'))
    return t('video.cameraBlocked');
  if (caught instanceof DOMException && (caught.name === 'NotFoundError' || caught.name === 'NotReadableError')) return t('video.noCamera');
  return tm(caught instanceof Error ? caught.message : 'There is something wrong');
}

/** Stops the camera (its light goes off) and empties the preview. */
function releaseCamera(stream: RefObject<MediaStream | null>, preview: RefObject<HTMLVideoElement | null>): void {
  stream.current?.getTracks().forEach((track) => track.stop());
  stream.current = null;
  if (preview.current) preview.current.srcObject = null;
}

/**
 * Step 2: the customer performs the challenge the server chose (a head turn) in a short video,
 * which is checked for liveness and, when the document front was uploaded, compared with its
 * portrait. Staff may skip the step (customers registered from papers): liveness and face then
 * stay pending on the record.
 */
export function RecordVideoStep() {
  const { draft, update, advance, audience } = useWizard();
  const translator = useT();
  const { t, tm } = translator;
  const isCustomer = audience === 'customer';
  const [state, dispatch] = useReducer(nextRecorderState, { phase: 'idle' });
  const preview = useRef<HTMLVideoElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const reference = referenceImage(draft);
  const { video } = draft;
  const isBusy = state.phase === 'starting' || state.phase === 'countdown' || state.phase === 'recording' || state.phase === 'checking';

  // The camera is let go when staff leave the step.
  useEffect(() => () => releaseCamera(stream, preview), []);

  // One tick a second while counting down or recording.
  const isTicking = state.phase === 'countdown' || state.phase === 'recording';
  useEffect(() => {
    if (!isTicking) return;
    const timer = window.setInterval(() => dispatch({ type: 'tick' }), 1000);
    return () => window.clearInterval(timer);
  }, [isTicking]);

  // Recording starts when the countdown ends and stops when the phase moves on to checking.
  useEffect(() => {
    if (state.phase === 'recording' && !recorder.current && stream.current) {
      const type = recordingType((candidate) => MediaRecorder.isTypeSupported(candidate));
      if (!type) {
        releaseCamera(stream, preview);
        dispatch({ type: 'fail', message: t('video.cannotRecord') });
        return;
      }
      const challengeId = state.challenge.challengeId;
      const started = new MediaRecorder(stream.current, { mimeType: type.mimeType });
      chunks.current = [];
      started.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.current.push(event.data);
      };
      started.onstop = () => {
        releaseCamera(stream, preview);
        recorder.current = null;
        const clip = new File(chunks.current, `liveness.${type.extension}`, { type: type.mimeType.split(';')[0] });
        checkRecordedVideo(clip, challengeId, reference)
          .then(({ file, result }) => {
            update((current) => withVideoResult(current, file, result));
            dispatch({ type: 'checked' });
          })
          .catch((caught: unknown) =>
            dispatch({ type: 'fail', message: tm(caught instanceof Error ? caught.message : 'There is something wrong') }),
          );
      };
      recorder.current = started;
      started.start(250);
    }
    if (state.phase === 'checking' && recorder.current?.state === 'recording') recorder.current.stop();
  }, [state, reference, update, t, tm]);

  async function start(): Promise<void> {
    dispatch({ type: 'start' });
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error(t('video.cannotOpen'));
      const opened = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: { ideal: 640 } }, audio: false });
      stream.current = opened;
      if (preview.current) {
        preview.current.srcObject = opened;
        await preview.current.play().catch(() => undefined);
      }
      dispatch({ type: 'challenge', challenge: await fetchChallenge() });
    } catch (caught) {
      releaseCamera(stream, preview);
      dispatch({ type: 'fail', message: cameraProblem(caught, translator) });
    }
  }

  function skip(): void {
    releaseCamera(stream, preview);
    dispatch({ type: 'reset' });
    update((current) => withVideoSkipped(current));
    void advance();
  }

  const verdicts = videoVerdicts(video);
  const showCamera = state.phase === 'starting' || state.phase === 'countdown' || state.phase === 'recording';

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {isCustomer
          ? t(reference ? 'video.introCustomerCompared' : 'video.introCustomer')
          : t(reference ? 'video.introStaffCompared' : 'video.introStaff')}
      </Text>
      {reference ? null : (
        <Text size="sm" c="dimmed">
          {t('video.noReference')}
        </Text>
      )}

      <Box
        pos="relative"
        maw={480}
        w="100%"
        mx="auto"
        style={{ display: showCamera ? 'block' : 'none', aspectRatio: '4 / 3', background: 'black', borderRadius: 8, overflow: 'hidden' }}
      >
        <video
          ref={preview}
          muted
          playsInline
          aria-label={t('video.preview')}
          style={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)' }}
        />
        {state.phase === 'countdown' ? (
          <Text
            pos="absolute"
            inset={0}
            c="white"
            fw={700}
            fz={64}
            ta="center"
            style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'rgba(0,0,0,0.35)' }}
            aria-live="polite"
          >
            {state.secondsLeft}
          </Text>
        ) : null}
        {state.phase === 'recording' ? (
          <Badge pos="absolute" top={8} left={8} color="red" variant="filled" aria-live="polite">
            {t('video.recording', { seconds: state.secondsLeft })}
          </Badge>
        ) : null}
      </Box>

      {state.phase === 'countdown' || state.phase === 'recording' ? (
        <Alert color="blue" title={t(isCustomer ? 'video.whatToDo' : 'video.instructionStaff')} role="status">
          <Text size="md" fw={600}>
            {tm(state.challenge.instructions)}
          </Text>
          <Text size="sm" mt={4}>
            {t(state.phase === 'countdown' ? 'video.startsSoon' : isCustomer ? 'video.stopCustomer' : 'video.stopStaff')}
          </Text>
        </Alert>
      ) : null}

      {state.phase === 'starting' ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('video.opening')}</Text>
        </Group>
      ) : null}
      {state.phase === 'checking' ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('video.checking')}</Text>
        </Group>
      ) : null}

      {state.phase === 'failed' ? (
        <Alert color="red" role="alert" title={t('video.failed')}>
          {state.message}
        </Alert>
      ) : null}

      {!isBusy && verdicts.length > 0 ? (
        <Stack gap="xs" aria-label={t('video.verdicts')}>
          {verdicts.map((verdict) => (
            <Alert key={verdict.title} color={verdict.color} title={tm(verdict.title)} role="status">
              {verdict.guidance.length > 0 ? (
                <List size="sm">
                  {verdict.guidance.map((line) => (
                    <List.Item key={line}>{tm(line)}</List.Item>
                  ))}
                </List>
              ) : null}
            </Alert>
          ))}
        </Stack>
      ) : null}
      {!isBusy && video.status === 'skipped' ? (
        <Alert color="yellow" title={t('video.skipped')}>
          {t('video.skippedText')}
        </Alert>
      ) : null}

      <Group gap="sm" grow preventGrowOverflow={false}>
        {state.phase === 'recording' ? (
          <Button
            color="red"
            leftSection={<IconPlayerStopFilled size={16} aria-hidden />}
            onClick={() => dispatch({ type: 'stop' })}
            disabled={!canStop(state)}
          >
            {t('video.stop')}
          </Button>
        ) : (
          <Button
            leftSection={
              video.status === 'checked' || state.phase === 'failed' ? (
                <IconRefresh size={16} aria-hidden />
              ) : (
                <IconVideo size={16} aria-hidden />
              )
            }
            onClick={() => void start()}
            disabled={isBusy}
            loading={state.phase === 'starting' || state.phase === 'checking'}
          >
            {t(video.status === 'checked' || state.phase === 'failed' ? 'video.retry' : 'video.start')}
          </Button>
        )}
        {/* Skipping is for staff registering a customer from papers; the customer records their own video. */}
        {isCustomer ? null : (
          <Button variant="default" leftSection={<IconPlayerSkipForward size={16} aria-hidden />} onClick={skip} disabled={isBusy}>
            {t('video.skip')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
