import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconFileAlert } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { BULK_MESSAGES, type TBulkProgress } from '@sanad/contracts/bulk-onboarding';
import { UPLOAD_POLICIES } from '@sanad/contracts/files';
import { FileUpload } from '../../../components/FileUpload';
import { ErrorAlert } from '../../../components/form/ErrorAlert';
import { toastError, toastSuccess } from '../../../lib/toast';
import {
  downloadErrorFile,
  isProgressDone,
  readProgress,
  uploadAndTransform,
  useFollowedUpload,
  useRunningUpload,
} from '../api/bulk-uploads';

const EXTENSIONS = ['csv', 'xlsx'];
/** The upload control resets 2 seconds after completion. */
const RESET_AFTER_MS = 2_000;

const completedAt = (progress: TBulkProgress) =>
  BULK_MESSAGES.completedAt(new Date(progress.data?.finishedAt ?? Date.now()).toLocaleTimeString());

/**
 * Upload a customers file: it is sent, then transformed; the progress is polled every 5 seconds
 * until it reaches 100 or the status is false; then the completion message and the refused rows.
 */
export function UploadCard() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [isStarting, setStarting] = useState(false);
  const [hasStarted, setStarted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRunningUpload();
  // An upload already in process when the page opens (started earlier or elsewhere) is followed too.
  const isFollowing = hasStarted || (running.data?.status === true && running.data.percentage < 100);
  const followed = useFollowedUpload(isFollowing);
  const progress = isFollowing ? followed.data : undefined;
  const isRunning = isStarting || (isFollowing && !isProgressDone(progress));

  useEffect(() => {
    if (!progress || !isProgressDone(progress)) return undefined;
    void queryClient.invalidateQueries({ queryKey: ['list'] });
    if (!progress.status) return undefined;
    toastSuccess(completedAt(progress));
    const timer = window.setTimeout(() => setFile(null), RESET_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [progress, queryClient]);

  async function start(): Promise<void> {
    if (!file) return;
    setStarting(true);
    setError(null);
    try {
      // A file can be uploaded only if none is in process.
      const current = await readProgress(true);
      if (current.status && current.percentage < 100) throw new Error(BULK_MESSAGES.inProcess);
      await uploadAndTransform(file);
      await queryClient.resetQueries({ queryKey: ['bulk-upload', 'progress'] });
      setStarted(true);
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : 'There is something wrong';
      setError(message);
      toastError(message);
    } finally {
      setStarting(false);
    }
  }

  const upload = progress?.data ?? null;
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          Upload a customers file
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <FileUpload
            label="Customers file (CSV or XLSX)"
            placeholder="Choose a file"
            extensions={EXTENSIONS}
            maxMegabytes={UPLOAD_POLICIES.bulk.maxMegabytes}
            value={file}
            onChange={setFile}
            disabled={isRunning}
            w={{ base: '100%', sm: 360 }}
          />
          <Button onClick={() => void start()} disabled={!file || isRunning} loading={isStarting}>
            Upload
          </Button>
        </Group>
        <ErrorAlert message={error} />
        {upload ? (
          <Stack gap={6} aria-live="polite">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" truncate>
                {upload.originalName}
              </Text>
              <Text size="sm" fw={600}>
                {progress?.percentage ?? 0}%
              </Text>
            </Group>
            <Progress
              value={progress?.percentage ?? 0}
              color={upload.status === 'failed' ? 'red' : 'brand'}
              aria-label="Bulk upload progress"
              animated={isRunning}
            />
            <Text size="sm" c="dimmed">
              {upload.processedRows} of {upload.totalRows} rows · {upload.acceptedRows} customers created · {upload.refusedRows} rows
              refused
            </Text>
            {upload.status === 'failed' ? (
              <Alert color="red" role="alert">
                {upload.failureReason}
                {upload.acceptedRows === 0 ? '. No customer was created from this file.' : '.'}
              </Alert>
            ) : null}
            {progress && upload.status === 'completed' ? (
              <Alert color="green" role="status" title={completedAt(progress)}>
                {upload.acceptedRows} customers created; {upload.refusedRows} rows refused.
              </Alert>
            ) : null}
            {upload.status === 'completed' && upload.errorFileName ? (
              <Group>
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconFileAlert size={16} />}
                  onClick={() => void downloadErrorFile(upload.errorFileName ?? '').catch((caught: unknown) => toastError(String(caught)))}
                >
                  Download refused rows ({upload.refusedRows})
                </Button>
              </Group>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
