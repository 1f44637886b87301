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
import { useWizard } from './wizard-context';

function cameraProblem(caught: unknown): string {
  if (caught instanceof DOMException && (caught.name === 'NotAllowedError' || caught.name === 'SecurityError'))
    return 'The camera is blocked. Allow camera access for this site in the browser settings, then try again.';
  if (caught instanceof DOMException && (caught.name === 'NotFoundError' || caught.name === 'NotReadableError'))
    return 'No camera could be opened. Connect a camera (or close the app using it), then try again.';
  return caught instanceof Error ? caught.message : 'There is something wrong';
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
        dispatch({ type: 'fail', message: 'This browser cannot record video. Use a current Chrome, Edge, Firefox or Safari.' });
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
            dispatch({ type: 'fail', message: caught instanceof Error ? caught.message : 'There is something wrong' }),
          );
      };
      recorder.current = started;
      started.start(250);
    }
    if (state.phase === 'checking' && recorder.current?.state === 'recording') recorder.current.stop();
  }, [state, reference, update]);

  async function start(): Promise<void> {
    dispatch({ type: 'start' });
    try {
      if (!navigator.mediaDevices?.getUserMedia)
        throw new Error('This browser cannot open the camera here. Use a current browser over HTTPS.');
      const opened = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: { ideal: 640 } }, audio: false });
      stream.current = opened;
      if (preview.current) {
        preview.current.srcObject = opened;
        await preview.current.play().catch(() => undefined);
      }
      dispatch({ type: 'challenge', challenge: await fetchChallenge() });
    } catch (caught) {
      releaseCamera(stream, preview);
      dispatch({ type: 'fail', message: cameraProblem(caught) });
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
        {isCustomer ? 'Record a short video of yourself' : 'Record a short video of the customer'} performing the instruction shown. It
        proves a live person is present{reference ? ' and is compared with the portrait on the uploaded document' : ''}.
        {isCustomer ? '' : ' If the customer is registered from papers, skip this step: liveness and face stay pending.'}
      </Text>
      {reference ? null : (
        <Text size="sm" c="dimmed">
          No document image was uploaded in step 1, so only liveness is checked.
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
          aria-label="Camera preview"
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
            Recording · {state.secondsLeft}s
          </Badge>
        ) : null}
      </Box>

      {state.phase === 'countdown' || state.phase === 'recording' ? (
        <Alert color="blue" title={isCustomer ? 'What to do' : 'Instruction for the customer'} role="status">
          <Text size="md" fw={600}>
            {state.challenge.instructions}
          </Text>
          <Text size="sm" mt={4}>
            {state.phase === 'countdown'
              ? 'Recording starts in a moment.'
              : isCustomer
                ? 'Press Stop when you have done it.'
                : 'Press Stop when the customer has done it.'}
          </Text>
        </Alert>
      ) : null}

      {state.phase === 'starting' ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Opening the camera…</Text>
        </Group>
      ) : null}
      {state.phase === 'checking' ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">Uploading and checking the video…</Text>
        </Group>
      ) : null}

      {state.phase === 'failed' ? (
        <Alert color="red" role="alert" title="The video could not be checked">
          {state.message}
        </Alert>
      ) : null}

      {!isBusy && verdicts.length > 0 ? (
        <Stack gap="xs" aria-label="Video verdicts">
          {verdicts.map((verdict) => (
            <Alert key={verdict.title} color={verdict.color} title={verdict.title} role="status">
              {verdict.guidance.length > 0 ? (
                <List size="sm">
                  {verdict.guidance.map((line) => (
                    <List.Item key={line}>{line}</List.Item>
                  ))}
                </List>
              ) : null}
            </Alert>
          ))}
        </Stack>
      ) : null}
      {!isBusy && video.status === 'skipped' ? (
        <Alert color="yellow" title="Video skipped">
          Liveness and face stay pending on the record. You can still record a video now.
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
            Stop
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
            {video.status === 'checked' || state.phase === 'failed' ? 'Retry' : 'Start recording'}
          </Button>
        )}
        {/* Skipping is for staff registering a customer from papers; the customer records their own video. */}
        {isCustomer ? null : (
          <Button variant="default" leftSection={<IconPlayerSkipForward size={16} aria-hidden />} onClick={skip} disabled={isBusy}>
            Skip video
          </Button>
        )}
      </Group>
    </Stack>
  );
}
